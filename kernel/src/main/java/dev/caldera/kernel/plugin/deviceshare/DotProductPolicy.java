package dev.caldera.kernel.plugin.deviceshare;

/**
 * Dot product, as the FGD paper's baseline ({@code DotProductScore} with merged GPU dimensions and
 * normalization by the largest node): the node's free (cpu, GPU) and the pod's request (cpu, GPU), each
 * divided by 128 cpus and 8 GPUs; {@code score = floor(100 x (1 - (free . request) / 2))}, so the node whose
 * free resources align least with the request wins (Tetris-style packing). A share goes to the tightest
 * device that fits.
 */
final class DotProductPolicy implements GpuPolicy {
    @Override
    public double score(GpuState s, int cls, int node) {
        long cap = s.nodes.capacity[node];
        double cpu = s.cpuLeft(node) / BestFitPolicy.MAX_CPU_MILLI * (s.classes.cpu[cls] / BestFitPolicy.MAX_CPU_MILLI);
        double maxGpu = (double) BestFitPolicy.MAX_DEVICES * cap;
        double gpu = cap == 0 ? 0 : s.nodes.totalFree[node] / maxGpu * (s.gpuUnits(cls, node) / maxGpu);
        return Math.floor(100 * (1 - (cpu + gpu) / 2));
    }

    @Override
    public long choose(GpuState s, int cls, int node) {
        return DeviceChoice.tightest(s, cls, node);
    }
}
