package dev.caldera.kernel.plugin.deviceshare;

/**
 * Fragmentation gradient descent (Weng et al., USENIX ATC'23), as its simulator scores it
 * ({@code FGDScore}): place the task where the node's expected fragmentation ({@link Fragmentation}) grows
 * least. The score of a node is {@code floor(100 x sigmoid(delta))} with {@code delta} the fragment removed
 * by the placement in GPUs ({@code (before - after) / device capacity}); a share tries each device with room
 * and takes the best, the lowest-numbered device among equal scores.
 */
final class FgdPolicy implements GpuPolicy {
    /** The paper's resolution: a node scores {@code floor(100 x sigmoid(delta))}. */
    static final int PAPER_POINTS = 100;

    private final int resolution;

    /** FGD as the paper scores it. */
    FgdPolicy() {
        this(PAPER_POINTS);
    }

    /** FGD scored {@code floor(resolution x sigmoid(delta))} (fgdfill uses a coarser one). */
    FgdPolicy(int resolution) {
        this.resolution = resolution;
    }

    @Override
    public double score(GpuState s, int cls, int node) {
        GpuNodes g = s.nodes;
        long cpuLeft = s.cpuLeft(node);
        double before = s.typicalFragment(node, cpuLeft);
        long cpuAfter = cpuLeft - s.classes.cpu[cls];
        long share = s.classes.share[cls];
        if (share == 0) {
            int whole = s.classes.whole[cls];
            long taken = whole == 0 ? 0 : DeviceChoice.idle(g, node, whole);
            return points(g, node, before, Fragmentation.afterTaking(g, s.typical, node, cpuAfter, s.typicalCounts(node),
                    taken, g.capacity[node]));
        }
        return bestPoints(s, cls, node, before, cpuAfter);
    }

    @Override
    public long choose(GpuState s, int cls, int node) {
        long share = s.classes.share[cls];
        if (share == 0) {
            return DeviceChoice.idle(s.nodes, node, s.classes.whole[cls]);
        }
        long cpuLeft = s.cpuLeft(node);
        double before = s.typicalFragment(node, cpuLeft);
        int d = bestDevice(s, cls, node, before, cpuLeft - s.classes.cpu[cls]);
        return d < 0 ? 0 : 1L << d;
    }

    /**
     * The points of the device {@link #bestDevice} picks, 0 when none has room: the best of the points it
     * compares, so the chosen placement is not measured twice.
     */
    private double bestPoints(GpuState s, int cls, int node, double before, long cpuAfter) {
        GpuNodes g = s.nodes;
        long share = s.classes.share[cls];
        int base = g.first[node];
        Fragmentation.Counts counts = null;
        double best = 0;
        for (int d = 0; d < g.count[node]; d++) {
            if (g.free[base + d] < share || sameFreeEarlier(g, base, d)) {
                continue;
            }
            if (counts == null) {
                counts = s.typicalCounts(node);
            }
            best = Math.max(best, points(g, node, before,
                    Fragmentation.afterOnDevice(g, s.typical, node, cpuAfter, counts, d, share)));
        }
        return best;
    }

    /** The device with room whose placement scores best (lowest number among equal scores), or -1. */
    private int bestDevice(GpuState s, int cls, int node, double before, long cpuAfter) {
        GpuNodes g = s.nodes;
        long share = s.classes.share[cls];
        int base = g.first[node];
        double bestPoints = -1;
        int best = -1;
        Fragmentation.Counts counts = s.typicalCounts(node);
        for (int d = 0; d < g.count[node]; d++) {
            if (g.free[base + d] < share || sameFreeEarlier(g, base, d)) {
                continue;
            }
            double p = points(g, node, before, Fragmentation.afterOnDevice(g, s.typical, node, cpuAfter, counts, d, share));
            if (best < 0 || p > bestPoints) {
                bestPoints = p;
                best = d;
            }
        }
        return best;
    }

    /**
     * True when a lower-numbered device has the same free units: fragmentation depends only on the free units
     * of the devices, so that device scores the same and, being lower, wins the tie.
     */
    static boolean sameFreeEarlier(GpuNodes g, int base, int d) {
        long f = g.free[base + d];
        for (int e = 0; e < d; e++) {
            if (g.free[base + e] == f) {
                return true;
            }
        }
        return false;
    }

    /** {@code floor(resolution x sigmoid(removed fragment in GPUs))}. */
    double points(GpuNodes g, int node, double before, double after) {
        double scale = g.capacity[node] == 0 ? 1 : g.capacity[node];
        return Math.floor(1.0 / (1.0 + Math.exp(-(before - after) / scale)) * resolution);
    }
}
