package dev.caldera.bench.workload;

import dev.caldera.bench.jmh.BenchConfs;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.framework.QueueShare;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.plugin.capacity.CapacityPlugin;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import dev.caldera.kernel.session.QueueReports;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The queue-hierarchy suite measures what it says: 100 queues in three levels that the capacity plugin accepts
 * (no refused hierarchy), the workload's jobs only in leaves, and a cycle that places tasks; and the capacity
 * plugin keeps the kernel's zero-allocation-per-placement rule (measured as {@code PlacementAllocationTest} does:
 * the scheduling thread's allocation counter, a full cycle against the same cycle with nothing left to place).
 */
class QueueHierarchyTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void theHundredQueueTreeIsValidAndACycleSchedulesUnderIt() {
        int leaves = QueueHierarchy.leaves();
        PreparedCluster cluster = PreparedCluster.of(new WorkloadSpec(1000, 2000, 0, 0.3, 0, 0.5, 0.1, leaves, false, 42));
        QueueHierarchy.apply(cluster.cache, leaves);
        assertThat(cluster.cache.queues().rows()).isGreaterThanOrEqualTo(100);
        try (Scheduler s = new Scheduler(cluster.cache, BenchConfs.capacityHierarchy(), PluginRegistry.defaults(),
                SchedulerOptions.DEFAULT, Sinks.NONE)) {
            int placed = s.runOnce().placed();
            CapacityPlugin capacity = s.session().plugins().plugin(CapacityPlugin.class);
            assertThat(capacity.problem()).isNull();
            assertThat(placed).isGreaterThan(1000);
            List<QueueShare> rows = QueueReports.of(s.session());
            assertThat(rows).hasSize(101); // 100 queues and the implicit root
            assertThat(rows).filteredOn(q -> q.queue().startsWith("queue-"))
                    .allSatisfy(q -> assertThat(q.parent()).startsWith("dept-"));
        }
    }

    @Test
    void aWarmCycleUnderTheHierarchyAllocatesNothingPerPlacement() {
        int leaves = QueueHierarchy.leaves();
        PreparedCluster cluster = PreparedCluster.of(new WorkloadSpec(1000, 1000, 0, 0.3, 0, 0.5, 0.1, leaves, false, 42));
        QueueHierarchy.apply(cluster.cache, leaves);
        try (Scheduler s = new Scheduler(cluster.cache, BenchConfs.capacityHierarchy(), PluginRegistry.defaults(),
                new SchedulerOptions(1, Integer.MAX_VALUE, true), Sinks.NONE)) {
            for (int i = 0; i < 20; i++) {
                cluster.restore();
                s.runOnce();
                s.runOnce();
            }
            long full = Long.MAX_VALUE;
            long empty = Long.MAX_VALUE;
            int placed = 0;
            for (int i = 0; i < 5; i++) {
                cluster.restore();
                long before = allocated();
                placed = s.runOnce().placed();
                full = Math.min(full, allocated() - before);
                before = allocated();
                s.runOnce();
                empty = Math.min(empty, allocated() - before);
            }
            assertThat(placed).isGreaterThan(500);
            assertThat((full - empty) / placed).as("bytes per placement: cycle %d B, nothing to place %d B", full,
                    empty).isLessThanOrEqualTo(0);
        }
    }

    private static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
