package dev.caldera.kernel.plugin.drf;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.Sessions;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The hierarchical DRF tree of current Volcano's {@code plugins/drf/drf.go} ({@code updateHierarchicalShare},
 * {@code resourceSaturated}, {@code compareQueues}, the hierarchical reclaimFn) on a cluster of 20 cpu and 10
 * GPUs (and 1,000 pods, so the pods dimension never dominates). The numbers follow the examples of
 * {@code docs/design/hdrf.md}.
 */
class HdrfTreeTest {
    private PluginCluster cluster = new PluginCluster();
    private SessionView session;
    private DrfPlugin plugin;

    /** hdrf.md, starvation example: n2's CPU-only child is rescaled to its GPU-only sibling's share. */
    @Test
    void anInnerNodeRescalesItsChildrenToTheSmallestShare() {
        cluster();
        job("q-n21", "cpu", 10, 10, "cpu", 1000);
        job("q-n22", "gpu", 2, 8, "nvidia.com/gpu", 1000);
        open();
        HdrfTree t = plugin.hierarchyTree();
        assertThat(t.shareOf(t.node("/n2/n21"))).isCloseTo(0.5, within(1e-12));
        assertThat(t.shareOf(t.node("/n2/n22"))).isCloseTo(0.2, within(1e-12));
        // n21 (10 cpu) scaled by 0.2 / 0.5 to 4 cpu; plus n22's 2 GPUs: max(4/20, 2/10) = 0.2, not 0.5
        assertThat(t.shareOf(t.node("/n2"))).isCloseTo(0.2, within(1e-12));
    }

    /**
     * A job that holds CPU when the cluster's CPU is fully allocated is saturated and not scaled; its parent
     * stays unsaturated while a sibling still demands. (Volcano's code, unlike the design text, does not drop
     * saturated resources from the parent's share: n2's share is the CPU one, 1.0.)
     */
    @Test
    void aLeafHoldingAFullyAllocatedResourceIsSaturated() {
        cluster();
        job("q-n21", "cpu", 20, 5, "cpu", 1000);
        job("q-n22", "gpu", 2, 8, "nvidia.com/gpu", 1000);
        open();
        HdrfTree t = plugin.hierarchyTree();
        assertThat(t.saturatedOf(t.node("/n2/n21"))).isTrue();
        assertThat(t.saturatedOf(t.node("/n2/n22"))).isFalse();
        assertThat(t.saturatedOf(t.node("/n2"))).isFalse();
        assertThat(t.shareOf(t.node("/n2"))).isCloseTo(1.0, within(1e-12));
    }

    /** A leaf that got everything it asks for of a resource it holds is saturated; saturated queues go last. */
    @Test
    void aSatisfiedLeafIsSaturatedAndItsQueueGoesLast() {
        cluster();
        job("q-n1", "done", 1, 0, "nvidia.com/gpu", 1000);
        job("q-n22", "more", 3, 5, "nvidia.com/gpu", 1000);
        open();
        HdrfTree t = plugin.hierarchyTree();
        assertThat(t.saturatedOf(t.node("/n1"))).isTrue();
        // n1 has the lower share (0.1 against 0.3) but is saturated, so n2's queue comes first
        assertThat(plugin.compareQueues(cluster.queueRow("q-n22"), cluster.queueRow("q-n1"))).isNegative();
    }

    /**
     * Hierarchical reclaimFn: a victim when the reclaimer's queue still comes first after the move. (The reclaimer's
     * job keeps more pending pods: one that the request would satisfy becomes saturated and goes last.)
     */
    @Test
    void reclaimTakesOnlyWhileTheReclaimersQueueStaysAhead() {
        cluster();
        job("q-n1", "small", 2, 3, "cpu", 1000);
        job("q-n22", "big", 12, 0, "cpu", 1000);
        open();
        int reclaimer = cluster.taskRow("ns/small-2");
        // n1 with the request: 3/20 = 0.15; n2 without one big pod: 11/20 = 0.55 -> n1 first -> victim
        assertThat(victims(reclaimer, "ns/big-0").toIntArray()).containsExactly(cluster.taskRow("ns/big-0"));
        cluster = new PluginCluster();
        cluster();
        job("q-n1", "small", 8, 3, "cpu", 1000);
        job("q-n22", "big", 8, 0, "cpu", 1000);
        open();
        // n1 with the request: 9/20; n2 without one pod: 7/20 -> n2 first -> no victim
        assertThat(victims(cluster.taskRow("ns/small-8"), "ns/big-0").isEmpty()).isTrue();
    }

    /** Missing or unreadable weights are reported and read as 1, never a crash. */
    @Test
    void badWeightsAreReportedAndReadAsOne() {
        cluster.upsertQueue("odd", 1, null, null, null, true, null, 0, null, 0, "root/a/b", "1/x");
        node();
        job("odd", "j", 1, 0, "cpu", 1000);
        open();
        assertThat(plugin.hierarchyProblems()).containsExactly(
                "Queue odd: volcano.sh/hierarchy-weights '1/x': 'x' is not a number; weight 1 is used",
                "Queue odd: volcano.sh/hierarchy-weights '1/x' has fewer levels than volcano.sh/hierarchy;"
                        + " weight 1 is used");
        assertThat(plugin.hierarchyTree().weight[plugin.hierarchyTree().node("/a/b")]).isEqualTo(1.0);
    }

    // ------------------------------------------------------------------ fixtures

    private void cluster() {
        queue("q-n1", "root/n1", "1/1");
        queue("q-n21", "root/n2/n21", "1/1/1");
        queue("q-n22", "root/n2/n22", "1/1/1");
        node();
    }

    private void node() {
        cluster.upsertNode("n1", ResourceList.of("cpu", 20_000L, "memory", 64L << 30, "pods", 1000L,
                "nvidia.com/gpu", 10_000L), Map.of("kubernetes.io/hostname", "n1"), List.of(), false);
    }

    private void queue(String name, String hierarchy, String weights) {
        cluster.upsertQueue(name, 1, null, null, null, true, null, 0, null, 0, hierarchy, weights);
    }

    /** {@code running} pods on n1 and {@code pending} more, each asking 1 unit of {@code resource}. */
    private void job(String queue, String name, int running, int pending, String resource, long amount) {
        cluster.upsertJob("ns", name, queue, 0, Map.of(), null, null, "Running", 0);
        for (int i = 0; i < running + pending; i++) {
            Pod.Builder b = Pod.builder("ns", name + "-" + i).job(name)
                    .request(ResourceList.of(resource, amount));
            cluster.upsertTask((i < running ? b.running("n1") : b).build());
        }
    }

    private void open() {
        session = Sessions.open(cluster, Sessions.plugin("drf", Map.of(PluginFlag.HIERARCHY, true)));
        plugin = session.plugins().plugin(DrfPlugin.class);
    }

    private IntArrayList victims(int reclaimer, String... candidateKeys) {
        IntArrayList candidates = new IntArrayList();
        for (String k : candidateKeys) {
            candidates.add(cluster.taskRow(k));
        }
        IntArrayList victims = new IntArrayList();
        plugin.hierarchicalVictims(reclaimer, candidates, victims);
        return victims;
    }
}
