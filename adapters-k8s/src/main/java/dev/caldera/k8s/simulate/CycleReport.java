package dev.caldera.k8s.simulate;

import java.util.List;

/**
 * What one cycle decided: binds, evictions and pipelined pods sorted by pod, every PodGroup's status sorted by
 * name, the kernel's times, the pending tasks it started with and the tasks it placed (bound or pipelined).
 */
public record CycleReport(
        int cycle,
        List<PodPlacement> binds,
        List<PodEviction> evictions,
        List<PodPlacement> pipelined,
        List<PodGroupStatus> podGroups,
        CycleTimes times,
        int pendingTasks,
        int placed) {

    public CycleReport {
        binds = List.copyOf(binds);
        evictions = List.copyOf(evictions);
        pipelined = List.copyOf(pipelined);
        podGroups = List.copyOf(podGroups);
    }
}
