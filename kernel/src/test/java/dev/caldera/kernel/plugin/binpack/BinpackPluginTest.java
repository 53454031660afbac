package dev.caldera.kernel.plugin.binpack;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.PluginSessions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static dev.caldera.kernel.testing.PluginSessions.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Volcano v1.7's binpack_test.go TestNode, transcribed: p1 (1 cpu, 1Gi) bound on n1, p2 (1.5 cpu, 0Gi) bound
 * on n3, p3 (2 cpu, 10Gi, 2 GPUs) and p4 (3 cpu, 4Gi, 3 example.com/foo) pending; n1 2 cpu / 4Gi, n2 4 cpu /
 * 16Gi / 4 GPUs, n3 2 cpu / 4Gi / 16 foo. Every task is scored on every node.
 */
class BinpackPluginTest {
    private static final String GPU = "nvidia.com/gpu";
    private static final String FOO = "example.com/foo";

    private final ClusterCache cache = PluginSessions.cache();

    @BeforeEach
    void volcanoCluster() {
        PluginSessions.node(cache, "n1", ResourceList.of("cpu", 2000L, "memory", 4 * GI), Map.of(), List.of(), false);
        PluginSessions.node(cache, "n2", ResourceList.of("cpu", 4000L, "memory", 16 * GI, GPU, 4000L), Map.of(),
                List.of(), false);
        PluginSessions.node(cache, "n3", ResourceList.of("cpu", 2000L, "memory", 4 * GI, FOO, 16000L), Map.of(),
                List.of(), false);
        bound("p1", "n1", ResourceList.of("cpu", 1000L, "memory", GI));
        bound("p2", "n3", ResourceList.of("cpu", 1500L, "memory", 0L));
        PluginSessions.pending(cache, "p3", ResourceList.of("cpu", 2000L, "memory", 10 * GI, GPU, 2000L),
                PlacementSpec.NONE);
        PluginSessions.pending(cache, "p4", ResourceList.of("cpu", 3000L, "memory", 4 * GI, FOO, 3000L),
                PlacementSpec.NONE);
    }

    private void bound(String name, String node, ResourceList request) {
        cache.upsertTask(TaskSpec.builder(PluginSessions.NS, name).job(PluginSessions.JOB).request(request)
                .nodeName(node).status(TaskStatus.BOUND).build());
    }

    private double[] scores(Session s, String task) {
        double[] out = new double[3];
        for (int i = 0; i < 3; i++) {
            out[i] = s.plugins.score(task(cache, task), PluginSessions.node(cache, "n" + (i + 1)));
        }
        return out;
    }

    @Test
    void argumentSetOne() {
        Session s = PluginSessions.open(cache, plugin("binpack", "binpack.weight", 10, "binpack.cpu", 2,
                "binpack.memory", 3, "binpack.resources", "nvidia.com/gpu, example.com/foo",
                "binpack.resources.nvidia.com/gpu", 7, "binpack.resources.example.com/foo", 8));

        assertThat(scores(s, "p1")).containsExactly(new double[] {700, 137.5, 150}, within(1e-8));
        assertThat(scores(s, "p2")).containsExactly(new double[] {0, 375, 0}, within(1e-8));
        assertThat(scores(s, "p3")).containsExactly(new double[] {0, 531.25, 0}, within(1e-8));
        assertThat(scores(s, "p4")).containsExactly(new double[] {0, 173.076923076, 346.153846153}, within(1e-8));
    }

    @Test
    void argumentSetTwo() {
        Session s = PluginSessions.open(cache, plugin("binpack", "binpack.weight", 1, "binpack.cpu", 1,
                "binpack.memory", 1, "binpack.resources", "nvidia.com/gpu", "binpack.resources.nvidia.com/gpu", 23));

        assertThat(scores(s, "p1")).containsExactly(new double[] {75, 15.625, 12.5}, within(1e-8));
        assertThat(scores(s, "p2")).containsExactly(new double[] {0, 37.5, 0}, within(1e-8));
        assertThat(scores(s, "p3")).containsExactly(new double[] {0, 50.5, 0}, within(1e-8));
        assertThat(scores(s, "p4")).containsExactly(new double[] {0, 50, 50}, within(1e-8));
    }

    @Test
    void aResourceThatDoesNotFitZeroesOnlyItsOwnTermInV17() {
        Session s = PluginSessions.open(cache, plugin("binpack", "binpack.weight", 10, "binpack.cpu", 2,
                "binpack.memory", 3));
        // p1 on n3: cpu 1.5 + 1 > 2 scores 0 but keeps weight 2; memory (0 + 1Gi) / 4Gi x 3 = 0.75
        assertThat(s.plugins.score(task(cache, "p1"), PluginSessions.node(cache, "n3"))).isEqualTo(150.0);
    }

    @Test
    void extraResourcesThatAreNotKubernetesScalarsNeverCount() {
        PluginSessions.node(cache, "n4", ResourceList.of("cpu", 4000L, "memory", 4 * GI, "ephemeral-storage",
                100 * GI), Map.of(), List.of(), false);
        PluginSessions.pending(cache, "p5", ResourceList.of("cpu", 1000L, "ephemeral-storage", 50 * GI),
                PlacementSpec.NONE);
        Session s = PluginSessions.open(cache, plugin("binpack", "binpack.resources", "ephemeral-storage",
                "binpack.resources.ephemeral-storage", 5));
        // only cpu counts: 1000 / 4000 x 1 / 1 x 100
        assertThat(s.plugins.score(task(cache, "p5"), PluginSessions.node(cache, "n4"))).isEqualTo(25.0);
    }

    @Test
    void aZeroPluginWeightRegistersNoScorer() {
        Session s = PluginSessions.open(cache, plugin("binpack", "binpack.weight", 0));
        assertThat(s.plugins.score(task(cache, "p1"), PluginSessions.node(cache, "n1"))).isZero();
        assertThat(s.plugins.plugin(BinpackPlugin.class)).isNotNull();
    }

    @Test
    void cpuAndMemoryAlwaysTakeTheirOwnArgumentsEvenWhenListedAsExtras() {
        PluginOption option = plugin("binpack", "binpack.cpu", 4, "binpack.resources", "cpu, nvidia.com/gpu",
                "binpack.resources.cpu", 9);
        Session s = PluginSessions.open(cache, option);
        int[] byDim = s.plugins.plugin(BinpackPlugin.class).weightsByDimension();
        assertThat(byDim[0]).isEqualTo(4);
        assertThat(byDim[1]).isEqualTo(1);
        assertThat(byDim[2]).as("pods never count").isEqualTo(-1);
        assertThat(byDim[s.dims.find(GPU)]).isEqualTo(1);
        assertThat(byDim[s.dims.find(FOO)]).as("not listed").isEqualTo(-1);
    }
}
