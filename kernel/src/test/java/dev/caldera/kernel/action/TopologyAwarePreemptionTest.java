package dev.caldera.kernel.action;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.testing.EvictionCase;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static dev.caldera.kernel.testing.EvictionCase.pod;
import static dev.caldera.kernel.testing.InterPodCluster.HOST;
import static dev.caldera.kernel.testing.InterPodCluster.anti;
import static dev.caldera.kernel.testing.InterPodCluster.selector;
import static dev.caldera.kernel.testing.InterPodCluster.term;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Preempt with {@code enableTopologyAwarePreemption}, from current Volcano's actions/preempt/preempt.go
 * (functions named per test), each against the same cluster under normal preemption. One queue; job "low"
 * runs the victims (pod priorities as given), the preemptor's job "high" waits.
 */
class TopologyAwarePreemptionTest {
    private static final List<String> PREEMPT = List.of("preempt");
    private static final List<List<String>> TIERS = List.of(List.of("priority", "conformance"),
            List.of("predicates"));

    private static EvictionCase run(Consumer<EvictionCase> cluster, Map<String, Arguments> args) {
        EvictionCase c = new EvictionCase().queue("q", 1, true)
                .job("low", "q", 1, "low", "Running").job("high", "q", 1, "high", "Inqueue");
        cluster.accept(c);
        return c.run(PREEMPT, TIERS, args);
    }

    private static Map<String, Arguments> topologyAware(Object... keyValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("enableTopologyAwarePreemption", true);
        for (int i = 0; i < keyValues.length; i += 2) {
            args.put((String) keyValues[i], keyValues[i + 1]);
        }
        return Map.of("preempt", new Arguments("action 'preempt'", args));
    }

    /**
     * {@code SelectVictimsOnNode}: a victim removed through SimulateRemoveTask leaves the InterPodAffinity state,
     * so SimulatePredicateFn passes once the conflicting pod is gone; normal preemption's filter keeps the
     * PrePredicate counts and evicts nothing.
     */
    @Test
    void evictingTheConflictingPodSatisfiesAntiAffinity() {
        Consumer<EvictionCase> cluster = c -> c.node("n1", 2)
                .add(pod("rival", "low", 2).priority(10).labels(Map.of("app", "web")).running("n1"))
                .add(pod("web", "high", 2).priority(100).labels(Map.of("app", "web"))
                        .interPod(anti(term(selector("app", "web"), HOST))));
        EvictionCase aware = run(cluster, topologyAware());
        assertThat(aware.evictions).containsExactly("ns/rival:preempt");
        assertThat(aware.pipelined).containsEntry("ns/web", "n1");
        assertThat(run(cluster, Map.of()).evictions).as("normal preemption").isEmpty();
    }

    /** {@code SelectVictimsOnNode} (reprievePod): victims are put back highest priority first when not needed. */
    @Test
    void onlyTheVictimsTheRoomNeedsAreEvicted() {
        // victim order (lowest priority first): small, then big; the preemptor needs 2 of the node's 3 cpus
        Consumer<EvictionCase> cluster = c -> c.node("n1", 3)
                .add(pod("small", "low", 1).priority(5).running("n1"))
                .add(pod("big", "low", 2).priority(10).running("n1"))
                .add(pod("web", "high", 2).priority(100));
        assertThat(run(cluster, topologyAware()).evictions).as("small is reprieved")
                .containsExactly("ns/big:preempt");
        assertThat(run(cluster, Map.of()).evictions).as("normal preemption evicts in victim order until it fits")
                .containsExactly("ns/small:preempt", "ns/big:preempt");
    }

    /**
     * {@code pickOneNodeForPreemption}: the node whose first (highest-priority) victim has the lowest priority;
     * {@code calculateNumCandidates}: 10% of the candidate nodes, at least 1, so with two nodes only the first
     * dry-run candidate is considered unless minCandidateNodesPercentage asks for more.
     */
    @Test
    void theCandidateWithTheLowestPriorityVictimsIsPicked() {
        Consumer<EvictionCase> cluster = c -> c.node("n1", 2).node("n2", 2)
                .add(pod("on-n1", "low", 2).priority(20).running("n1"))
                .add(pod("on-n2", "low", 2).priority(10).running("n2"))
                .add(pod("web", "high", 2).priority(100));
        EvictionCase all = run(cluster, topologyAware("minCandidateNodesPercentage", 100L));
        assertThat(all.evictions).containsExactly("ns/on-n2:preempt");
        assertThat(all.pipelined).containsEntry("ns/web", "n2");
        EvictionCase first = run(cluster, topologyAware());
        assertThat(first.evictions).as("one candidate is enough").containsExactly("ns/on-n1:preempt");
    }

    /** {@code DryRunPreemption}: a node where the preemptor fits without evicting is no candidate. */
    @Test
    void aNodeNeedingNoEvictionIsNoCandidate() {
        Consumer<EvictionCase> cluster = c -> c.node("n1", 4).add(pod("web", "high", 2).priority(100));
        assertThat(run(cluster, topologyAware()).pipelined).isEmpty();
        assertThat(run(cluster, Map.of()).pipelined).as("normal preemption pipelines without victims")
                .containsEntry("ns/web", "n1");
    }

    /** {@code calculateNumCandidates}: numNodes x percentage / 100, clamped to [min, max] and to numNodes. */
    @Test
    void theNumberOfCandidatesFollowsVolcanosArguments() {
        assertThat(PreemptOptions.DEFAULT.candidatesFor(5)).isEqualTo(1);
        assertThat(PreemptOptions.DEFAULT.candidatesFor(50)).isEqualTo(5);
        assertThat(PreemptOptions.DEFAULT.candidatesFor(5000)).isEqualTo(100);
        assertThat(new PreemptOptions(true, 10, 3, 100).candidatesFor(2)).isEqualTo(2);
        assertThat(PreemptOptions.from(topologyAware("minCandidateNodesAbsolute", 4L).get("preempt")))
                .isEqualTo(new PreemptOptions(true, 10, 4, 100));
    }
}
