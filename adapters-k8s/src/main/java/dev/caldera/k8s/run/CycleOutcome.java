package dev.caldera.k8s.run;

import dev.caldera.k8s.simulate.CycleTimes;
import dev.caldera.k8s.simulate.PodEviction;
import dev.caldera.k8s.simulate.PodGroupStatus;
import dev.caldera.k8s.simulate.PodPlacement;
import dev.caldera.kernel.framework.QueueShare;

import java.util.List;

/**
 * What one live cycle decided, as the scheduling thread saw it: binds handed to the pipeline (not yet
 * confirmed by the API server), evictions handed over, pods left pipelined, every PodGroup's status, times,
 * and each queue as the queue plugin (proportion or capacity) kept it.
 */
public record CycleOutcome(long cycle, List<PodPlacement> bindsHandedOver, List<PodEviction> evictions,
                           List<PodPlacement> pipelined, List<PodGroupStatus> podGroups, CycleTimes times,
                           int pendingTasks, int placed, List<QueueShare> queues) {
}
