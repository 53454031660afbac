package dev.caldera.k8s.replay;

import java.util.List;
import java.util.function.ToLongFunction;

/**
 * What a replay did, for people and scripts.
 *
 * @param unallocatedGpuPercent  FGD's figure: 100 minus the GPU allocation when the arrived GPU workload is
 *                               100% of the cluster's GPUs (NaN when it never got there)
 * @param gpuAllocationPercent   GPUs allocated at the end, percent of the cluster's
 * @param arrivedGpuPercent      GPUs asked for by every arrived pod, percent of the cluster's
 * @param allocationCurve        allocation at each whole arrived-workload percent (FGD's curve)
 * @param fragmentation          fragmentation samples over the replay
 * @param wallNs                 wall time of the replay (not of reading the trace)
 * @param cpuNs                  cpu time of the replaying thread over the same span (what a busy machine
 *                               inflates least)
 * @param schedulingNs           wall time of the scheduling cycles
 * @param meanWaitSeconds        mean time from arrival to placement of the placed pods, virtual seconds
 */
public record ReplayResult(
        String trace,
        int nodes,
        long gpus,
        int arrivedPods,
        int placedPods,
        int droppedPods,
        int finishedPods,
        int runningPods,
        int waitingPods,
        double unallocatedGpuPercent,
        double gpuAllocationPercent,
        double arrivedGpuPercent,
        long cycles,
        long events,
        long virtualSeconds,
        long wallNs,
        long cpuNs,
        long schedulingNs,
        double meanWaitSeconds,
        double maxWaitSeconds,
        List<CurvePoint> allocationCurve,
        List<FragmentationPoint> fragmentation) {

    /** Allocation at an arrived workload level, both in percent of the cluster's GPUs. */
    public record CurvePoint(int arrivedPercent, double allocatedPercent) {
    }

    /**
     * A fragmentation sample: at {@code timeSeconds} (virtual) with {@code arrivedPercent} of the GPUs asked
     * for, {@code allocatedPercent} allocated and {@code fragmentGpus} of the free GPUs unusable by the
     * workload's typical pods (FGD's fragmentation), which is {@code fragmentPercentOfFree} of the free GPUs.
     */
    public record FragmentationPoint(double timeSeconds, double arrivedPercent, double allocatedPercent,
                                     double fragmentGpus, double fragmentPercentOfFree) {
    }

    /**
     * The last of {@code runs} (replays of one trace with one configuration and seed, which all make the same
     * decisions) with the median of the runs' wall, cpu and scheduling times, each taken on its own; with an even
     * number of runs the larger of the two middle times (the slower figure). Events per second are then those of
     * the median wall (or cpu) time.
     */
    public static ReplayResult medianTimings(List<ReplayResult> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to take the median of");
        }
        ReplayResult last = runs.get(runs.size() - 1);
        return new ReplayResult(last.trace, last.nodes, last.gpus, last.arrivedPods, last.placedPods,
                last.droppedPods, last.finishedPods, last.runningPods, last.waitingPods, last.unallocatedGpuPercent,
                last.gpuAllocationPercent, last.arrivedGpuPercent, last.cycles, last.events, last.virtualSeconds,
                median(runs, ReplayResult::wallNs), median(runs, ReplayResult::cpuNs),
                median(runs, ReplayResult::schedulingNs), last.meanWaitSeconds, last.maxWaitSeconds,
                last.allocationCurve, last.fragmentation);
    }

    private static long median(List<ReplayResult> runs, ToLongFunction<ReplayResult> time) {
        long[] times = runs.stream().mapToLong(time).sorted().toArray();
        return times[times.length / 2];
    }

    /** Trace events applied per second of wall time. */
    public double eventsPerSecond() {
        return wallNs == 0 ? 0 : events * 1e9 / wallNs;
    }

    /** Trace events applied per second of the replaying thread's cpu time. */
    public double eventsPerCpuSecond() {
        return cpuNs == 0 ? 0 : events * 1e9 / cpuNs;
    }

    /** Scheduling wall time per placed pod, microseconds. */
    public double schedulingMicrosPerPod() {
        return placedPods == 0 ? 0 : schedulingNs / 1e3 / placedPods;
    }
}
