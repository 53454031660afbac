package dev.caldera.kernel.plugin.deviceshare;

import java.util.Arrays;

/**
 * Each node's fragment as it is (before a placement), kept under a 64-bit digest of the node's state (its
 * devices' free units and holders, capacity, model, cpu and memory idle, and the cpu left it is measured with):
 * the fragment depends only on those and on the {@link MixTable} it is measured against, while the policies ask
 * for it once per (task class, node), so a node is measured once per state instead of once per class, and
 * across sessions while the table's {@link MixTable#version} holds (a recorded trace's cycle changes a few
 * nodes). A digest collision would reuse a wrong fragment; at 2^-64 per pair it is not guarded against (as in
 * {@link ScoreMemo}).
 * <p>
 * Threading: filter workers read and write distinct nodes' slots; {@link #open} on the scheduling thread.
 * Allocation: at {@link #open} when the node rows grew. Cost: O(devices) per look-up (the digest).
 */
final class NodeFragments {
    private long[] keys = new long[0];
    private double[] fragments = new double[0];
    private long table = Long.MIN_VALUE;

    /** At session open: forgets every node when the table measured against is another version. */
    void open(int nodeRows, long tableVersion) {
        if (keys.length < nodeRows) {
            keys = new long[nodeRows];
            fragments = new double[nodeRows];
        } else if (tableVersion != table) {
            Arrays.fill(keys, 0);
        }
        table = tableVersion;
    }

    /** The key of the node's state with {@code cpuLeft} (never 0, the empty slot). */
    static long key(GpuState s, int node, long cpuLeft) {
        return TieBreak.mix(s.stateHash(node) * 31 + cpuLeft) | 1;
    }

    boolean has(int node, long key) {
        return node < keys.length && keys[node] == key;
    }

    double get(int node) {
        return fragments[node];
    }

    void put(int node, long key, double fragment) {
        if (node < keys.length) {
            fragments[node] = fragment;
            keys[node] = key;
        }
    }
}
