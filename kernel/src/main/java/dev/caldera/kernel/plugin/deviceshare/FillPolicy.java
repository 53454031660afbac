package dev.caldera.kernel.plugin.deviceshare;

/**
 * Caldera's own policy ({@code fgdfill}): fragmentation gradient descent on {@link FillFragmentation}, the
 * fragment a node would keep if filled with each shape of the whole workload mix (not only FGD's 95% most
 * frequent shapes, so rare large pods count too). A node scores {@code floor(1000 x sigmoid(delta))} with
 * {@code delta} the fragment removed by the placement in GPUs: ten times FGD's resolution, so only placements
 * within about 0.004 GPU of each other tie, and ties go to the seeded node order as in FGD. A share goes to the
 * device whose use leaves the least fragment (the tightest of equals, then the lowest number); whole devices
 * are the lowest idle ones.
 */
final class FillPolicy implements GpuPolicy {
    static final double POINTS = 1000;

    @Override
    public double score(GpuState s, int cls, int node) {
        GpuNodes g = s.nodes;
        long cpuLeft = s.cpuLeft(node);
        long cpuAfter = cpuLeft - s.classes.cpu[cls];
        double before = FillFragmentation.after(g, s.mix, node, cpuLeft, 0, 0);
        long share = s.classes.share[cls];
        long taken;
        long units;
        if (share == 0) {
            int whole = s.classes.whole[cls];
            taken = whole == 0 ? 0 : DeviceChoice.idle(g, node, whole);
            units = g.capacity[node];
        } else {
            int d = bestDevice(s, cls, node, cpuAfter);
            if (d < 0) {
                return 0;
            }
            taken = 1L << d;
            units = share;
        }
        double after = FillFragmentation.after(g, s.mix, node, cpuAfter, taken, units);
        double scale = g.capacity[node] == 0 ? 1 : g.capacity[node];
        return Math.floor(POINTS / (1.0 + Math.exp(-(before - after) / scale)));
    }

    @Override
    public long choose(GpuState s, int cls, int node) {
        long share = s.classes.share[cls];
        if (share == 0) {
            return DeviceChoice.idle(s.nodes, node, s.classes.whole[cls]);
        }
        int d = bestDevice(s, cls, node, s.cpuLeft(node) - s.classes.cpu[cls]);
        return d < 0 ? 0 : 1L << d;
    }

    /** The device with room whose use leaves the least fragment; the tightest, then the lowest, of equals. */
    private static int bestDevice(GpuState s, int cls, int node, long cpuAfter) {
        GpuNodes g = s.nodes;
        long share = s.classes.share[cls];
        int base = g.first[node];
        double best = Double.POSITIVE_INFINITY;
        int pick = -1;
        for (int d = 0; d < g.count[node]; d++) {
            long free = g.free[base + d];
            if (free < share || FgdPolicy.sameFreeEarlier(g, base, d)) {
                continue;
            }
            double after = FillFragmentation.after(g, s.mix, node, cpuAfter, 1L << d, share);
            if (after < best || (after == best && free < g.free[base + pick])) {
                best = after;
                pick = d;
            }
        }
        return pick;
    }

    /** The whole mix: rare shapes (an eight-GPU pod) matter to the fill measure. */
    @Override
    public WorkloadMix mixOf(WorkloadMix workload, double popularity) {
        return workload;
    }

    @Override
    public boolean integerScores() {
        return true;
    }
}
