package dev.caldera.bench.workload;

import dev.caldera.bench.jmh.BenchConfs;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.plugin.QueueReports;
import dev.caldera.kernel.plugin.QueueShare;
import dev.caldera.kernel.plugin.capacity.CapacityPlugin;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The queue-hierarchy suite measures what it says: 100 queues in three levels that the capacity plugin accepts
 * (no refused hierarchy), the workload's jobs only in leaves, and a cycle that places tasks.
 */
class QueueHierarchyTest {
    @Test
    void theHundredQueueTreeIsValidAndACycleSchedulesUnderIt() {
        int leaves = QueueHierarchy.leaves();
        PreparedCluster cluster = PreparedCluster.of(new WorkloadSpec(1000, 2000, 0, 0.3, 0, 0.5, 0.1, leaves, false, 42));
        QueueHierarchy.apply(cluster.cache, leaves);
        assertThat(cluster.cache.queues.rows).isGreaterThanOrEqualTo(100);
        try (Scheduler s = new Scheduler(cluster.cache, BenchConfs.capacityHierarchy(), PluginRegistry.defaults(),
                SchedulerOptions.DEFAULT, Sinks.NONE)) {
            int placed = s.runOnce().placed;
            CapacityPlugin capacity = s.session().plugins.plugin(CapacityPlugin.class);
            assertThat(capacity.problem()).isNull();
            assertThat(placed).isGreaterThan(1000);
            List<QueueShare> rows = QueueReports.of(s.session());
            assertThat(rows).hasSize(101); // 100 queues and the implicit root
            assertThat(rows).filteredOn(q -> q.queue().startsWith("queue-"))
                    .allSatisfy(q -> assertThat(q.parent()).startsWith("dept-"));
        }
    }
}
