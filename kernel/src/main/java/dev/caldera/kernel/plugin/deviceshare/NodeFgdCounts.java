package dev.caldera.kernel.plugin.deviceshare;

/**
 * Each node's FGD {@link Fragmentation.Counts} as it is, kept per node state ({@link KeptNodeCounts}), so FGD's
 * score of a new request shape does not count every fitting node's devices again.
 */
final class NodeFgdCounts extends KeptNodeCounts<Fragmentation.Counts> {
    private int[] fittingWhole = new int[0];
    private long[] tooSmallWhole = new long[0];
    private int[] fitting = new int[0];
    private long[] tooSmall = new long[0];

    @Override
    void resize(int rows, int groups) {
        fittingWhole = new int[rows];
        tooSmallWhole = new long[rows];
        fitting = new int[rows * groups];
        tooSmall = new long[rows * groups];
    }

    @Override
    Fragmentation.Counts count(GpuNodes g, MixTable mix, int node) {
        return Fragmentation.counts(g, mix, node, 0, 0);
    }

    @Override
    Fragmentation.Counts load(int node, int groups) {
        Fragmentation.Counts c = Fragmentation.scratch(groups);
        System.arraycopy(fitting, node * groups, c.fitting, 0, groups);
        System.arraycopy(tooSmall, node * groups, c.tooSmall, 0, groups);
        c.fittingWhole = fittingWhole[node];
        c.tooSmallWhole = tooSmallWhole[node];
        return c;
    }

    @Override
    void store(int node, int groups, Fragmentation.Counts c) {
        System.arraycopy(c.fitting, 0, fitting, node * groups, groups);
        System.arraycopy(c.tooSmall, 0, tooSmall, node * groups, groups);
        fittingWhole[node] = c.fittingWhole;
        tooSmallWhole[node] = c.tooSmallWhole;
    }
}
