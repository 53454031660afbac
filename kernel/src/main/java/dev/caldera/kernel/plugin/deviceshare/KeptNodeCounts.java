package dev.caldera.kernel.plugin.deviceshare;

import java.util.Arrays;

/**
 * A node's device counts as it is (no placement), kept under a 64-bit digest of the node's devices
 * ({@link GpuState#devicesHash}) while the {@link MixTable} counted against keeps its {@link MixTable#version}: the
 * counts depend only on the node's devices and the table's distinct shares, while a policy asks for them once per
 * (task class, node), so a node is counted once per state of its devices instead of once per class. A digest collision would reuse
 * wrong counts; at 2^-64 per pair it is not guarded against (as in {@link NodeFragments}). Subclasses hold the
 * count columns ({@link NodeCounts} for fgdfill, {@link NodeFgdCounts} for FGD).
 * <p>
 * Threading: filter workers read and write distinct nodes' slots; {@link #open} on the scheduling thread.
 * Allocation: at {@link #open} when the node rows or the distinct shares grew.
 */
abstract class KeptNodeCounts<C> {
    private long[] keys = new long[0];
    private int groups;
    private long table = Long.MIN_VALUE;

    /** At session open: forgets every node when the table counted against is another version. */
    final void open(int nodeRows, long tableVersion, int tableGroups) {
        if (keys.length < nodeRows || tableGroups != groups) {
            keys = new long[Math.max(nodeRows, keys.length)];
            groups = tableGroups;
            resize(keys.length, groups);
        } else if (tableVersion != table) {
            Arrays.fill(keys, 0);
        }
        table = tableVersion;
    }

    /**
     * The node's counts as it is, in the calling thread's scratch counts (a copy the caller may change): the kept
     * ones when {@code key} (never 0) is the one they were kept under, else counted and kept.
     */
    final C get(GpuNodes g, MixTable mix, int node, long key) {
        if (mix.groups != groups || node >= keys.length) {
            return count(g, mix, node);
        }
        if (keys[node] == key) {
            return load(node, groups);
        }
        C c = count(g, mix, node);
        store(node, groups, c);
        keys[node] = key;
        return c;
    }

    /** New count columns for {@code rows} nodes of {@code groups} distinct shares each. */
    abstract void resize(int rows, int groups);

    /** Counts the node's devices afresh (no placement). */
    abstract C count(GpuNodes g, MixTable mix, int node);

    /** The kept counts of {@code node}, copied into the calling thread's scratch. */
    abstract C load(int node, int groups);

    /** Keeps {@code c} as {@code node}'s counts. */
    abstract void store(int node, int groups, C c);
}
