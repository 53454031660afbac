package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PreferredTerm;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.NormalizedScorer;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.PluginSessions.node;
import static dev.caldera.kernel.testing.PluginSessions.pending;
import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static dev.caldera.kernel.testing.PluginSessions.running;
import static dev.caldera.kernel.testing.PluginSessions.task;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The nodeorder plugin through a session, on the cluster of Volcano's nodeorder_test.go (n1: 2 cpu / 4Gi,
 * n2: 4 cpu / 8Gi, p1: 1 cpu / 1G): expected numbers follow from kube's formulas, worked out in comments.
 */
class NodeOrderPluginTest {
    private static final ResourceList P1 = ResourceList.of("cpu", 1000L, "memory", 1_000_000_000L);
    private static final PluginOption LEAST_ONLY = plugin("nodeorder", "leastrequested.weight", 1,
            "mostrequested.weight", 0, "balancedresource.weight", 0, "nodeaffinity.weight", 0,
            "tainttoleration.weight", 0, "podaffinity.weight", 0, "podtopologyspread.weight", 0,
            "imagelocality.weight", 0);

    private final PluginCluster cluster = PluginSessions.cluster();

    private void volcanoNodes() {
        node(cluster, "n1", 2000, 4 * GI);
        node(cluster, "n2", 4000, 8 * GI);
    }

    private double score(SessionView s, String task, String node) {
        return s.plugins().score(task(cluster, task), PluginSessions.node(cluster, node));
    }

    @Test
    void leastRequestedAloneGivesVolcanosScenarioScores() {
        volcanoNodes();
        pending(cluster, "p1", P1, PlacementSpec.NONE);
        SessionView s = PluginSessions.open(cluster, LEAST_ONLY);

        assertThat(score(s, "p1", "n1")).isEqualTo(63.0);
        assertThat(score(s, "p1", "n2")).isEqualTo(81.0);
        assertThat(s.plugins().hasBatchScorers()).as("all batch weights are 0").isFalse();
    }

    @Test
    void defaultWeightsAddBalancedResourceAndTheBatchConstants() {
        volcanoNodes();
        pending(cluster, "p1", P1, PlacementSpec.NONE);
        SessionView s = PluginSessions.open(cluster, plugin("nodeorder"));

        // least 63 + balanced 86 (fractions 0.5 and 0.2328: std 0.1336); least 81 + balanced 93
        assertThat(score(s, "p1", "n1")).isEqualTo(149.0);
        assertThat(score(s, "p1", "n2")).isEqualTo(174.0);
        // no taints: tainttoleration 100 x 3; podtopologyspread and podaffinity skip a pod without terms (0)
        assertThat(batch(s, "p1", "n1", "n2")).containsExactly(300.0, 300.0);
    }

    @Test
    void mostRequestedPrefersTheFullerNode() {
        volcanoNodes();
        pending(cluster, "p1", P1, PlacementSpec.NONE);
        SessionView s = PluginSessions.open(cluster, plugin("nodeorder", "leastrequested.weight", 0,
                "mostrequested.weight", 1));

        assertThat(score(s, "p1", "n1")).as("most 36 + balanced 86").isEqualTo(122.0);
        assertThat(score(s, "p1", "n2")).as("most 18 + balanced 93").isEqualTo(111.0);
    }

    @Test
    void placementsInsideTheSessionCountOnTheirNode() {
        volcanoNodes();
        pending(cluster, "p1", P1, PlacementSpec.NONE);
        pending(cluster, "p2", P1, PlacementSpec.NONE);
        SessionView s = PluginSessions.open(cluster, LEAST_ONLY);
        int p1 = task(cluster, "p1");
        int n2 = PluginSessions.node(cluster, "n2");

        Sessions.allocate(s, p1, n2);
        assertThat(score(s, "p2", "n2")).as("(2000 of 4000 -> 50, 2G of 8Gi -> 76) / 2").isEqualTo(63.0);
        Sessions.unplace(s, p1);
        assertThat(score(s, "p2", "n2")).isEqualTo(81.0);
        Sessions.pipeline(s, p1, n2);
        assertThat(score(s, "p2", "n2")).as("pipelined pods count too").isEqualTo(63.0);
    }

    @Test
    void anEvictionInsideTheSessionStopsCountingTheVictimAsInVolcano() {
        volcanoNodes();
        running(cluster, "victim", "n1", P1, PlacementSpec.NONE);
        pending(cluster, "p1", P1, PlacementSpec.NONE);
        SessionView s = PluginSessions.open(cluster, LEAST_ONLY);
        int victim = task(cluster, "victim");

        assertThat(score(s, "p1", "n1")).as("cpu full: (0 + 53) / 2").isEqualTo(26.0);
        byte before = s.status(victim);
        Sessions.evict(s, victim);
        assertThat(score(s, "p1", "n1")).isEqualTo(63.0);
        Sessions.unevict(s, victim, before);
        assertThat(score(s, "p1", "n1")).isEqualTo(26.0);
    }

    @Test
    void podsWithoutRequestsCountKubesNonZeroDefaultsForLeastButNotForBalanced() {
        volcanoNodes();
        running(cluster, "best-effort", "n1", ResourceList.EMPTY, PlacementSpec.NONE);
        pending(cluster, "p1", P1, PlacementSpec.NONE);
        SessionView least = PluginSessions.open(cluster, LEAST_ONLY);
        // cpu (2000 - 1100) x 100 / 2000 = 45; memory 4Gi - (1G + 200Mi) -> 71; (45 + 71) / 2
        assertThat(score(least, "p1", "n1")).isEqualTo(58.0);

        SessionView balanced = PluginSessions.open(cluster, plugin("nodeorder", "leastrequested.weight", 0,
                "nodeaffinity.weight", 0));
        assertThat(score(balanced, "p1", "n1")).as("balanced sees requests as they are").isEqualTo(86.0);
    }

    @Test
    void releasingPodsAtOpenStillCount() {
        volcanoNodes();
        cluster.upsertTask(Pod.builder(PluginSessions.NS, "leaving").job(PluginSessions.JOB).request(P1)
                .nodeName("n1").status(TaskStatus.RELEASING).build());
        pending(cluster, "p1", P1, PlacementSpec.NONE);
        SessionView s = PluginSessions.open(cluster, LEAST_ONLY);

        assertThat(score(s, "p1", "n1")).isEqualTo(26.0);
    }

    @Test
    void balancedResourceIncludesTheGpuWhenThePodAsksForOne() {
        ResourceList gpuNode = ResourceList.of("cpu", 3500L, "memory", 40000L, "pods", 110L, "nvidia.com/gpu", 8000L);
        PluginSessions.node(cluster, "node1", gpuNode, Map.of(), List.of(), false);
        PluginSessions.node(cluster, "node2", gpuNode, Map.of(), List.of(), false);
        running(cluster, "gpu-user", "node1",
                ResourceList.of("cpu", 3000L, "memory", 5000L, "nvidia.com/gpu", 3000L), PlacementSpec.NONE);
        running(cluster, "cpu-user", "node2", ResourceList.of("cpu", 3000L, "memory", 5000L), PlacementSpec.NONE);
        pending(cluster, "wants-gpu", ResourceList.of("nvidia.com/gpu", 1000L), PlacementSpec.NONE);
        SessionView s = PluginSessions.open(cluster, plugin("nodeorder", "leastrequested.weight", 0,
                "nodeaffinity.weight", 0));

        // kube's balanced_allocation_test "include scalar resource on a node"
        assertThat(score(s, "wants-gpu", "node1")).isEqualTo(70.0);
        assertThat(score(s, "wants-gpu", "node2")).isEqualTo(65.0);
    }

    /**
     * nodeaffinity runs among current Volcano's batch score plugins ({@code nodeorder.go BatchNodeOrderFn},
     * {@code nodescore.CalculatePluginScore}): the matching preferred terms' weights are summed per node, then
     * NodeAffinity's NormalizeScore scales them to 100 x raw / max over the candidates, times the weight (v1.7
     * added the raw sums, here 30 and 10).
     */
    @Test
    void nodeAffinitySumsMatchingPreferredTermWeightsNormalizedAcrossTheCandidates() {
        zoneAndDiskNodes();
        SelectorTerm zoneA = term(new SelectorRequirement("zone", SelectorOperator.IN, List.of("a")));
        SelectorTerm ssd = term(new SelectorRequirement("disk", SelectorOperator.IN, List.of("ssd")));
        SelectorTerm broken = term(new SelectorRequirement("zone", SelectorOperator.GT, List.of("x")));
        pending(cluster, "p", ResourceList.EMPTY, new PlacementSpec(Map.of(), List.of(), List.of(
                new PreferredTerm(5, zoneA), new PreferredTerm(10, ssd), new PreferredTerm(0, zoneA),
                new PreferredTerm(7, broken)), List.of(), List.of()));
        SessionView s = PluginSessions.open(cluster, plugin("nodeorder", "leastrequested.weight", 0,
                "balancedresource.weight", 0, "tainttoleration.weight", 0, "podaffinity.weight", 0,
                "podtopologyspread.weight", 0));

        assertThat(score(s, "p", "both")).as("not a node-local score").isZero();
        // raw 15, 5, 0; max 15: 100, 33 (integer division), 0; times 2
        assertThat(batch(s, "p", "both", "zone-only", "neither")).containsExactly(200.0, 66.0, 0.0);
        // without "both" among the candidates zone-only has the largest raw value
        assertThat(batch(s, "p", "zone-only", "neither")).containsExactly(200.0, 0.0);
        assertThat(batch(s, "p", "neither")).as("largest raw 0: every node 0").containsExactly(0.0);
    }

    /**
     * The node affinity scorer's batch raw values are its per-node ones: for a pod with preferred terms (15, 5, 0)
     * and for one without (0 everywhere, which the batch form writes without a look-up per node).
     */
    @Test
    void nodeAffinityRawValuesInABatchAreThePerNodeOnes() {
        zoneAndDiskNodes();
        pending(cluster, "prefers", ResourceList.EMPTY, new PlacementSpec(Map.of(), List.of(), List.of(
                new PreferredTerm(5, term(new SelectorRequirement("zone", SelectorOperator.IN, List.of("a")))),
                new PreferredTerm(10, term(new SelectorRequirement("disk", SelectorOperator.IN, List.of("ssd"))))),
                List.of(), List.of()));
        pending(cluster, "indifferent", ResourceList.EMPTY, PlacementSpec.NONE);
        SessionView s = PluginSessions.open(cluster, plugin("nodeorder", "tainttoleration.weight", 0));
        NormalizedScorer affinity = Arrays.stream(s.plugins().normalizedScorers())
                .filter(NodeAffinityScores.class::isInstance).findFirst().orElseThrow();
        int[] rows = {PluginSessions.node(cluster, "both"), PluginSessions.node(cluster, "zone-only"),
                PluginSessions.node(cluster, "neither")};

        for (String pod : new String[] {"prefers", "indifferent"}) {
            int t = task(cluster, pod);
            int[] batch = new int[rows.length];
            affinity.rawAll(t, rows, 0, rows.length, batch);
            int[] perNode = Arrays.stream(rows).map(n -> affinity.raw(t, n)).toArray();
            assertThat(batch).as(pod).containsExactly(perNode);
        }
        assertThat(affinity.raw(task(cluster, "prefers"), rows[0])).isEqualTo(15);
    }

    /** Nodes "both" (zone a, disk ssd), "zone-only" (zone a) and "neither", alike in everything else. */
    private void zoneAndDiskNodes() {
        PluginSessions.node(cluster, "both", ResourceList.of("cpu", 1000L, "pods", 10L),
                Map.of("zone", "a", "disk", "ssd"), List.of(), false);
        PluginSessions.node(cluster, "zone-only", ResourceList.of("cpu", 1000L, "pods", 10L), Map.of("zone", "a"),
                List.of(), false);
        PluginSessions.node(cluster, "neither", ResourceList.of("cpu", 1000L, "pods", 10L), Map.of(), List.of(), false);
    }

    /**
     * BalancedAllocation's PreScore returns Skip for a pod that requests none of its resources (kube-scheduler
     * noderesources/balanced_allocation.go, {@code isBestEffortPod}), and Volcano then adds nothing for it.
     */
    @Test
    void balancedResourceSkipsABestEffortPod() {
        volcanoNodes();
        running(cluster, "busy", "n1", ResourceList.of("cpu", 1500L), PlacementSpec.NONE);
        pending(cluster, "best-effort", ResourceList.EMPTY, PlacementSpec.NONE);
        pending(cluster, "p1", P1, PlacementSpec.NONE);
        SessionView s = PluginSessions.open(cluster, plugin("nodeorder", "leastrequested.weight", 0,
                "nodeaffinity.weight", 0));
        assertThat(score(s, "best-effort", "n1")).isZero();
        assertThat(score(s, "best-effort", "n2")).isZero();
        assertThat(score(s, "p1", "n2")).as("a pod with requests is scored").isEqualTo(93.0);
    }

    @Test
    void untoleratedPreferNoScheduleTaintsAreNormalizedAcrossTheCandidates() {
        Taint spot = new Taint("spot", "true", TaintEffect.PREFER_NO_SCHEDULE);
        Taint old = new Taint("old", "", TaintEffect.PREFER_NO_SCHEDULE);
        ResourceList alloc = ResourceList.of("cpu", 1000L, "pods", 10L);
        PluginSessions.node(cluster, "clean", alloc, Map.of(), List.of(), false);
        PluginSessions.node(cluster, "one", alloc, Map.of(), List.of(spot), false);
        PluginSessions.node(cluster, "two", alloc, Map.of(), List.of(spot, old), false);
        pending(cluster, "plain", ResourceList.EMPTY, PlacementSpec.NONE);
        pending(cluster, "spot-ok", ResourceList.EMPTY, new PlacementSpec(Map.of(), List.of(), List.of(),
                List.of(new Toleration("spot", true, "", null)), List.of()));
        SessionView s = PluginSessions.open(cluster, plugin("nodeorder", "podtopologyspread.weight", 0));

        // raw 0, 1, 2 -> 100, 50, 0, times 3
        assertThat(batch(s, "plain", "clean", "one", "two")).containsExactly(300.0, 150.0, 0.0);
        // raw 0, 0, 1 -> 100, 100, 0
        assertThat(batch(s, "spot-ok", "clean", "one", "two")).containsExactly(300.0, 300.0, 0.0);
        // all raw 0 -> every node 100
        assertThat(batch(s, "spot-ok", "clean", "one")).containsExactly(300.0, 300.0);
    }

    /** Current Volcano's nodeorder has no selectorspread scorer: its weight adds nothing. */
    @Test
    void weightlessScorersAreNotRegisteredAndSelectorSpreadAddsNothing() {
        volcanoNodes();
        pending(cluster, "p1", P1, PlacementSpec.NONE);
        SessionView none = PluginSessions.open(cluster, plugin("nodeorder", "leastrequested.weight", 0,
                "balancedresource.weight", 0, "nodeaffinity.weight", 0, "tainttoleration.weight", 0,
                "podtopologyspread.weight", 0, "podaffinity.weight", 0, "selectorspread.weight", 4));
        assertThat(none.plugins().hasBatchScorers()).isFalse();
        assertThat(score(none, "p1", "n1")).isZero();
    }

    private static SelectorTerm term(SelectorRequirement... requirements) {
        return new SelectorTerm(List.of(requirements), List.of());
    }

    /** The batch scorers' contributions alone for {@code task} over {@code nodes} as candidates. */
    private double[] batch(SessionView s, String task, String... nodes) {
        int[] rows = new int[nodes.length];
        double[] scores = new double[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            rows[i] = PluginSessions.node(cluster, nodes[i]);
        }
        s.plugins().batchScore(task(cluster, task), rows, rows.length, scores);
        return scores;
    }
}
