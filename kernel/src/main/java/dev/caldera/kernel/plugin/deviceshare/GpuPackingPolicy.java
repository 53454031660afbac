package dev.caldera.kernel.plugin.deviceshare;

/**
 * GPU packing, as the FGD paper's baseline ({@code GpuPackingScore}): prefer, in this order,
 * <ol>
 *   <li>devices already shared: {@code 100 - (free percent of the devices used) / 10}, at least 50;</li>
 *   <li>idle devices on a node already in use: {@code 50 - idle devices used}, at least 33;</li>
 *   <li>a node with every device idle: {@code max(33 - idle devices, idle devices)}.</li>
 * </ol>
 * A cpu-only pod scores 0 everywhere (any node). The devices considered are the tightest that fit, as the
 * share placement takes them.
 */
final class GpuPackingPolicy implements GpuPolicy {
    @Override
    public double score(GpuState s, int cls, int node) {
        if (!s.classes.wantsGpu(cls)) {
            return 0;
        }
        GpuNodes g = s.nodes;
        int idle = g.idle(node);
        int devices = g.count[node];
        if (idle == devices) {
            return Math.max(33 - idle, idle);
        }
        long share = s.classes.share[cls];
        if (share == 0) {
            return Math.max(50 - s.classes.whole[cls], 33);
        }
        long mask = DeviceChoice.tightest(s, cls, node);
        int d = Long.numberOfTrailingZeros(mask);
        int slot = g.first[node] + d;
        if (g.holders[slot] == 0) {
            return Math.max(50 - 1, 33);
        }
        long freePercent = g.free[slot] * 100 / g.capacity[node];
        return Math.max(100 - freePercent / 10, 50);
    }

    @Override
    public long choose(GpuState s, int cls, int node) {
        return DeviceChoice.tightest(s, cls, node);
    }
}
