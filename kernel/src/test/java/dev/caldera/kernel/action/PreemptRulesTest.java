package dev.caldera.kernel.action;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.testing.EvictionCase;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.EvictionCase.bestEffortPod;
import static dev.caldera.kernel.testing.EvictionCase.hostPort;
import static dev.caldera.kernel.testing.EvictionCase.pod;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules of the preempt action, each written from current Volcano's pkg/scheduler/actions/preempt/preempt.go
 * (functions named per test) and the helpers it calls. One queue "q"; job "low" runs low-priority pods, the
 * preemptor's job "high" waits (Inqueue) unless a test says otherwise.
 */
class PreemptRulesTest {
    private static final List<String> PREEMPT = List.of("preempt");
    /** Victims judged by priority and conformance (gang would protect the single pods of job low). */
    private static final List<List<String>> PRIORITY = List.of(List.of("priority", "conformance"),
            List.of("predicates"));
    private static final List<List<String>> WITH_GANG = List.of(List.of("priority", "gang", "conformance"),
            List.of("predicates"));

    private final EvictionCase c = new EvictionCase().queue("q", 1, true)
            .job("low", "q", 1, "low", "Running").job("high", "q", 1, "high", "Inqueue");

    /**
     * {@code Execute}: only jobs for which JobStarving holds preempt (priority and gang in one tier must both
     * say so; gang: ready + pipelined below minMember).
     */
    @Test
    void onlyStarvingJobsPreempt() {
        c.node("n1", 4).add(pod("low-0", "low", 2).running("n1")).add(pod("low-1", "low", 2).running("n1"));
        c.node("n2", 1).add(pod("high-0", "high", 1).running("n2")).add(pod("high-1", "high", 2));
        c.job("high", "q", 1, "high", "Running").run(PREEMPT, WITH_GANG);
        assertThat(c.evictions).as("high has its minMember of 1 running: not starving").isEmpty();

        c.job("high", "q", 2, "high", "Running").run(PREEMPT, WITH_GANG);
        assertThat(c.evictions).as("with minMember 2 it starves").hasSize(1);
    }

    /**
     * {@code preempt}: candidate nodes are those passing {@code PredicateForPreemptAction}; an untolerated taint is
     * UnschedulableAndUnresolvable, so a node with it is no candidate even though its victim would make room.
     */
    @Test
    void candidateNodesExcludeUnresolvablePredicateFailures() {
        c.taintedNode("a-tainted", 2, new Taint("dedicated", "x", TaintEffect.NO_SCHEDULE)).node("b-plain", 2)
                .add(pod("low-0", "low", 2).running("a-tainted")).add(pod("low-1", "low", 2).running("b-plain"))
                .add(pod("high-0", "high", 2));
        c.run(PREEMPT, PRIORITY);
        assertThat(c.evictions).containsExactly("ns/low-1:preempt");
        assertThat(c.pipelined).containsEntry("ns/high-0", "b-plain");
    }

    /**
     * {@code preemptorFitsOnNode}: after each eviction every predicate is asked again; a host port held by a
     * lower-priority pod is Unschedulable (resolvable), so its node is a candidate and evicting the holder frees it.
     */
    @Test
    void aHostPortConflictIsResolvedByEvictingTheHolder() {
        c.node("n1", 8).add(pod("low-0", "low", 1).placement(hostPort(8080)).running("n1"))
                .add(pod("high-0", "high", 1).placement(hostPort(8080)));
        c.run(PREEMPT, PRIORITY);
        assertThat(c.evictions).containsExactly("ns/low-0:preempt");
        assertThat(c.pipelined).containsEntry("ns/high-0", "n1");
    }

    /**
     * {@code normalPreempt}: nodes are tried best score first ({@code PrioritizeNodes}, {@code SortNodes}), not in
     * name order. test-least-cpu scores b-big higher (a smaller share of it is short).
     */
    @Test
    void preemptTriesNodesInNodeScoreOrder() {
        c.node("a-small", 4).node("b-big", 8).add(pod("low-0", "low", 3).running("a-small"))
                .add(pod("low-1", "low", 7).running("b-big")).add(pod("high-0", "high", 2));
        c.run(PREEMPT, List.of(List.of("priority", "gang", "conformance"), List.of("test-least-cpu")));
        assertThat(c.evictions).containsExactly("ns/low-1:preempt");
        assertThat(c.pipelined).containsEntry("ns/high-0", "b-big");
    }

    /** {@code api.PreemptableStatus}: Bound and Running pods are victims; Binding and Releasing ones are not. */
    @Test
    void victimsAreBoundOrRunning() {
        c.node("n1", 2).node("n2", 2).node("n3", 4)
                .add(pod("low-bound", "low", 2).status(TaskStatus.BOUND).nodeName("n1"))
                .add(pod("low-releasing", "low", 2).status(TaskStatus.RELEASING).nodeName("n2"))
                .add(pod("low-running", "low", 2).running("n3")).add(pod("other", "low", 2).running("n3"))
                .add(pod("high-0", "high", 2)).add(pod("high-1", "high", 2)).add(pod("high-2", "high", 2));
        c.job("high", "q", 3, "high", "Inqueue");
        c.run(PREEMPT, List.of(List.of("priority", "conformance"), List.of("predicates")));
        assertThat(c.evictions).hasSize(2).contains("ns/low-bound:preempt").doesNotContain("ns/low-releasing:preempt");
        assertThat(c.pipelined).containsValues("n1", "n2", "n3");
    }

    /** {@code Execute}'s filter: a BestEffort preemptor may not take a pod that has requests. */
    @Test
    void aBestEffortPreemptorTakesOnlyBestEffortVictims() {
        c.node("n1", 8, 2).add(pod("low-0", "low", 1).running("n1")).add(bestEffortPod("low-be", "low").running("n1"))
                .add(bestEffortPod("high-be", "high"));
        c.run(PREEMPT, PRIORITY);
        assertThat(c.evictions).containsExactly("ns/low-be:preempt");
        assertThat(c.pipelined).containsEntry("ns/high-be", "n1");
    }

    @Test
    void aBestEffortPreemptorFindsNoVictimAmongPodsWithRequests() {
        c.node("n1", 8, 1).add(pod("low-0", "low", 1).running("n1")).add(bestEffortPod("high-be", "high"));
        c.run(PREEMPT, PRIORITY);
        assertThat(c.evictions).isEmpty();
        assertThat(c.pipelined).isEmpty();
    }

    /** Any other preemptor may take best-effort victims too (the filter only stops best-effort preemptors). */
    @Test
    void aPreemptorWithRequestsMayTakeBestEffortVictims() {
        c.node("n1", 8, 2).add(bestEffortPod("low-be-0", "low").running("n1"))
                .add(bestEffortPod("low-be-1", "low").running("n1")).add(pod("high-0", "high", 1));
        c.run(PREEMPT, PRIORITY);
        assertThat(c.evictions).hasSize(1);
        assertThat(c.pipelined).containsEntry("ns/high-0", "n1");
    }

    /**
     * {@code util.ValidateVictims} allows an empty victim list when futureIdle covers the task: a pod still
     * releasing leaves room the preemptor is pipelined onto without any eviction, and without a nomination
     * (Volcano nominates only when the pipeline needed evictions, api/job_info.go {@code TaskSchedulingReason}).
     */
    @Test
    void anEmptyVictimListIsEnoughWhenFutureIdleCoversTheTask() {
        c.node("n1", 2).add(pod("low-0", "low", 2).status(TaskStatus.RELEASING).nodeName("n1"))
                .add(pod("high-0", "high", 2));
        c.run(PREEMPT, PRIORITY);
        assertThat(c.evictions).isEmpty();
        assertThat(c.pipelined).containsEntry("ns/high-0", "n1");
        assertThat(c.nominated).isEmpty();
    }

    /** {@code normalPreempt}: victims are evicted one by one only until the preemptor fits, in victim order. */
    @Test
    void evictionStopsOnceThePreemptorFits() {
        c.node("n1", 3);
        for (int i = 0; i < 3; i++) {
            c.add(pod("low-" + i, "low", 1).priority(10 + i).running("n1"));
        }
        c.add(pod("high-0", "high", 2)).run(PREEMPT, PRIORITY);
        assertThat(c.evictions).containsExactly("ns/low-0:preempt", "ns/low-1:preempt");
        assertThat(c.nominated).containsEntry("ns/high-0", "n1");
    }

    /**
     * {@code preemptorFitsOnNode} asks {@code Allocatable} of the preemptor's queue after every eviction: q holds
     * its deserved 2 of 4 cpus, so although 2 cpus are idle the preemptor fits only once a victim of its own queue
     * has left; one is enough.
     */
    @Test
    void queueAllocatableIsRecheckedAfterEachEviction() {
        c.queue("other", 1, true).job("other", "other", 1, "low", "Inqueue").node("n1", 4)
                .add(pod("low-0", "low", 1).running("n1")).add(pod("low-1", "low", 1).running("n1"))
                .add(pod("high-0", "high", 1)).add(pod("other-0", "other", 8));
        c.run(PREEMPT, List.of(List.of("priority", "conformance"), List.of("predicates", "proportion")));
        assertThat(c.evictions).containsExactly("ns/low-1:preempt");
        assertThat(c.pipelined).containsEntry("ns/high-0", "n1");
    }

    /**
     * {@code normalPreempt}'s per-node statement: on a node where the preemptor still does not fit after its
     * victims are gone (a higher-priority pod keeps the host port), the evictions are undone and the next node is
     * tried.
     */
    @Test
    void aNodeWhereThePreemptorStillDoesNotFitKeepsItsPods() {
        c.job("top", "q", 1, "high", "Running").node("a", 2).node("b", 2)
                .add(pod("top-0", "top", 0).placement(hostPort(9000)).running("a"))
                .add(pod("low-0", "low", 2).running("a")).add(pod("low-1", "low", 2).running("b"))
                .add(pod("high-0", "high", 2).placement(hostPort(9000)));
        c.run(PREEMPT, PRIORITY);
        assertThat(c.evictions).containsExactly("ns/low-1:preempt");
        assertThat(c.pipelined).containsEntry("ns/high-0", "b");
    }

    /**
     * {@code Execute}: the job's statement commits only if JobPipelined holds (gang: minMember 2 here), else
     * every eviction of the job is undone. Only high-0 finds a victim (top's pod has high's priority).
     */
    @Test
    void theJobStatementCommitsOnlyIfTheJobIsPipelined() {
        c.job("low", "q", 0, "low", "Running").job("top", "q", 1, "high", "Running")
                .job("high", "q", 2, "high", "Inqueue").node("n1", 2).node("n2", 2)
                .add(pod("low-0", "low", 2).running("n1")).add(pod("top-0", "top", 2).running("n2"))
                .add(pod("high-0", "high", 2)).add(pod("high-1", "high", 2));
        c.run(PREEMPT, WITH_GANG);
        assertThat(c.evictions).isEmpty();
        assertThat(c.pipelined).isEmpty();

        c.job("high", "q", 1, "high", "Inqueue").run(PREEMPT, WITH_GANG);
        assertThat(c.evictions).as("with minMember 1 the job is pipelined").containsExactly("ns/low-0:preempt");
    }

    /**
     * {@code Execute}, preemption within a job: a pending task may evict a lower-priority task of its own job,
     * one statement per task committed when that task is pipelined; with gang out of the way (priority and
     * conformance judge), a lone member of a gang that is not pipelined stays pipelined, as in Volcano.
     */
    @Test
    void withinAJobAPendingTaskEvictsALowerPriorityTaskOfItsOwnJob() {
        c.job("high", "q", 3, "high", "Running").node("n1", 2)
                .add(pod("high-run", "high", 2).priority(1).running("n1"))
                .add(pod("high-0", "high", 2).priority(100)).add(pod("high-1", "high", 2).priority(100));
        c.run(PREEMPT, List.of(List.of("priority", "conformance")));
        assertThat(c.evictions).containsExactly("ns/high-run:preempt");
        assertThat(c.pipelined).containsOnlyKeys("ns/high-0");
    }

    /**
     * {@code Execute}, preemption within a job: the first task that gets no room ends the job's turn
     * ({@code if !assigned { stmt.Discard(); break }}), so a later task that could take room does not try.
     */
    @Test
    void withinAJobTheFirstTaskThatGetsNoRoomEndsTheJobsTurn() {
        c.job("high", "q", 3, "high", "Running").node("n1", 2)
                .add(pod("high-run", "high", 2).priority(1).running("n1"))
                .add(pod("high-big", "high", 4).priority(100)).add(pod("high-small", "high", 2).priority(50));
        c.run(PREEMPT, List.of(List.of("priority", "conformance")));
        assertThat(c.evictions).as("high-big finds no node; high-small is not tried").isEmpty();

        EvictionCase alone = new EvictionCase().queue("q", 1, true).job("high", "q", 3, "high", "Running")
                .node("n1", 2).add(pod("high-run", "high", 2).priority(1).running("n1"))
                .add(pod("high-small", "high", 2).priority(50));
        alone.run(PREEMPT, List.of(List.of("priority", "conformance")));
        assertThat(alone.evictions).as("alone, high-small takes the room").containsExactly("ns/high-run:preempt");
    }

    /** {@code Execute}: a job with a networkTopology does not preempt (Volcano leaves it to gangpreempt). */
    @Test
    void aJobWithANetworkTopologyDoesNotPreempt() {
        c.node("n1", 2).add(pod("low-0", "low", 2).running("n1")).add(pod("high-0", "high", 2));
        c.cache.upsertJob(new dev.caldera.kernel.cache.JobSpec("ns", "high", "q", 1, Map.of(), "high", null,
                "Inqueue", 0).withTopology(new dev.caldera.kernel.topology.NetworkTopologySpec(null, 1, null), List.of()));
        c.run(PREEMPT, PRIORITY);
        assertThat(c.evictions).isEmpty();

        c.job("high", "q", 1, "high", "Inqueue").run(PREEMPT, PRIORITY);
        assertThat(c.evictions).as("without it, it does").containsExactly("ns/low-0:preempt");
    }

    /** {@code taskEligibleToPreempt}: preemptionPolicy Never. */
    @Test
    void aTaskWithPreemptionPolicyNeverDoesNotPreempt() {
        c.node("n1", 2).add(pod("low-0", "low", 2).running("n1")).add(pod("high-0", "high", 2).preemptNever(true));
        c.run(PREEMPT, PRIORITY);
        assertThat(c.evictions).isEmpty();
    }

    /**
     * {@code taskEligibleToPreempt}: a task nominated to a node that still passes its predicates waits for that
     * node and does not preempt elsewhere.
     */
    @Test
    void aTaskNominatedToANodeThatStillPassesItsPredicatesDoesNotPreemptAgain() {
        c.node("n1", 2).node("n2", 2).add(pod("low-0", "low", 2).running("n1")).add(pod("low-1", "low", 2).running("n2"))
                .add(pod("high-0", "high", 2).nominatedNodeName("n1"));
        c.run(PREEMPT, PRIORITY);
        assertThat(c.evictions).isEmpty();
    }

    /** ... unless its nominated node now fails it for an unresolvable reason. */
    @Test
    void aTaskNominatedToANodeItCanNoLongerUsePreemptsAgain() {
        c.taintedNode("n1", 2, new Taint("gone", "", TaintEffect.NO_SCHEDULE)).node("n2", 2)
                .add(pod("low-1", "low", 2).running("n2")).add(pod("high-0", "high", 2).nominatedNodeName("n1"));
        c.run(PREEMPT, PRIORITY);
        assertThat(c.evictions).containsExactly("ns/low-1:preempt");
        assertThat(c.nominated).isEqualTo(Map.of("ns/high-0", "n2"));
    }
}
