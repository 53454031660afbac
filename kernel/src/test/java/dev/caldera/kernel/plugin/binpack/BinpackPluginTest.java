package dev.caldera.kernel.plugin.binpack;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
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
 * Current Volcano's binpack_test.go TestNode ({@code plugins/binpack/binpack_test.go}), transcribed: p1 (1 cpu, 1Gi) bound on n1, p2 (1.5 cpu, 0Gi) bound
 * on n3, p3 (2 cpu, 10Gi, 2 GPUs) and p4 (3 cpu, 4Gi, 3 example.com/foo) pending; n1 2 cpu / 4Gi, n2 4 cpu /
 * 16Gi / 4 GPUs, n3 2 cpu / 4Gi / 16 foo. Every task is scored on every node.
 */
class BinpackPluginTest {
    private static final String GPU = "nvidia.com/gpu";
    private static final String FOO = "example.com/foo";

    private final PluginCluster cluster = PluginSessions.cluster();

    @BeforeEach
    void volcanoCluster() {
        PluginSessions.node(cluster, "n1", ResourceList.of("cpu", 2000L, "memory", 4 * GI), Map.of(), List.of(), false);
        PluginSessions.node(cluster, "n2", ResourceList.of("cpu", 4000L, "memory", 16 * GI, GPU, 4000L), Map.of(),
                List.of(), false);
        PluginSessions.node(cluster, "n3", ResourceList.of("cpu", 2000L, "memory", 4 * GI, FOO, 16000L), Map.of(),
                List.of(), false);
        bound("p1", "n1", ResourceList.of("cpu", 1000L, "memory", GI));
        bound("p2", "n3", ResourceList.of("cpu", 1500L, "memory", 0L));
        PluginSessions.pending(cluster, "p3", ResourceList.of("cpu", 2000L, "memory", 10 * GI, GPU, 2000L),
                PlacementSpec.NONE);
        PluginSessions.pending(cluster, "p4", ResourceList.of("cpu", 3000L, "memory", 4 * GI, FOO, 3000L),
                PlacementSpec.NONE);
    }

    private void bound(String name, String node, ResourceList request) {
        cluster.upsertTask(Pod.builder(PluginSessions.NS, name).job(PluginSessions.JOB).request(request)
                .nodeName(node).status(TaskStatus.BOUND).build());
    }

    private double[] scores(SessionView s, String task) {
        double[] out = new double[3];
        for (int i = 0; i < 3; i++) {
            out[i] = s.plugins().score(task(cluster, task), PluginSessions.node(cluster, "n" + (i + 1)));
        }
        return out;
    }

    @Test
    void argumentSetOne() {
        SessionView s = PluginSessions.open(cluster, plugin("binpack", "binpack.weight", 10, "binpack.cpu", 2,
                "binpack.memory", 3, "binpack.resources", "nvidia.com/gpu, example.com/foo",
                "binpack.resources.nvidia.com/gpu", 7, "binpack.resources.example.com/foo", 8));

        assertThat(scores(s, "p1")).containsExactly(new double[] {700, 137.5, 0}, within(1e-8));
        assertThat(scores(s, "p2")).containsExactly(new double[] {0, 375, 0}, within(1e-8));
        assertThat(scores(s, "p3")).containsExactly(new double[] {0, 531.25, 0}, within(1e-8));
        assertThat(scores(s, "p4")).containsExactly(new double[] {0, 173.076923076, 0}, within(1e-8));
    }

    @Test
    void argumentSetTwo() {
        SessionView s = PluginSessions.open(cluster, plugin("binpack", "binpack.weight", 1, "binpack.cpu", 1,
                "binpack.memory", 1, "binpack.resources", "nvidia.com/gpu", "binpack.resources.nvidia.com/gpu", 23));

        assertThat(scores(s, "p1")).containsExactly(new double[] {75, 15.625, 0}, within(1e-8));
        assertThat(scores(s, "p2")).containsExactly(new double[] {0, 37.5, 0}, within(1e-8));
        assertThat(scores(s, "p3")).containsExactly(new double[] {0, 50.5, 0}, within(1e-8));
        assertThat(scores(s, "p4")).containsExactly(new double[] {0, 50, 0}, within(1e-8));
    }

    /**
     * {@code BinPackingScore}: when {@code ResourceBinPackingScore} finds that request + used exceeds allocatable
     * for one resource, the node scores 0 (v1.7 zeroed only that resource's term and kept its weight: 150 here).
     */
    @Test
    void aResourceThatDoesNotFitScoresTheWholeNodeZero() {
        SessionView s = PluginSessions.open(cluster, plugin("binpack", "binpack.weight", 10, "binpack.cpu", 2,
                "binpack.memory", 3));
        // p1 on n3: cpu 1.5 + 1 > 2 although memory (0 + 1Gi) / 4Gi would score 0.75 x 3
        assertThat(s.plugins().score(task(cluster, "p1"), PluginSessions.node(cluster, "n3"))).isZero();
        // on n1, where both fit: (2/2 x 2 + 2Gi/4Gi x 3) / 5 x 1000
        assertThat(s.plugins().score(task(cluster, "p1"), PluginSessions.node(cluster, "n1"))).isEqualTo(700.0);
    }

    /**
     * {@code calculateWeight} and {@code BinPackingScore}: a listed resource counts when the task requests it and
     * Volcano's {@code api.NewResource} keeps its name, so {@code ephemeral-storage} counts (a scalar in current
     * Volcano, dropped by v1.7) and a name that is not a Kubernetes scalar resource never does.
     */
    @Test
    void listedEphemeralStorageCountsAndNamesThatAreNotScalarsNever() {
        PluginSessions.node(cluster, "n4", ResourceList.of("cpu", 4000L, "memory", 4 * GI, "ephemeral-storage",
                100 * GI, "foo", 10L), Map.of(), List.of(), false);
        PluginSessions.pending(cluster, "p5", ResourceList.of("cpu", 1000L, "ephemeral-storage", 50 * GI, "foo", 5L),
                PlacementSpec.NONE);
        SessionView s = PluginSessions.open(cluster, plugin("binpack", "binpack.resources", "ephemeral-storage, foo",
                "binpack.resources.ephemeral-storage", 5, "binpack.resources.foo", 7));
        // cpu 1000 / 4000 x 1 + storage 50 / 100 x 5, over weights 1 + 5, x 100; foo never counts
        assertThat(s.plugins().score(task(cluster, "p5"), PluginSessions.node(cluster, "n4")))
                .isCloseTo((0.25 + 2.5) / 6 * 100, within(1e-9));
    }

    /**
     * Every task requests one pod ({@code api/pod_info.go}, {@code GetPodResourceRequest}), so a listed
     * {@code pods} counts: (1 + 1 used) / 110 pods; cpu and memory weighted 0 add nothing, not even a fit check.
     */
    @Test
    void listedPodsCount() {
        PluginSessions.node(cluster, "n5", ResourceList.of("cpu", 1000L, "memory", 4 * GI, "pods", 110L), Map.of(),
                List.of(), false);
        bound("p6", "n5", ResourceList.of("cpu", 1000L));
        SessionView s = PluginSessions.open(cluster, plugin("binpack", "binpack.cpu", 0, "binpack.memory", 0,
                "binpack.resources", "pods", "binpack.resources.pods", 1));
        assertThat(s.plugins().score(task(cluster, "p4"), PluginSessions.node(cluster, "n5")))
                .isCloseTo(2.0 / 110 * 100, within(1e-9));
    }

    @Test
    void aZeroPluginWeightRegistersNoScorer() {
        SessionView s = PluginSessions.open(cluster, plugin("binpack", "binpack.weight", 0));
        assertThat(s.plugins().score(task(cluster, "p1"), PluginSessions.node(cluster, "n1"))).isZero();
        assertThat(s.plugins().plugin(BinpackPlugin.class)).isNotNull();
    }

    @Test
    void cpuAndMemoryAlwaysTakeTheirOwnArgumentsEvenWhenListedAsExtras() {
        PluginOption option = plugin("binpack", "binpack.cpu", 4, "binpack.resources", "cpu, nvidia.com/gpu",
                "binpack.resources.cpu", 9);
        SessionView s = PluginSessions.open(cluster, option);
        int[] byDim = s.plugins().plugin(BinpackPlugin.class).weightsByDimension();
        assertThat(byDim[0]).isEqualTo(4);
        assertThat(byDim[1]).isEqualTo(1);
        assertThat(byDim[2]).as("pods, not listed").isEqualTo(-1);
        assertThat(byDim[s.dims().find(GPU)]).isEqualTo(1);
        assertThat(byDim[s.dims().find(FOO)]).as("not listed").isEqualTo(-1);
    }
}
