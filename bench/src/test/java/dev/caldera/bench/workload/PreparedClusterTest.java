package dev.caldera.bench.workload;

import dev.caldera.bench.jmh.BenchConfs;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import dev.caldera.kernel.session.Decisions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PreparedClusterTest {

    @Test
    void restoreMakesTheNextCycleDecideExactlyAsTheFirst() {
        PreparedCluster cluster = PreparedCluster.of(WorkloadSpec.headline(300, 800));
        try (Scheduler scheduler = scheduler(cluster, true)) {
            List<Long> first = binds(scheduler);
            assertThat(first).hasSizeGreaterThan(400);
            assertThat(scheduler.runOnce().placed()).as("nothing left to place without a restore").isLessThan(first.size());
            cluster.restore();
            assertThat(binds(scheduler)).isEqualTo(first);
        }
    }

    @Test
    void restoreUndoesPreemptionEvictionsAndNominations() {
        PreparedCluster cluster = PreparedCluster.of(WorkloadSpec.preemption(200, 100));
        try (Scheduler scheduler = new Scheduler(cluster.cache, BenchConfs.preemption(), PluginRegistry.defaults(),
                SchedulerOptions.DEFAULT, Sinks.NONE)) {
            scheduler.runOnce();
            int evicted = scheduler.session().decisions().evictionCount();
            int placed = scheduler.session().decisions().bindCount();
            assertThat(evicted).isPositive();
            cluster.restore();
            scheduler.runOnce();
            assertThat(scheduler.session().decisions().evictionCount()).isEqualTo(evicted);
            assertThat(scheduler.session().decisions().bindCount()).isEqualTo(placed);
        }
    }

    /** The generated workload is one where the incremental selector must agree with the plain scan. */
    @Test
    void incrementalAndScanSelectorsBindTheSameTasksToTheSameNodes() {
        PreparedCluster cluster = PreparedCluster.of(WorkloadSpec.headline(400, 1200));
        List<Long> incremental;
        try (Scheduler scheduler = scheduler(cluster, true)) {
            incremental = binds(scheduler);
        }
        cluster.restore();
        try (Scheduler scheduler = scheduler(cluster, false)) {
            assertThat(binds(scheduler)).isEqualTo(incremental);
        }
    }

    private static Scheduler scheduler(PreparedCluster cluster, boolean incremental) {
        return new Scheduler(cluster.cache, BenchConfs.defaultPlusBinpack(), PluginRegistry.defaults(),
                new SchedulerOptions(1, Integer.MAX_VALUE, incremental), Sinks.NONE);
    }

    private static List<Long> binds(Scheduler scheduler) {
        scheduler.runOnce();
        Decisions d = scheduler.session().decisions();
        List<Long> binds = new ArrayList<>();
        for (int i = 0; i < d.bindCount(); i++) {
            binds.add((long) d.bindTask(i) << 32 | d.bindNode(i));
        }
        return binds;
    }
}
