package dev.caldera.kernel.plugin.deviceshare;

/**
 * Each node's {@link FillFragmentation.Counts} as it is, kept per node state ({@link KeptNodeCounts}): the fill
 * measure asks for them once per (task class, node) and a new request shape asks for every node that fits, so a
 * node's O(devices x distinct shares) divisions are made once per state.
 */
final class NodeCounts extends KeptNodeCounts<FillFragmentation.Counts> {
    private int[] idle = new int[0];
    private long[] copies = new long[0];

    @Override
    void resize(int rows, int groups) {
        idle = new int[rows];
        copies = new long[rows * groups];
    }

    @Override
    FillFragmentation.Counts count(GpuNodes g, MixTable mix, int node) {
        return FillFragmentation.counts(g, mix, node, 0, 0);
    }

    @Override
    FillFragmentation.Counts load(int node, int groups) {
        FillFragmentation.Counts c = FillFragmentation.scratch(groups);
        System.arraycopy(copies, node * groups, c.copies, 0, groups);
        c.idle = idle[node];
        return c;
    }

    @Override
    void store(int node, int groups, FillFragmentation.Counts c) {
        System.arraycopy(c.copies, 0, copies, node * groups, groups);
        idle[node] = c.idle;
    }
}
