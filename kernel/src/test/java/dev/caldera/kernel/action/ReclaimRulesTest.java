package dev.caldera.kernel.action;

import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.EvictionCase;
import dev.caldera.kernel.testing.TestPlugins;
import dev.caldera.kernel.testing.Topologies;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static dev.caldera.kernel.testing.EvictionCase.bestEffortPod;
import static dev.caldera.kernel.testing.EvictionCase.pod;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules of the reclaim action, each written from current Volcano's pkg/scheduler/actions/reclaim/reclaim.go
 * ({@code Execute}, {@code reclaimForTask}) and the helpers it calls. Queue "lender" runs job "run"; queue
 * "taker" has the waiting job "want". Unless a test says otherwise the plugins are priority (JobStarving) and
 * conformance (Reclaimable offers every candidate), so the action's own rules decide.
 */
class ReclaimRulesTest {
    private static final List<String> RECLAIM = List.of("reclaim");
    private static final List<List<String>> PLAIN = List.of(List.of("priority", "conformance"));

    private final EvictionCase c = new EvictionCase().queue("lender", 1, true).queue("taker", 1, true)
            .job("run", "lender", 0, "low", "Running").job("want", "taker", 1, "low", "Inqueue");

    /** A Pending PodGroup in {@code queue} whose pod raises the queue's request (proportion) but does not reclaim. */
    private EvictionCase demand(String queue, int cpus) {
        return c.job("demand-" + queue, queue, 1, null, "Pending").add(pod("demand-" + queue, "demand-" + queue, cpus));
    }

    /** {@code reclaimForTask}: reclaimees are Running, preemptable pods of other queues that are reclaimable. */
    @Test
    void reclaimeesComeOnlyFromOtherQueuesThatAreReclaimable() {
        c.queue("keeper", 1, false).job("kept", "keeper", 0, "low", "Running").job("mine", "taker", 0, "low", "Running")
                .node("a", 1).node("b", 1).node("c", 1).node("d", 1)
                .add(pod("kept-0", "kept", 1).running("a")).add(pod("mine-0", "mine", 1).running("b"))
                .add(pod("run-0", "run", 1).preemptable(false).running("c")).add(pod("run-1", "run", 1).running("d"))
                .add(pod("want-0", "want", 1));
        c.run(RECLAIM, PLAIN);
        assertThat(c.evictions).containsExactly("ns/run-1:reclaim");
        assertThat(c.pipelined).containsEntry("ns/want-0", "d");
    }

    /** {@code reclaimForTask}: only Running pods are reclaimees, a Bound one is not (preempt takes both). */
    @Test
    void reclaimeesAreRunningNotBound() {
        c.node("n1", 1).add(pod("run-0", "run", 1).status(TaskStatus.BOUND).nodeName("n1")).add(pod("want-0", "want", 1));
        c.run(RECLAIM, PLAIN);
        assertThat(c.evictions).isEmpty();

        c.add(pod("run-0", "run", 1).running("n1")).run(RECLAIM, PLAIN);
        assertThat(c.evictions).containsExactly("ns/run-0:reclaim");
    }

    /** {@code reclaimForTask}: a node with no reclaimee is skipped, even when its idle room would fit the task. */
    @Test
    void aNodeWithoutReclaimeesIsSkippedEvenWhenItHasRoom() {
        c.node("a-empty", 2).node("b", 2).add(pod("run-0", "run", 2).running("b")).add(pod("want-0", "want", 2));
        c.run(RECLAIM, PLAIN);
        assertThat(c.evictions).containsExactly("ns/run-0:reclaim");
        assertThat(c.pipelined).containsEntry("ns/want-0", "b");
    }

    /**
     * {@code reclaimForTask}: nodes are tried in predicate order, not by score (test-least-cpu would prefer
     * b-big); Caldera's predicate order is node name order.
     */
    @Test
    void reclaimTriesNodesInPredicateOrder() {
        c.node("a-small", 4).node("b-big", 8).add(pod("run-0", "run", 3).running("a-small"))
                .add(pod("run-1", "run", 7).running("b-big")).add(pod("want-0", "want", 2));
        c.run(RECLAIM, List.of(List.of("priority", "conformance"), List.of("test-least-cpu")));
        assertThat(c.evictions).containsExactly("ns/run-0:reclaim");
        assertThat(c.pipelined).containsEntry("ns/want-0", "a-small");
    }

    /**
     * {@code reclaimForTask}: victims are evicted, in victim order, only until the task fits the node's futureIdle
     * (room already free counts; v1.7 evicted until the victims alone covered the request).
     */
    @Test
    void reclaimEvictsOnlyUntilTheTaskFitsFutureIdle() {
        c.node("n1", 4);
        for (int i = 0; i < 3; i++) {
            c.add(pod("run-" + i, "run", 1).running("n1"));
        }
        c.add(pod("want-0", "want", 2)).run(RECLAIM, PLAIN);
        assertThat(c.evictions).containsExactly("ns/run-2:reclaim");
        assertThat(c.nominated).containsEntry("ns/want-0", "n1");
    }

    /**
     * proportion's Reclaimable (plugins/proportion/proportion.go): a lender is reclaimed from only while it holds
     * more than its deserved share; the lender's 4 cpus against a deserved 2 give up two pods.
     */
    @Test
    void proportionReclaimsOnlyWhatALenderHoldsAboveItsDeserved() {
        c.node("n1", 4);
        for (int i = 0; i < 4; i++) {
            c.add(pod("run-" + i, "run", 1).running("n1"));
        }
        demand("taker", 8);
        c.add(pod("want-0", "want", 2)).add(pod("want-1", "want", 2))
                .run(RECLAIM, List.of(List.of("priority", "conformance"), List.of("proportion")));
        assertThat(c.evictions).hasSize(2);
        assertThat(c.pipelined).containsOnlyKeys("ns/want-0");
    }

    /** {@code Execute}: the job's statement commits only if JobPipelined holds, else every eviction is undone. */
    @Test
    void theJobStatementCommitsOnlyIfTheJobIsPipelined() {
        List<List<String>> withGang = List.of(List.of("priority", "gang", "conformance"));
        c.job("want", "taker", 2, "low", "Inqueue").node("n1", 2).node("n2", 2)
                .add(pod("run-0", "run", 2).running("n1")).add(pod("run-1", "run", 2).preemptable(false).running("n2"))
                .add(pod("want-0", "want", 2)).add(pod("want-1", "want", 2));
        c.run(RECLAIM, withGang);
        assertThat(c.evictions).as("the gang of two gets room for one").isEmpty();

        c.job("want", "taker", 1, "low", "Inqueue").run(RECLAIM, withGang);
        assertThat(c.evictions).containsExactly("ns/run-0:reclaim");
    }

    /** {@code Execute}: a queue that is Overused when it comes off the heap is skipped. */
    @Test
    void aQueueOverusedWhenPoppedIsSkipped() {
        c.registry(TestPlugins.registry().register("overused", o -> new QueueRule(s -> q -> true)));
        c.node("n1", 2).add(pod("run-0", "run", 2).running("n1")).add(pod("want-0", "want", 2));
        c.run(RECLAIM, List.of(List.of("priority", "conformance", "overused")));
        assertThat(c.evictions).isEmpty();
    }

    /**
     * {@code Execute}: once popped and not Overused, a queue handles all its starving jobs in that turn;
     * Overused is not asked again between them (here the queue counts as overused once anything of it is
     * pipelined).
     */
    @Test
    void allStarvingJobsOfAQueueAreHandledInItsTurn() {
        c.registry(TestPlugins.registry().register("overused",
                o -> new QueueRule(s -> q -> anythingPipelined(s, q))));
        c.job("want-2", "taker", 1, "low", "Inqueue").node("n1", 2).node("n2", 2)
                .add(pod("run-0", "run", 2).running("n1")).add(pod("run-1", "run", 2).running("n2"))
                .add(pod("want-0", "want", 2)).add(pod("want-2-0", "want-2", 2));
        c.run(RECLAIM, List.of(List.of("priority", "conformance", "overused")));
        assertThat(c.pipelined).containsOnlyKeys("ns/want-0", "ns/want-2-0");
    }

    /** {@code Execute}: a task with preemptionPolicy Never does not reclaim. */
    @Test
    void aTaskWithPreemptionPolicyNeverDoesNotReclaim() {
        c.node("n1", 2).add(pod("run-0", "run", 2).running("n1")).add(pod("want-0", "want", 2).preemptNever(true));
        c.run(RECLAIM, PLAIN);
        assertThat(c.evictions).isEmpty();
    }

    /** {@code Execute}: a task whose queue is not Preemptive for it does not reclaim. */
    @Test
    void aTaskWhoseQueueIsNotPreemptiveDoesNotReclaim() {
        c.registry(TestPlugins.registry().register("overused", o -> new NotPreemptive()));
        c.node("n1", 2).add(pod("run-0", "run", 2).running("n1")).add(pod("want-0", "want", 2));
        c.run(RECLAIM, List.of(List.of("priority", "conformance", "overused")));
        assertThat(c.evictions).isEmpty();
    }

    /** {@code reclaimForTask} has no best-effort filter: a best-effort reclaimer may take a pod with requests. */
    @Test
    void aBestEffortReclaimerMayTakeAPodWithRequests() {
        c.node("n1", 8, 1).add(pod("run-0", "run", 1).running("n1")).add(bestEffortPod("want-be", "want"));
        c.run(RECLAIM, PLAIN);
        assertThat(c.evictions).containsExactly("ns/run-0:reclaim");
        assertThat(c.pipelined).containsEntry("ns/want-be", "n1");
    }

    /**
     * {@code Execute}, {@code reclaimForTask}: reclaim does not look at network topology (unlike preempt's
     * {@code ContainsNetworkTopology} skip; the HyperNode-bounded search is the separate gangreclaim action's,
     * {@code reclaimJobInDomains}). A hard-mode job held in rack s0 (its running pod's HyperNode, tier 1 allowed)
     * still reclaims the only victim, which runs in rack s1.
     */
    @Test
    void aHardModeJobReclaimsOutsideItsHyperNodeAsVolcanosReclaimIgnoresTopology() {
        c.node("a", 1).node("b", 1)
                .add(pod("want-0", "want", 1).running("a")).add(pod("want-1", "want", 1))
                .add(pod("run-0", "run", 1).running("b"));
        c.cache.upsertHyperNode(Topologies.ofNodes("s0", 1, "a"));
        c.cache.upsertHyperNode(Topologies.ofNodes("s1", 1, "b"));
        c.cache.upsertJob(new JobSpec("ns", "want", "taker", 2, Map.of(), "low",
                null, "Running", 0).withTopology(NetworkTopologySpec.hard(1), List.of()));
        c.run(RECLAIM, List.of(List.of("priority", "conformance", "network-topology-aware")));
        assertThat(c.evictions).containsExactly("ns/run-0:reclaim");
        assertThat(c.pipelined).containsEntry("ns/want-1", "b");
    }

    private static boolean anythingPipelined(SessionView s, int queue) {
        for (int i = 0; i < s.jobCount(); i++) {
            int job = s.job(i);
            if (s.jobs().queue(job) == queue && s.count(job, TaskStatus.PIPELINED) > 0) {
                return true;
            }
        }
        return false;
    }

    /** A test plugin whose Overused answer is a function of the session. */
    private static final class QueueRule implements Plugin {
        private final Function<SessionView, java.util.function.IntPredicate> rule;
        private java.util.function.IntPredicate overused = q -> false;

        QueueRule(Function<SessionView, java.util.function.IntPredicate> rule) {
            this.rule = rule;
        }

        @Override
        public String name() {
            return "overused";
        }

        @Override
        public void register(Extensions ext) {
            ext.overused(q -> overused.test(q));
        }

        @Override
        public void open(SessionView s) {
            overused = rule.apply(s);
        }
    }

    /** A test plugin that refuses every queue's Preemptive. */
    private static final class NotPreemptive implements Plugin {
        @Override
        public String name() {
            return "overused";
        }

        @Override
        public void register(Extensions ext) {
            ext.preemptive((q, t) -> false);
        }
    }
}
