package dev.caldera.bench.workload;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WorkloadStatsTest {
    @Test
    void countsClassesProfilesAndNodeStatesOfTheHeadlineWorkload() {
        WorkloadStats stats = WorkloadStats.of(PreparedCluster.of(WorkloadSpec.headline(400, 1000)));

        assertThat(stats.nodes()).isEqualTo(400);
        assertThat(stats.pendingTasks()).isEqualTo(1000);
        assertThat(stats.classes()).isBetween(2, 1000);
        assertThat(stats.classesByPriority()).isGreaterThanOrEqualTo(stats.classes());
        assertThat(stats.profiles()).isBetween(1, stats.classes());
        assertThat(stats.nodeStates()).isBetween(2, 400);
    }

    @Test
    void emptyNodesDifferingOnlyInTheirHostnameShareAState() {
        WorkloadSpec idle = new WorkloadSpec(60, 10, 1, 0.0, 0, 0.0, 0.0, 1, true, 3);
        WorkloadStats stats = WorkloadStats.of(PreparedCluster.of(idle));

        assertThat(stats.nodeStates()).as("3 CPU shapes x 4 zones at most").isLessThanOrEqualTo(12);
    }
}
