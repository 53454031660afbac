package dev.caldera.kernel.plugin.deviceshare;

/**
 * A node's expected GPU fragmentation against a workload mix, as defined by FGD (Weng et al., USENIX ATC'23,
 * section 4): for each shape of the mix, the free GPU units the shape could not use on this node, weighted
 * by the shape's share of arrivals. A shape that fits (a device with enough free units, or enough idle
 * devices, enough cpu left, an accepted model) leaves as fragment only the devices too small for it; a shape
 * that does not fit leaves every free unit as fragment (it cannot run here at all), and a cpu-only shape
 * likewise counts every free unit. In device units (divide by the device capacity for GPUs).
 * <p>
 * Evaluated on the node as it is, or as it would be after a placement: {@code taken} names the devices a
 * placement would use and {@code units} what it takes from each (a whole device takes its capacity).
 * <p>
 * Pure: reads {@link GpuNodes} and {@link MixTable} only; safe from filter workers. No allocation.
 * Cost: O(shapes x devices) per call.
 */
final class Fragmentation {
    private Fragmentation() {
    }

    /** The node's fragment now. */
    static double of(GpuNodes g, MixTable mix, int node, long cpuLeft) {
        return after(g, mix, node, cpuLeft, 0, 0);
    }

    /** The node's fragment after {@code units} are taken from each device of {@code taken} and cpu drops to {@code cpuLeft}. */
    static double after(GpuNodes g, MixTable mix, int node, long cpuLeft, long taken, long units) {
        int devices = g.count[node];
        if (devices == 0) {
            return 0;
        }
        int base = g.first[node];
        long cap = g.capacity[node];
        long total = g.totalFree[node] - Long.bitCount(taken) * units;
        int model = g.model[node];
        double frag = mix.cpuOnlyWeight * total;
        for (int t = 0; t < mix.size; t++) {
            frag += mix.weight[t] * shapeFragment(g.free, base, devices, cap, taken, units, total, cpuLeft, mix, t, model);
        }
        return frag;
    }

    private static long shapeFragment(long[] free, int base, int devices, long cap, long taken, long units, long total,
                                      long cpuLeft, MixTable mix, int t, int model) {
        if (cpuLeft < mix.cpu[t] || !mix.accepts(t, model)) {
            return total;
        }
        boolean whole = mix.whole[t] > 0;
        long need = whole ? cap : mix.share[t];
        int wanted = whole ? mix.whole[t] : 1;
        int fitting = 0;
        long tooSmall = 0;
        for (int d = 0; d < devices; d++) {
            long f = free[base + d] - ((taken >>> d & 1) != 0 ? units : 0);
            if (f >= need) {
                fitting++;
            } else {
                tooSmall += f;
            }
        }
        return fitting >= wanted ? tooSmall : total;
    }
}
