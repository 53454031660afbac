package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.util.Bits;
import dev.caldera.kernel.util.PerThread;

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
 * Pure: reads {@link GpuNodes} and {@link MixTable} only; safe from filter workers (each thread counts in its own
 * {@link Counts}). No allocation after a thread's first call with a mix of that many shares. Cost: O(devices x
 * distinct shares + shapes) per node state, O(distinct shares + shapes) per device tried ({@link #afterOnDevice}).
 */
final class Fragmentation {
    private Fragmentation() {
    }

    /**
     * A node's devices counted per distinct share of the mix ({@link MixTable#groupShare}) and for whole devices:
     * {@code fitting[k]} devices with at least share {@code k} free and {@code tooSmall[k]} the units free on the
     * others; {@code fittingWhole} and {@code tooSmallWhole} the same against the device capacity. One per thread
     * (filter workers measure concurrently), reused: valid until the thread's next {@link #counts}.
     */
    static final class Counts {
        int[] fitting = new int[0];
        long[] tooSmall = new long[0];
        int[] movedFitting = new int[0];
        long[] movedTooSmall = new long[0];
        int fittingWhole;
        long tooSmallWhole;

        private Counts ensure(int groups) {
            if (fitting.length < groups) {
                fitting = new int[groups];
                tooSmall = new long[groups];
                movedFitting = new int[groups];
                movedTooSmall = new long[groups];
            }
            return this;
        }
    }

    /** Each thread's counts (the replay's thread finds its own without the {@code ThreadLocal}'s look-up). */
    private static final PerThread<Counts> COUNTS = new PerThread<>(Counts::new);

    /** The node's fragment now. */
    static double of(GpuNodes g, MixTable mix, int node, long cpuLeft) {
        return after(g, mix, node, cpuLeft, 0, 0);
    }

    /** The node's fragment after {@code units} are taken from each device of {@code taken} and cpu drops to {@code cpuLeft}. */
    static double after(GpuNodes g, MixTable mix, int node, long cpuLeft, long taken, long units) {
        if (g.count[node] == 0) {
            return 0;
        }
        Counts c = counts(g, mix, node, taken, units);
        return sum(g, mix, node, cpuLeft, g.totalFree[node] - Long.bitCount(taken) * units,
                c.fittingWhole, c.tooSmallWhole, c.fitting, c.tooSmall);
    }

    /** The calling thread's counts, sized for {@code groups} distinct shares (contents undefined). */
    static Counts scratch(int groups) {
        return COUNTS.get().ensure(groups);
    }

    /** The node's fragment as it is, from its {@link #counts} as it is ({@code taken} 0): {@link #of}. */
    static double asIs(GpuNodes g, MixTable mix, int node, long cpuLeft, Counts c) {
        if (g.count[node] == 0) {
            return 0;
        }
        return sum(g, mix, node, cpuLeft, g.totalFree[node], c.fittingWhole, c.tooSmallWhole, c.fitting, c.tooSmall);
    }

    /**
     * {@link #after} computed from the node's {@link #counts} as it is ({@code taken} 0), which it changes in place:
     * only the taken devices' part of the counts moves. The same integers as counting after the placement.
     */
    static double afterTaking(GpuNodes g, MixTable mix, int node, long cpuLeft, Counts c, long taken, long units) {
        if (g.count[node] == 0) {
            return 0;
        }
        long cap = g.capacity[node];
        int base = g.first[node];
        long[] need = mix.groupShare;
        for (long rest = taken; rest != 0; rest &= rest - 1) {
            int d = Bits.lowest(rest);
            if (d >= g.count[node]) {
                break; // counts() looks at the node's devices only
            }
            long f = g.free[base + d];
            long left = f - units;
            c.fittingWhole += (left >= cap ? 1 : 0) - (f >= cap ? 1 : 0);
            c.tooSmallWhole += (left >= cap ? 0 : left) - (f >= cap ? 0 : f);
            for (int k = 0; k < mix.groups; k++) {
                long n = need[k];
                c.fitting[k] += (left >= n ? 1 : 0) - (f >= n ? 1 : 0);
                c.tooSmall[k] += (left >= n ? 0 : left) - (f >= n ? 0 : f);
            }
        }
        return sum(g, mix, node, cpuLeft, g.totalFree[node] - Long.bitCount(taken) * units, c.fittingWhole,
                c.tooSmallWhole, c.fitting, c.tooSmall);
    }

    /**
     * The node's devices counted per share of the mix, after {@code units} are taken from each device of
     * {@code taken}; O(devices x distinct shares).
     */
    static Counts counts(GpuNodes g, MixTable mix, int node, long taken, long units) {
        int groups = mix.groups;
        Counts c = COUNTS.get().ensure(groups);
        int[] fitting = c.fitting;
        long[] tooSmall = c.tooSmall;
        long[] need = mix.groupShare;
        java.util.Arrays.fill(fitting, 0, groups, 0);
        java.util.Arrays.fill(tooSmall, 0, groups, 0);
        int base = g.first[node];
        long cap = g.capacity[node];
        int fittingWhole = 0;
        long tooSmallWhole = 0;
        for (int d = 0; d < g.count[node]; d++) {
            long f = g.free[base + d] - ((taken >>> d & 1) != 0 ? units : 0);
            if (f >= cap) {
                fittingWhole++;
            } else {
                tooSmallWhole += f;
            }
            for (int k = 0; k < groups; k++) {
                if (f >= need[k]) {
                    fitting[k]++;
                } else {
                    tooSmall[k] += f;
                }
            }
        }
        c.fittingWhole = fittingWhole;
        c.tooSmallWhole = tooSmallWhole;
        return c;
    }

    /**
     * {@link #after} with {@code units} taken from device {@code d} alone, from the {@link #counts} of the node as
     * it is ({@code taken} 0): only that device's part of the counts moves, O(distinct shares + shapes).
     */
    static double afterOnDevice(GpuNodes g, MixTable mix, int node, long cpuLeft, Counts c, int d, long units) {
        long cap = g.capacity[node];
        long f = g.free[g.first[node] + d];
        long left = f - units;
        int fittingWhole = c.fittingWhole - (f >= cap ? 1 : 0) + (left >= cap ? 1 : 0);
        long tooSmallWhole = c.tooSmallWhole - (f >= cap ? 0 : f) + (left >= cap ? 0 : left);
        long[] need = mix.groupShare;
        for (int k = 0; k < mix.groups; k++) {
            long n = need[k];
            c.movedFitting[k] = c.fitting[k] - (f >= n ? 1 : 0) + (left >= n ? 1 : 0);
            c.movedTooSmall[k] = c.tooSmall[k] - (f >= n ? 0 : f) + (left >= n ? 0 : left);
        }
        return sum(g, mix, node, cpuLeft, g.totalFree[node] - units, fittingWhole, tooSmallWhole,
                c.movedFitting, c.movedTooSmall);
    }

    /**
     * The weighted sum over the mix's shapes, in the mix's order: a shape that fits (enough devices with room,
     * enough cpu, an accepted model) leaves the units of the devices too small for it, any other every free unit.
     */
    private static double sum(GpuNodes g, MixTable mix, int node, long cpuLeft, long total, int fittingWhole,
                              long tooSmallWhole, int[] fitting, long[] tooSmall) {
        boolean[] accepted = mix.acceptedBy[g.model[node] + 1];
        double frag = mix.cpuOnlyWeight * total;
        for (int t = 0; t < mix.size; t++) {
            long fragment;
            if (cpuLeft < mix.cpu[t] || !accepted[t]) {
                fragment = total;
            } else if (mix.whole[t] > 0) {
                fragment = fittingWhole >= mix.whole[t] ? tooSmallWhole : total;
            } else {
                int k = mix.groupOf[t];
                fragment = fitting[k] >= 1 ? tooSmall[k] : total;
            }
            frag += mix.weight[t] * fragment;
        }
        return frag;
    }
}
