package dev.caldera.k8s.simulate;

import dev.caldera.kernel.framework.QueueShare;

import java.util.List;

/**
 * What one cycle decided: binds, evictions and pipelined pods sorted by pod, every PodGroup's status sorted by
 * name, the kernel's times, the pending tasks it started with and the tasks it placed (bound or pipelined), and
 * the queues as the queue plugin (capacity or proportion) saw them at the end of the cycle, with what reclaim
 * moved between them.
 */
public record CycleReport(
        int cycle,
        List<PodPlacement> binds,
        List<PodEviction> evictions,
        List<PodPlacement> pipelined,
        List<PodGroupStatus> podGroups,
        CycleTimes times,
        int pendingTasks,
        int placed,
        List<QueueShare> queues) {

    public CycleReport {
        binds = List.copyOf(binds);
        evictions = List.copyOf(evictions);
        pipelined = List.copyOf(pipelined);
        podGroups = List.copyOf(podGroups);
        queues = List.copyOf(queues);
    }

    /** A cycle report without queue rows (a live run reads no queue plugin's view). */
    public CycleReport(int cycle, List<PodPlacement> binds, List<PodEviction> evictions, List<PodPlacement> pipelined,
                       List<PodGroupStatus> podGroups, CycleTimes times, int pendingTasks, int placed) {
        this(cycle, binds, evictions, pipelined, podGroups, times, pendingTasks, placed, List.of());
    }
}
