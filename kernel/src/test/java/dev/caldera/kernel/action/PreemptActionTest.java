package dev.caldera.kernel.action;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import dev.caldera.kernel.session.Decisions;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.Clusters.cpuMem;
import static dev.caldera.kernel.testing.Clusters.node;
import static dev.caldera.kernel.testing.Clusters.queue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Preemption inside a queue, after Volcano's priority-preempt test: a high-priority job evicts the lowest
 * task of a lower-priority job, is pipelined, and binds to that node once the victim is gone.
 */
class PreemptActionTest {
    private final ClusterCache cache = new ClusterCache();
    private final List<String> binds = new ArrayList<>();
    private final List<String> evictions = new ArrayList<>();

    PreemptActionTest() {
        cache.upsertPriorityClass(new PriorityClassSpec("low", 100, false));
        cache.upsertPriorityClass(new PriorityClassSpec("high", 1000, false));
        node(cache, "node1", 6000, 6 * GI);
        node(cache, "node2", 2000, 2 * GI);
        queue(cache, "q1", 1);
        cache.upsertJob(new JobSpec("ns1", "pg1", "q1", 1, Map.of(), "low", null, "Running", 0));
        cache.upsertJob(new JobSpec("ns2", "pg2", "q1", 1, Map.of(), "high", null, "Inqueue", 1));
        cache.upsertTask(TaskSpec.builder("ns1", "preemptee1").job("pg1").request(cpuMem(3000, 3 * GI))
                .running("node1").build());
        cache.upsertTask(TaskSpec.builder("ns1", "preemptee2").job("pg1").request(cpuMem(3000, 3 * GI))
                .priority(1000).running("node1").build());
        cache.upsertTask(TaskSpec.builder("ns2", "preemptor1").job("pg2").request(cpuMem(3000, 3 * GI)).build());
    }

    private Scheduler scheduler() {
        SchedulerConf conf = new SchedulerConf(List.of("allocate", "preempt"),
                List.of(new Tier(List.of(PluginOption.of("priority")))), Map.of());
        Sinks sinks = new Sinks((uid, key, node) -> binds.add(key + "@" + node),
                (uid, key, reason) -> evictions.add(key + ":" + reason), (j, p, r) -> { });
        return new Scheduler(cache, conf, PluginRegistry.defaults(), SchedulerOptions.DEFAULT, sinks);
    }

    @Test
    void theLowestPriorityTaskOfALowerPriorityJobIsEvictedAndThePreemptorPipelined() {
        try (Scheduler s = scheduler()) {
            s.runOnce();
            IntArrayList pipelined = new IntArrayList();
            s.pipelinedTasks(pipelined);
            assertThat(evictions).containsExactly("ns1/preemptee1:preempt");
            assertThat(binds).isEmpty();
            assertThat(pipelined.toIntArray()).containsExactly(cache.taskRow("ns2/preemptor1"));
            assertThat(cache.taskState().status(cache.taskRow("ns1/preemptee1"))).isEqualTo(TaskStatus.RELEASING);
            assertThat(cache.nominations().nodeOf(cache.taskRow("ns2/preemptor1")))
                    .isEqualTo(cache.nodeRow("node1"));
            // Volcano's metrics (pkg/scheduler/metrics/metrics.go, counted in actions/preempt/preempt.go): one node
            // tried with validated victims, one committed statement that evicts
            assertThat(s.session().decisions().preemptionAttempts()).isEqualTo(1);
            assertThat(s.session().decisions().evictionTransactions(Decisions.PREEMPT)).isEqualTo(1);
            assertThat(s.session().decisions().evictionTransactions(Decisions.RECLAIM)).isZero();
        }
    }

    @Test
    void onceTheVictimIsGoneThePreemptorBindsToItsNominatedNode() {
        try (Scheduler s = scheduler()) {
            s.runOnce();
            cache.removeTask("ns1/preemptee1");
            s.runOnce();
            assertThat(binds).containsExactly("ns2/preemptor1@node1");
            assertThat(evictions).containsExactly("ns1/preemptee1:preempt");
        }
    }

    @Test
    void aPodThatNeverPreemptsEvictsNothing() {
        cache.upsertTask(TaskSpec.builder("ns2", "preemptor1").job("pg2").request(cpuMem(3000, 3 * GI))
                .preemptNever(true).build());
        try (Scheduler s = scheduler()) {
            s.runOnce();
            assertThat(evictions).isEmpty();
            assertThat(s.session().decisions().preemptionAttempts()).isZero();
            assertThat(s.session().decisions().evictionTransactions(Decisions.PREEMPT)).isZero();
        }
    }
}
