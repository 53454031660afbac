package dev.caldera.kernel.plugin.deviceshare;

import java.util.Arrays;

/**
 * Each node's FGD {@link Fragmentation.Counts} as it is (no placement), kept as {@link NodeCounts} keeps the fill
 * counts: under a digest of the node's state, while the typical table's {@link MixTable#version} holds, so FGD's
 * score of a new request shape does not count every fitting node's devices again.
 * <p>
 * Threading: filter workers read and write distinct nodes' slots; {@link #open} on the scheduling thread.
 * Allocation: at {@link #open} when the node rows or the distinct shares grew.
 */
final class NodeFgdCounts {
    private long[] keys = new long[0];
    private int[] fittingWhole = new int[0];
    private long[] tooSmallWhole = new long[0];
    private int[] fitting = new int[0];
    private long[] tooSmall = new long[0];
    private int groups;
    private long table = Long.MIN_VALUE;

    /** At session open: forgets every node when the table counted against is another version. */
    void open(int nodeRows, long tableVersion, int tableGroups) {
        if (keys.length < nodeRows || tableGroups != groups) {
            keys = new long[Math.max(nodeRows, keys.length)];
            fittingWhole = new int[keys.length];
            tooSmallWhole = new long[keys.length];
            fitting = new int[keys.length * tableGroups];
            tooSmall = new long[keys.length * tableGroups];
            groups = tableGroups;
        } else if (tableVersion != table) {
            Arrays.fill(keys, 0);
        }
        table = tableVersion;
    }

    /**
     * The node's counts as it is, in the calling thread's {@link Fragmentation.Counts} (a copy the caller may
     * change): the kept ones when {@code key} (never 0) is the one they were kept under, else counted and kept.
     */
    Fragmentation.Counts get(GpuNodes g, MixTable mix, int node, long key) {
        if (mix.groups != groups || node >= keys.length) {
            return Fragmentation.counts(g, mix, node, 0, 0);
        }
        if (keys[node] == key) {
            Fragmentation.Counts c = Fragmentation.scratch(groups);
            System.arraycopy(fitting, node * groups, c.fitting, 0, groups);
            System.arraycopy(tooSmall, node * groups, c.tooSmall, 0, groups);
            c.fittingWhole = fittingWhole[node];
            c.tooSmallWhole = tooSmallWhole[node];
            return c;
        }
        Fragmentation.Counts c = Fragmentation.counts(g, mix, node, 0, 0);
        System.arraycopy(c.fitting, 0, fitting, node * groups, groups);
        System.arraycopy(c.tooSmall, 0, tooSmall, node * groups, groups);
        fittingWhole[node] = c.fittingWhole;
        tooSmallWhole[node] = c.tooSmallWhole;
        keys[node] = key;
        return c;
    }
}
