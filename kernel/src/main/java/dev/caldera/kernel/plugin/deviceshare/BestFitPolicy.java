package dev.caldera.kernel.plugin.deviceshare;

/**
 * Best fit, as the FGD paper's baseline ({@code BestFitScore} in its simulator): the node whose free cpu and
 * GPU, after the placement, are smallest, each normalized by the largest node of the paper's cluster (128
 * cpus, 8 GPUs) and weighted one half: {@code score = floor(100 x (1 - sum_i 0.5 (free_i - request_i) / max_i))}.
 * A share goes to the tightest device that fits.
 */
final class BestFitPolicy implements GpuPolicy {
    static final double MAX_CPU_MILLI = 128_000;
    static final int MAX_DEVICES = 8;

    @Override
    public double score(GpuState s, int cls, int node) {
        double left = 0;
        left += (double) (s.cpuLeft(node) - s.classes.cpu[cls]) / MAX_CPU_MILLI * 0.5;
        long cap = s.nodes.capacity[node];
        if (cap > 0) {
            left += (double) (s.nodes.totalFree[node] - s.gpuUnits(cls, node)) / ((double) MAX_DEVICES * cap) * 0.5;
        }
        return Math.floor((1.0 - left) * 100);
    }

    @Override
    public long choose(GpuState s, int cls, int node) {
        return DeviceChoice.tightest(s, cls, node);
    }
}
