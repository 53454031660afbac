package dev.caldera.kernel.action;

import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.testing.EvictionCase;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.EvictionCase.pod;
import static dev.caldera.kernel.testing.InterPodCluster.HOST;
import static dev.caldera.kernel.testing.InterPodCluster.affinity;
import static dev.caldera.kernel.testing.InterPodCluster.anti;
import static dev.caldera.kernel.testing.InterPodCluster.selector;
import static dev.caldera.kernel.testing.InterPodCluster.term;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The inter-pod filters inside current Volcano's preempt (pkg/scheduler/actions/preempt/preempt.go: preempt
 * calls PrePredicateFn once per preemptor, candidate nodes come from PredicateForPreemptAction, and
 * preemptorFitsOnNode re-runs PredicateFn after each eviction with the cycle state PrePredicate wrote; the
 * kube InterPodAffinity Filter reads only that state). One queue; job "low" runs low-priority pods, the
 * preemptor's job "high" waits. (A test of the preempt and backfill actions with the inter-pod filters, so
 * here rather than among the plugin tests, which see the framework alone.)
 */
class InterPodPreemptionTest {
    private static final List<String> PREEMPT = List.of("preempt");
    private static final List<List<String>> TIERS = List.of(List.of("priority", "conformance"),
            List.of("predicates"));

    private final EvictionCase c = new EvictionCase().queue("q", 1, true)
            .job("low", "q", 1, "low", "Running").job("high", "q", 1, "high", "Inqueue");

    /**
     * Anti-affinity is Unschedulable, so the node is a candidate; but the filter keeps the PrePredicate counts,
     * in which the conflicting pod is still there: evicting it never makes the preemptor fit, the node's
     * evictions are undone, and nothing is preempted.
     */
    @Test
    void evictingTheConflictingPodDoesNotSatisfyAntiAffinityWhilePreempting() {
        c.node("n1", 2).add(pod("rival", "low", 2).labels(Map.of("app", "web")).running("n1"))
                .add(pod("web", "high", 2).labels(Map.of("app", "web")).interPod(anti(term(selector("app", "web"),
                        HOST))));
        c.run(PREEMPT, TIERS);
        assertThat(c.evictions).isEmpty();
        assertThat(c.pipelined).isEmpty();
    }

    /** Unmet required affinity is UnschedulableAndUnresolvable: the node is no candidate; the db's node is. */
    @Test
    void preemptionHonoursRequiredAffinity() {
        c.node("n1", 2).node("n2", 4)
                .add(pod("low-a", "low", 2).running("n1"))
                .add(pod("db", "high", 2).labels(Map.of("app", "db")).preemptable(false).running("n2"))
                .add(pod("low-b", "low", 2).running("n2"))
                .add(pod("web", "high", 2).labels(Map.of("app", "web")).interPod(affinity(term(selector("app", "db"),
                        HOST))));
        c.job("high", "q", 1, "high", "Inqueue").run(PREEMPT, TIERS);
        assertThat(c.evictions).containsExactly("ns/low-b:preempt");
        assertThat(c.pipelined).containsEntry("ns/web", "n2");
    }

    /** Backfill (actions/backfill/backfill.go Execute: PrePredicateFn, then PredicateNodes) honours them too. */
    @Test
    void bestEffortPodsHonourTheRulesInBackfill() {
        c.node("n1", 2).node("n2", 2).add(pod("rival", "low", 1).labels(Map.of("app", "web")).running("n1"))
                .add(EvictionCase.bestEffortPod("web", "high").labels(Map.of("app", "web"))
                        .interPod(anti(term(selector("app", "web"), HOST))));
        c.run(List.of("backfill"), TIERS);
        assertThat(c.binds).containsExactly("ns/web@n2");
    }

    /** A pod with no inter-pod terms preempts as before. */
    @Test
    void podsWithoutTermsAreUnaffected() {
        c.node("n1", 2).add(pod("rival", "low", 2).labels(Map.of("app", "web")).running("n1"))
                .add(pod("plain", "high", 2).labels(Map.of("app", "web")).interPod(InterPodSpec.NONE));
        c.run(PREEMPT, TIERS);
        assertThat(c.evictions).containsExactly("ns/rival:preempt");
    }
}
