package dev.caldera.kernel.action;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
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
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reclaim across queues, after Volcano's reclaim test: queue q1 holds the whole node with three pods, two of
 * them not preemptable; q2 (same weight) has a pending pod. Reclaim takes the one preemptable pod of q1,
 * pipelines the pod of q2 onto the node, and binds it there once the victim is gone.
 */
class ReclaimActionTest {
    private final ClusterCache cache = new ClusterCache();
    private final List<String> binds = new ArrayList<>();
    private final List<String> evictions = new ArrayList<>();

    ReclaimActionTest() {
        cache.upsertPriorityClass(new PriorityClassSpec("low", 100, false));
        cache.upsertPriorityClass(new PriorityClassSpec("high", 1000, false));
        node(cache, "n1", 3000, 3 * GI);
        cache.upsertQueue(QueueSpec.open("q1", 1));
        cache.upsertQueue(QueueSpec.open("q2", 1));
        cache.upsertJob(new JobSpec("c1", "pg1", "q1", 1, Map.of(), "low", null, "Running", 0));
        cache.upsertJob(new JobSpec("c1", "pg2", "q2", 1, Map.of(), "high", null, "Inqueue", 1));
        for (int i = 1; i <= 3; i++) {
            cache.upsertTask(TaskSpec.builder("c1", "preemptee" + i).job("pg1").request(cpuMem(1000, GI))
                    .preemptable(i == 2).creationMs(i).running("n1").build());
        }
        cache.upsertTask(TaskSpec.builder("c1", "preemptor1").job("pg2").request(cpuMem(1000, GI)).build());
    }

    private Scheduler scheduler(List<String> actions) {
        SchedulerConf conf = new SchedulerConf(actions, List.of(new Tier(List.of(PluginOption.of("conformance"),
                PluginOption.of("gang"), PluginOption.of("proportion")))), Map.of());
        Sinks sinks = new Sinks((uid, key, node) -> binds.add(key + "@" + node),
                (uid, key, reason) -> evictions.add(key + ":" + reason), (j, p, r) -> { });
        return new Scheduler(cache, conf, PluginRegistry.defaults(), SchedulerOptions.DEFAULT, sinks);
    }

    @Test
    void thePreemptablePodOfTheOverusedQueueIsReclaimedAndThePendingPodPipelined() {
        try (Scheduler s = scheduler(List.of("reclaim"))) {
            s.runOnce();
            IntArrayList pipelined = new IntArrayList();
            s.pipelinedTasks(pipelined);
            assertThat(evictions).containsExactly("c1/preemptee2:reclaim");
            // Volcano's eviction_transactions_total{action="reclaim"} (pkg/scheduler/metrics/metrics.go, counted in
            // actions/reclaim/reclaim.go); reclaim registers no preemption attempt
            assertThat(s.session().decisions().evictionTransactions(Decisions.RECLAIM)).isEqualTo(1);
            assertThat(s.session().decisions().preemptionAttempts()).isZero();
            assertThat(binds).isEmpty();
            assertThat(pipelined.toIntArray()).containsExactly(cache.taskRow("c1/preemptor1"));
            assertThat(cache.nominations().nodeOf(cache.taskRow("c1/preemptor1"))).isEqualTo(cache.nodeRow("n1"));
        }
    }

    @Test
    void onceTheVictimIsGoneTheReclaimerBindsToItsNominatedNode() {
        try (Scheduler s = scheduler(List.of("allocate", "reclaim"))) {
            s.runOnce();
            assertThat(binds).isEmpty();
            cache.removeTask("c1/preemptee2");
            s.runOnce();
            assertThat(binds).containsExactly("c1/preemptor1@n1");
            assertThat(evictions).containsExactly("c1/preemptee2:reclaim");
        }
    }

    @Test
    void aQueueThatIsNotReclaimableKeepsItsPods() {
        cache.upsertQueue(new QueueSpec("q1", 1, null, null, null, false, null, 0, "Open", 0));
        try (Scheduler s = scheduler(List.of("reclaim"))) {
            s.runOnce();
            assertThat(evictions).isEmpty();
            IntArrayList pipelined = new IntArrayList();
            s.pipelinedTasks(pipelined);
            assertThat(pipelined.isEmpty()).isTrue();
        }
    }
}
