package dev.caldera.kernel.plugin.deviceshare;

import java.util.Arrays;

/**
 * Each node's {@link FillFragmentation.Counts} as it is (no placement), kept under a 64-bit digest of the node's
 * state ({@link GpuState#stateHash}): the counts depend only on the node's devices and on the {@link MixTable}'s
 * distinct shares, while the fill measure asks for them once per (task class, node) and a new request shape asks
 * for every node that fits, so a node is counted once per state instead of once per class (O(devices x distinct
 * shares) divisions each time), across sessions while the table's {@link MixTable#version} holds. A digest
 * collision would reuse wrong counts; at 2^-64 per pair it is not guarded against (as in {@link NodeFragments}).
 * <p>
 * Threading: filter workers read and write distinct nodes' slots; {@link #open} on the scheduling thread.
 * Allocation: at {@link #open} when the node rows or the distinct shares grew.
 */
final class NodeCounts {
    private long[] keys = new long[0];
    private int[] idle = new int[0];
    private long[] copies = new long[0];
    private int groups;
    private long table = Long.MIN_VALUE;

    /** At session open: forgets every node when the table counted against is another version. */
    void open(int nodeRows, long tableVersion, int tableGroups) {
        if (keys.length < nodeRows || tableGroups != groups) {
            keys = new long[Math.max(nodeRows, keys.length)];
            idle = new int[keys.length];
            copies = new long[keys.length * tableGroups];
            groups = tableGroups;
        } else if (tableVersion != table) {
            Arrays.fill(keys, 0);
        }
        table = tableVersion;
    }

    /**
     * The node's counts as it is, in the calling thread's {@link FillFragmentation.Counts} (a copy the caller may
     * change): the kept ones when {@code key} (never 0) is the one they were kept under, else counted and kept.
     */
    FillFragmentation.Counts get(GpuNodes g, MixTable mix, int node, long key) {
        if (mix.groups != groups || node >= keys.length) {
            return FillFragmentation.counts(g, mix, node, 0, 0);
        }
        if (keys[node] == key) {
            FillFragmentation.Counts c = FillFragmentation.scratch(groups);
            System.arraycopy(copies, node * groups, c.copies, 0, groups);
            c.idle = idle[node];
            return c;
        }
        FillFragmentation.Counts c = FillFragmentation.counts(g, mix, node, 0, 0);
        System.arraycopy(c.copies, 0, copies, node * groups, groups);
        idle[node] = c.idle;
        keys[node] = key;
        return c;
    }
}
