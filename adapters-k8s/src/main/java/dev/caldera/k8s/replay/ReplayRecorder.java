package dev.caldera.k8s.replay;

import dev.caldera.kernel.plugin.deviceshare.DeviceSharePlugin;
import dev.caldera.kernel.plugin.deviceshare.GpuNodes;
import dev.caldera.kernel.scheduler.CycleStats;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;

import java.util.ArrayList;
import java.util.List;

/**
 * The measurements of a replay. GPU allocation is sampled as FGD's simulator samples it: after every arrival
 * while arrivals are placed in arrival order by the cycle that follows them with nothing leaving in between
 * (each arrival of a cycle is credited with the placements of the arrivals before it), and after every cycle
 * otherwise. Fragmentation is sampled from the deviceshare plugin: each time the arrived workload passes
 * another {@link #FRAGMENT_STEP} of the cluster's GPUs (at the placement that follows), and at most
 * {@link #FRAGMENT_SAMPLES} times over the virtual time of a timed trace.
 * <p>
 * Threading: the replay's thread.
 */
final class ReplayRecorder {
    static final double FRAGMENT_STEP = 0.05;
    static final int FRAGMENT_SAMPLES = 100;

    private final Trace trace;
    private final PodStates pods;
    private final DeviceSharePlugin gpu;
    private final long capacityMilli;
    private final AllocationCurve curve;
    private final List<ReplayResult.FragmentationPoint> fragments = new ArrayList<>();
    private final IntArrayList arrivedSinceCycle = new IntArrayList();
    /** The GPUs each of {@link #arrivedSinceCycle} asks for, in thousandths (the pod may have left since). */
    private final LongArrayList milliSinceCycle = new LongArrayList();
    private final IntArrayList nodeRows = new IntArrayList();
    private final long spanMs;
    /** GPUs asked for by all pods arrived when each pod arrived, by pod index. */
    private final long[] arrivedAt;
    private long arrivedMilli;
    private long allocatedMilli;
    private long curveArrivedMilli;
    private double nextFragmentAt = FRAGMENT_STEP;
    private long nextFragmentMs;
    private boolean departedSinceCycle;
    private long cycles;
    private long schedulingNs;
    private double waitSumMs;
    private long waitMaxMs;
    private int nodes;

    ReplayRecorder(Trace trace, PodStates pods, DeviceSharePlugin gpu) {
        this.trace = trace;
        this.pods = pods;
        this.gpu = gpu;
        this.capacityMilli = trace.gpuCapacityMilli();
        // a sample per arrival while nothing departs, else one per cycle: about one per pod
        this.curve = new AllocationCurve(capacityMilli, Math.max(1024, trace.podCount() + trace.podCount() / 8));
        this.arrivedAt = new long[trace.podCount()];
        this.spanMs = trace.spanMs();
    }

    void nodeAdded(ReplayNode node) {
        nodes++;
    }

    void arrived(ReplayPod p) {
        arrivedMilli += p.gpuMilli();
        arrivedAt[p.index()] = arrivedMilli;
        arrivedSinceCycle.add(p.index());
        milliSinceCycle.add(p.gpuMilli());
    }

    void departed(ReplayPod p) {
        allocatedMilli -= p.gpuMilli();
        departedSinceCycle = true;
    }

    /** Called by the bind sink, inside the cycle: the pod now runs. */
    void placed(ReplayPod p, long nowMs) {
        allocatedMilli += p.gpuMilli();
        long waited = Math.max(0, nowMs - p.createdMs());
        waitSumMs += waited;
        waitMaxMs = Math.max(waitMaxMs, waited);
        if (gpu != null && capacityMilli > 0) {
            long arrivedBefore = arrivedUpTo(p);
            if (arrivedBefore >= nextFragmentAt * capacityMilli) {
                fragmentSample(nowMs, arrivedBefore);
                while (nextFragmentAt * capacityMilli <= arrivedBefore) {
                    nextFragmentAt += FRAGMENT_STEP;
                }
            }
        }
    }

    /** GPUs asked for by every pod that arrived up to {@code p} (a cycle tries pods in arrival order). */
    private long arrivedUpTo(ReplayPod p) {
        return arrivedAt[p.index()];
    }

    long cycles() {
        return cycles;
    }

    void cycle(CycleStats stats, long nowMs) {
        cycles++;
        schedulingNs += stats.cycleNs();
        if (!departedSinceCycle) {
            long allocated = allocatedMilli - placedMilliSinceCycle();
            for (int k = 0; k < arrivedSinceCycle.size(); k++) {
                int i = arrivedSinceCycle.getInt(k);
                long milli = milliSinceCycle.getLong(k);
                curveArrivedMilli += milli;
                if (pods.state[i] == PodStates.RUNNING) {
                    allocated += milli;
                }
                curve.sample(curveArrivedMilli, allocated);
            }
        } else {
            curveArrivedMilli = arrivedMilli;
            curve.sample(arrivedMilli, allocatedMilli);
        }
        arrivedSinceCycle.clear();
        milliSinceCycle.clear();
        departedSinceCycle = false;
    }

    /** GPUs of the pods arrived since the last cycle that run now. */
    private long placedMilliSinceCycle() {
        long sum = 0;
        for (int k = 0; k < arrivedSinceCycle.size(); k++) {
            if (pods.state[arrivedSinceCycle.getInt(k)] == PodStates.RUNNING) {
                sum += milliSinceCycle.getLong(k);
            }
        }
        return sum;
    }

    /** After each step of virtual time: a fragmentation sample when the next slice of the trace's span began. */
    void afterStep(long nowMs) {
        if (gpu == null || spanMs <= 0 || nowMs < nextFragmentMs) {
            return;
        }
        fragmentSample(nowMs, arrivedMilli);
        nextFragmentMs = nowMs + Math.max(1, spanMs / FRAGMENT_SAMPLES);
    }

    private void fragmentSample(long nowMs, long arrived) {
        GpuNodes g = gpu.gpus();
        double fragment = 0;
        double free = 0;
        int rows = g == null ? 0 : g.rows();
        for (int node = 0; node < rows; node++) {
            if (g.devices(node) > 0) {
                fragment += gpu.fragmentGpus(node);
                free += (double) g.totalFree(node) / g.capacity(node);
            }
        }
        fragments.add(new ReplayResult.FragmentationPoint(nowMs / 1000.0, percent(arrived), percent(allocatedMilli),
                fragment, free == 0 ? 0 : 100 * fragment / free));
    }

    private double percent(long milli) {
        return capacityMilli == 0 ? 0 : 100.0 * milli / capacityMilli;
    }

    ReplayResult result(long wallNs, long cpuNs, long events, long endMs) {
        List<ReplayResult.CurvePoint> points = new ArrayList<>();
        int top = (int) Math.floor(curve.maxArrivedPercent());
        for (int level = 0; level <= top; level++) {
            double v = curve.at(level);
            if (!Double.isNaN(v)) {
                points.add(new ReplayResult.CurvePoint(level, v));
            }
        }
        double at100 = curve.at(100);
        int placed = pods.placed();
        return new ReplayResult(trace.name(), nodes, capacityMilli / 1000, pods.arrived(), placed,
                pods.counts[PodStates.DROPPED], pods.counts[PodStates.FINISHED], pods.counts[PodStates.RUNNING],
                pods.counts[PodStates.WAITING], Double.isNaN(at100) ? Double.NaN : AllocationCurve.round2(100 - at100),
                AllocationCurve.round2(percent(allocatedMilli)), AllocationCurve.round2(percent(arrivedMilli)), cycles,
                events, endMs / 1000, wallNs, cpuNs, schedulingNs, placed == 0 ? 0 : waitSumMs / placed / 1000.0,
                waitMaxMs / 1000.0, points, List.copyOf(fragments));
    }
}
