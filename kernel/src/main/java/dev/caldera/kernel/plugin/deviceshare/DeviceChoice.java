package dev.caldera.kernel.plugin.deviceshare;

/**
 * Which devices of a node a task takes, as a mask of device indices; 0 when the request does not fit.
 * Whole-device requests always take the lowest-numbered idle devices (every idle device is alike); a share
 * goes to one device chosen by the rule:
 * <ul>
 *   <li>{@link #lowest}: the lowest-numbered device with room, Volcano's gpushare rule
 *       ({@code predicateGPUbyMemory}, first of the sorted ids);</li>
 *   <li>{@link #tightest}: the device with the least room that still fits (best fit, lowest number on ties),
 *       the FGD simulator's "best" GPU selection;</li>
 *   <li>{@link #random}: a seeded uniform pick among the devices with room.</li>
 * </ul>
 * Pure; no allocation.
 */
final class DeviceChoice {
    private DeviceChoice() {
    }

    /** The lowest {@code wanted} idle devices, or 0 when there are fewer. */
    static long idle(GpuNodes g, int node, int wanted) {
        int base = g.first[node];
        long mask = 0;
        int found = 0;
        for (int d = 0; d < g.count[node] && found < wanted; d++) {
            if (g.holders[base + d] == 0) {
                mask |= 1L << d;
                found++;
            }
        }
        return found == wanted ? mask : 0;
    }

    static long lowest(GpuState s, int cls, int node) {
        GpuNodes g = s.nodes;
        long share = s.classes.share[cls];
        if (share == 0) {
            return idle(g, node, s.classes.whole[cls]);
        }
        int base = g.first[node];
        for (int d = 0; d < g.count[node]; d++) {
            if (g.free[base + d] >= share) {
                return 1L << d;
            }
        }
        return 0;
    }

    static long tightest(GpuState s, int cls, int node) {
        GpuNodes g = s.nodes;
        long share = s.classes.share[cls];
        if (share == 0) {
            return idle(g, node, s.classes.whole[cls]);
        }
        int base = g.first[node];
        int best = -1;
        for (int d = 0; d < g.count[node]; d++) {
            long f = g.free[base + d];
            if (f >= share && (best < 0 || f < g.free[base + best])) {
                best = d;
            }
        }
        return best < 0 ? 0 : 1L << best;
    }

    static long random(GpuState s, int cls, int node) {
        GpuNodes g = s.nodes;
        long share = s.classes.share[cls];
        if (share == 0) {
            return idle(g, node, s.classes.whole[cls]);
        }
        int base = g.first[node];
        int fitting = 0;
        for (int d = 0; d < g.count[node]; d++) {
            fitting += g.free[base + d] >= share ? 1 : 0;
        }
        if (fitting == 0) {
            return 0;
        }
        int pick = (int) (s.uniform(cls, node, 2) * fitting);
        for (int d = 0; d < g.count[node]; d++) {
            if (g.free[base + d] >= share && pick-- == 0) {
                return 1L << d;
            }
        }
        return 0;
    }
}
