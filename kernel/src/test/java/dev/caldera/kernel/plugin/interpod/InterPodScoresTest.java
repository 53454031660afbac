package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.SpreadConstraint;
import dev.caldera.kernel.placement.WeightedPodAffinityTerm;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.InterPodCluster;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.caldera.kernel.testing.InterPodCluster.HOST;
import static dev.caldera.kernel.testing.InterPodCluster.ZONE;
import static dev.caldera.kernel.testing.InterPodCluster.affinity;
import static dev.caldera.kernel.testing.InterPodCluster.labels;
import static dev.caldera.kernel.testing.InterPodCluster.preferred;
import static dev.caldera.kernel.testing.InterPodCluster.selector;
import static dev.caldera.kernel.testing.InterPodCluster.spread;
import static dev.caldera.kernel.testing.InterPodCluster.term;
import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * nodeorder's podaffinity and podtopologyspread scores (Volcano pkg/scheduler/plugins/nodeorder/nodeorder.go:
 * InitPlugin, BatchNodeOrderFn; util/nodescore/score_helper.go: CalculatePluginScore, which multiplies by the
 * weight, 2 for both by default), from kube-scheduler's interpodaffinity/scoring.go (PreScore,
 * processExistingPod, Score, NormalizeScore) and podtopologyspread/scoring.go (initPreScoreState, PreScore,
 * Score, NormalizeScore, topologyNormalizingWeight, scoreForCount). Zones a (n1, n2), b (n3), c (n4); n5 has
 * no zone. Other batch scores are switched off so each test reads one score.
 */
class InterPodScoresTest {
    private final InterPodCluster c = new InterPodCluster().node("n1", "a").node("n2", "a").node("n3", "b")
            .node("n4", "c").node("n5", null);

    private SessionView affinityOnly() {
        return PluginSessions.open(c.cluster, plugin("predicates"), plugin("nodeorder", "tainttoleration.weight", 0,
                "podtopologyspread.weight", 0));
    }

    private SessionView spreadOnly() {
        return PluginSessions.open(c.cluster, plugin("predicates"), plugin("nodeorder", "tainttoleration.weight", 0,
                "podaffinity.weight", 0));
    }

    private double[] batch(SessionView s, String task, String... nodes) {
        int[] rows = new int[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            rows[i] = c.node(nodes[i]);
        }
        double[] scores = new double[nodes.length];
        s.plugins().prePredicate(c.task(task));
        s.plugins().batchScore(c.task(task), rows, rows.length, scores);
        return scores;
    }

    /** processExistingPod + Score: +weight per matching pod in the domain; NormalizeScore min-max to 0-100. */
    @Test
    void preferredAffinityScoresDomainsByMatchingPodsMinMaxNormalized() {
        c.pod("db0", "n1", labels("app", "db"), InterPodSpec.NONE);
        c.pod("db1", "n1", labels("app", "db"), InterPodSpec.NONE);
        c.pod("db2", "n3", labels("app", "db"), InterPodSpec.NONE);
        c.pod("web", null, labels("app", "web"), preferred(10, term(selector("app", "db"), ZONE)));
        SessionView s = affinityOnly();

        // raw 20, 20, 10, 0 -> 100, 100, 50, 0, times 2
        assertThat(batch(s, "web", "n1", "n2", "n3", "n4")).containsExactly(200.0, 200.0, 100.0, 0.0);
        // the same raw values among fewer candidates normalize differently: 20, 10 -> 100, 0
        assertThat(batch(s, "web", "n2", "n3")).containsExactly(200.0, 0.0);
    }

    /** Preferred anti-affinity subtracts its weight per matching pod in the domain. */
    @Test
    void preferredAntiAffinitySubtracts() {
        c.pod("db0", "n1", labels("app", "db"), InterPodSpec.NONE);
        c.pod("db1", "n1", labels("app", "db"), InterPodSpec.NONE);
        c.pod("cache", "n2", labels("app", "cache"), InterPodSpec.NONE);
        c.pod("web", null, labels("app", "web"), InterPodSpec.of(List.of(), List.of(),
                List.of(new WeightedPodAffinityTerm(10, term(selector("app", "db"), ZONE))),
                List.of(new WeightedPodAffinityTerm(5, term(selector("app", "cache"), HOST))), List.of()));
        SessionView s = affinityOnly();

        // raw 20, 15, 0 -> 100, 75, 0
        assertThat(batch(s, "web", "n1", "n2", "n3")).containsExactly(200.0, 150.0, 0.0);
    }

    /** processExistingPod: an existing pod's preferred term that selects the incoming pod scores its domain. */
    @Test
    void existingPodsPreferredTermsScoreTheIncomingPod() {
        c.pod("picky", "n3", labels("app", "picky"), preferred(30, term(selector("app", "web"), ZONE)));
        c.pod("web", null, labels("app", "web"), InterPodSpec.NONE);
        c.pod("db", null, labels("app", "db"), InterPodSpec.NONE);
        SessionView s = affinityOnly();

        assertThat(batch(s, "web", "n1", "n3")).containsExactly(0.0, 200.0);
        assertThat(batch(s, "db", "n1", "n3")).containsExactly(0.0, 0.0);
    }

    /** Volcano builds the plugin with InterPodAffinityArgs{}: hardPodAffinityWeight 0, so required terms of
     *  existing pods add nothing. */
    @Test
    void existingPodsRequiredAffinityDoesNotScore() {
        c.pod("needy", "n3", labels("app", "needy"), affinity(term(selector("app", "web"), ZONE)));
        c.pod("web", null, labels("app", "web"), InterPodSpec.NONE);
        SessionView s = affinityOnly();

        assertThat(batch(s, "web", "n1", "n3")).containsExactly(0.0, 0.0);
    }

    /**
     * initPreScoreState + Score: domains among the candidates weigh ln(3 + 2); raw a round(2 x 1.609) = 3,
     * b 2, c 0; NormalizeScore 100 x (max + min - raw) / max: 0, 33, 100.
     */
    @Test
    void spreadScoreFavoursDomainsWithFewerMatchingPods() {
        c.pod("w0", "n1", labels("app", "web"), InterPodSpec.NONE);
        c.pod("w1", "n2", labels("app", "web"), InterPodSpec.NONE);
        c.pod("w2", "n3", labels("app", "web"), InterPodSpec.NONE);
        c.pod("new", null, labels("app", "web"), spread(SpreadConstraint.of(1, ZONE, false, selector("app", "web"))));
        c.pod("loose", null, labels("app", "web"), spread(SpreadConstraint.of(2, ZONE, false,
                selector("app", "web"))));
        SessionView s = spreadOnly();

        assertThat(batch(s, "new", "n1", "n2", "n3", "n4")).containsExactly(0.0, 0.0, 66.0, 200.0);
        // maxSkew 2 adds 1 to every raw score: 4, 4, 3, 1 -> 25, 25, 50, 100
        assertThat(batch(s, "loose", "n1", "n2", "n3", "n4")).containsExactly(50.0, 50.0, 100.0, 200.0);
    }

    /** NormalizeScore: candidates without the key (IgnoredNodes) score 0; when the largest raw is 0, 100. */
    @Test
    void spreadScoreIgnoresCandidatesWithoutTheKey() {
        c.pod("new", null, labels("app", "web"), spread(SpreadConstraint.of(1, ZONE, false, selector("app", "web"))));
        SessionView s = spreadOnly();

        assertThat(batch(s, "new", "n1", "n5")).containsExactly(200.0, 0.0);
    }

    /** PreScore skips a pod without ScheduleAnyway constraints (no Service selects it): no score at all. */
    @Test
    void podsWithoutTermsScoreNothing() {
        c.pod("w0", "n1", labels("app", "web"), InterPodSpec.NONE);
        c.pod("plain", null, labels("app", "web"), InterPodSpec.NONE);
        c.pod("hard", null, labels("app", "web"), spread(SpreadConstraint.of(1, ZONE, true, selector("app", "web"))));
        SessionView s = PluginSessions.open(c.cluster, plugin("predicates"), plugin("nodeorder", "tainttoleration.weight",
                0));

        assertThat(batch(s, "plain", "n1", "n3")).containsExactly(0.0, 0.0);
        assertThat(batch(s, "hard", "n1", "n3")).containsExactly(0.0, 0.0);
    }
}
