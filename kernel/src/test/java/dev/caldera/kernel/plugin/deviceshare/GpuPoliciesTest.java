package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.Moves;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static dev.caldera.kernel.plugin.deviceshare.GpuClusters.deviceshare;
import static dev.caldera.kernel.testing.PluginSessions.node;
import static dev.caldera.kernel.testing.PluginSessions.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Each policy's score on small cases worked out by hand from the formulas of the FGD paper's simulator
 * (hkust-adsl/kubernetes-scheduler-simulator, pkg/simulator/plugin: best_fit_score.go getBestFitScore,
 * dot_product_score.go calculateDotProductScore with merged GPU dimensions and normalization by the largest
 * node, gpu_packing_score.go getPackingScore, fgd_score.go calculateGpuShareFragExtendScore; pkg/utils/frag.go
 * NodeGpuShareFragAmount). Ties go by rank here, so a score is the policy's points exactly.
 */
class GpuPoliciesTest {
    private static final long GPU = 1_000_000;

    /** A: 8 idle GPUs and 96 cpus; B: 2 idle GPUs and 104 cpus; the pod asks 4 cpus and half a GPU. */
    private static SessionView twoNodes(String policy) {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "a", 96, 8, "G2");
        GpuClusters.node(cluster, "b", 104, 2, "T4");
        GpuClusters.share(cluster, "p", 4, 500);
        return PluginSessions.open(cluster, deviceshare(policy, DeviceShareOptions.TIE_BREAK, "rank"));
    }

    private static double score(SessionView s, String pod, String node) {
        return s.plugins().score(task(PluginCluster.of(s), pod), node(PluginCluster.of(s), node));
    }

    @Test
    void bestFitPrefersTheNodeLeftFullest() {
        SessionView s = twoNodes("bestfit");
        // a: 0.5 x (96 - 4) / 128 + 0.5 x (8 - 0.5) / 8 = 0.828125 -> floor(100 x 0.171875) = 17
        assertThat(score(s, "p", "a")).isEqualTo(17);
        // b: 0.5 x (104 - 4) / 128 + 0.5 x (2 - 0.5) / 8 = 0.484375 -> floor(51.5625) = 51
        assertThat(score(s, "p", "b")).isEqualTo(51);
    }

    @Test
    void dotProductPrefersTheNodeWhoseFreeResourcesAlignLeast() {
        SessionView s = twoNodes("dotprod");
        // a: (96/128 x 4/128 + 8/8 x 0.5/8) / 2 = 0.04296875 -> floor(100 x 0.95703125) = 95
        assertThat(score(s, "p", "a")).isEqualTo(95);
        // b: (104/128 x 4/128 + 2/8 x 0.5/8) / 2 = 0.0205078125 -> floor(97.949...) = 97
        assertThat(score(s, "p", "b")).isEqualTo(97);
    }

    @Test
    void gpuPackingRanksSharedDevicesThenUsedNodesThenEmptyNodes() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "empty8", 96, 8, "G2");
        GpuClusters.node(cluster, "empty2", 96, 2, "T4");
        GpuClusters.node(cluster, "tight", 96, 2, "T4");
        GpuClusters.runningShare(cluster, "t", "tight", 700, 0b01);
        GpuClusters.node(cluster, "room", 96, 2, "T4");
        GpuClusters.runningShare(cluster, "r", "room", 400, 0b01);
        GpuClusters.share(cluster, "half", 1, 500);
        GpuClusters.whole(cluster, "one", 1, 1);
        GpuClusters.cpuOnly(cluster, "cpu", 1);
        SessionView s = PluginSessions.open(cluster, deviceshare("gpupacking", DeviceShareOptions.TIE_BREAK, "rank"));

        assertThat(score(s, "half", "empty8")).isEqualTo(25);  // max(33 - 8 idle, 8)
        assertThat(score(s, "half", "empty2")).isEqualTo(31);  // max(33 - 2, 2)
        assertThat(score(s, "half", "tight")).isEqualTo(49);   // 0.3 left is too small: an idle device, 50 - 1
        assertThat(score(s, "half", "room")).isEqualTo(94);    // shares a device with 60% free: 100 - 60 / 10
        assertThat(score(s, "one", "room")).isEqualTo(49);     // one idle device of a used node
        assertThat(score(s, "cpu", "room")).isZero();
        assertThat(score(s, "cpu", "empty8")).isZero();
    }

    @Test
    void randomScoresAreSeededUniformAndRedrawnWhenTheNodeChanges() {
        PluginCluster cluster = PluginSessions.cluster();
        for (int i = 0; i < 400; i++) {
            GpuClusters.node(cluster, "n" + i, 32, 2, "T4");
        }
        GpuClusters.share(cluster, "p", 1, 500);
        SessionView s = PluginSessions.open(cluster, deviceshare("random", DeviceShareOptions.SEED, 7));
        SessionView again = PluginSessions.open(cluster, deviceshare("random", DeviceShareOptions.SEED, 7));
        SessionView other = PluginSessions.open(cluster, deviceshare("random", DeviceShareOptions.SEED, 8));
        double sum = 0;
        int differs = 0;
        for (int i = 0; i < 400; i++) {
            double v = score(s, "p", "n" + i);
            assertThat(v).isBetween(0.0, 100.0).isEqualTo(score(again, "p", "n" + i));
            differs += v != score(other, "p", "n" + i) ? 1 : 0;
            sum += v;
        }
        assertThat(sum / 400).isCloseTo(50, within(5.0));
        assertThat(differs).isGreaterThan(390);
    }

    @Test
    void fragmentationCountsWhatEachShapeCannotUse() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "n", 96, 3, "T4");
        GpuClusters.runningShare(cluster, "x", "n", 700, 0b010);
        GpuClusters.runningShare(cluster, "y", "n", 400, 0b100);
        SessionView s = PluginSessions.open(cluster, deviceshare("fgd"));
        DeviceSharePlugin plugin = s.plugins().plugin(DeviceSharePlugin.class);
        plugin.workloadMix(WorkloadMix.of(List.of(
                new WorkloadMix.Entry(new WorkloadMix.Shape(1000, 500 * 1000, 0, Set.of()), 0.5),
                new WorkloadMix.Entry(new WorkloadMix.Shape(1000, 0, 1, Set.of()), 0.3),
                new WorkloadMix.Entry(new WorkloadMix.Shape(1000, 0, 0, Set.of()), 0.2))));
        Sessions.close(s);
        Sessions.reopen(s);

        // free devices 1.0, 0.3, 0.6: the half share cannot use 0.3; one whole GPU fits and cannot use 0.3 + 0.6;
        // a cpu-only pod uses no GPU: 0.5 x 0.3 + 0.3 x 0.9 + 0.2 x 1.9 = 0.8 GPU
        assertThat(plugin.fragmentGpus(node(cluster, "n"))).isCloseTo(0.8, within(1e-9));
    }

    @Test
    void fgdScoresTheFragmentThePlacementAddsThroughASigmoid() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "idle", 96, 2, "T4");
        GpuClusters.node(cluster, "used", 96, 2, "T4");
        GpuClusters.runningShare(cluster, "x", "used", 200, 0b01);
        GpuClusters.share(cluster, "big", 1, 700);
        GpuClusters.share(cluster, "half", 1, 500);
        SessionView s = PluginSessions.open(cluster, deviceshare("fgd", DeviceShareOptions.TIE_BREAK, "rank"));
        s.plugins().plugin(DeviceSharePlugin.class).workloadMix(WorkloadMix.of(List.of(
                new WorkloadMix.Entry(new WorkloadMix.Shape(1000, 500 * 1000, 0, Set.of()), 1.0))));
        Sessions.close(s);
        Sessions.reopen(s);

        // idle node: 0.7 on a free device leaves 0.3 a half cannot use: floor(100 x sigmoid(-0.3)) = 42
        assertThat(score(s, "big", "idle")).isEqualTo(42);
        // used node: best is the device with 0.8 free, leaving 0.1: floor(100 x sigmoid(-0.1)) = 47
        assertThat(score(s, "big", "used")).isEqualTo(47);
        // a half on an idle device leaves 0.5, still usable: sigmoid(0) = 0.5 -> 50
        assertThat(score(s, "half", "idle")).isEqualTo(50);
        assertThat(s.plugins().plugin(DeviceSharePlugin.class).gpus().capacity(node(cluster, "idle"))).isEqualTo(GPU);
    }

    @Test
    void fgdfillAddsTheFillLookAheadBelowFgdsPoint() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "idle", 96, 2, "T4");
        GpuClusters.node(cluster, "used", 96, 2, "T4");
        GpuClusters.runningShare(cluster, "x", "used", 200, 0b01);
        GpuClusters.share(cluster, "big", 1, 700);
        SessionView s = PluginSessions.open(cluster, deviceshare("fgdfill", DeviceShareOptions.TIE_BREAK, "rank"));
        DeviceSharePlugin plugin = s.plugins().plugin(DeviceSharePlugin.class);
        plugin.workloadMix(WorkloadMix.of(List.of(
                new WorkloadMix.Entry(new WorkloadMix.Shape(1000, 500 * 1000, 0, Set.of()), 1.0))));
        Sessions.close(s);
        Sessions.reopen(s);
        double weight = Math.pow(0.5, 0.25);  // the half share's weight: its arrival share times its size^0.25

        // idle: FGD at 35 points floor(35 x sigmoid(-0.3)) = 14; filled with halves the node holds 4 (2.0 GPUs,
        // none left) before, and after 0.7 on one device only 2 (0.3 left unused): the fill fragment grows by
        // 0.3 x weight
        assertThat(score(s, "big", "idle")).isCloseTo(14 + 0.999 * sigmoid(-0.3 * weight), within(1e-9));
        // used (0.8 and 1.0 free): halves fill 1.5 of 1.8 before (0.3 unused); 0.7 on the 0.8 device leaves 0.1 and
        // a free device (0.1 unused): the fill fragment shrinks by 0.2 x weight; FGD floor(35 x sigmoid(-0.1)) = 16
        assertThat(score(s, "big", "used")).isCloseTo(16 + 0.999 * sigmoid(0.2 * weight), within(1e-9));
        Moves st = new Moves(s);
        st.begin();
        st.allocate(task(cluster, "big"), node(cluster, "used"));
        assertThat(plugin.devices(task(cluster, "big"))).isEqualTo(0b01L);
    }

    @Test
    void fgdfillWeighsAShapeByTheScarcityOfTheModelsItAccepts() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "t4", 96, 2, "T4");
        GpuClusters.node(cluster, "g2", 96, 8, "G2");
        GpuClusters.whole(cluster, "one", 1, 1);
        SessionView s = PluginSessions.open(cluster, deviceshare("fgdfill", DeviceShareOptions.TIE_BREAK, "rank"));
        s.plugins().plugin(DeviceSharePlugin.class).workloadMix(WorkloadMix.of(List.of(
                new WorkloadMix.Entry(new WorkloadMix.Shape(1000, 0, 1, Set.of("T4")), 1.0))));
        Sessions.close(s);
        Sessions.reopen(s);
        // the workload is one-GPU pods that run only on T4: 2 of the 10 devices, so its fill weight is
        // 1 x 1^0.25 x (10 / 2)^2 = 25. On t4 both FGD and fill lose nothing (one idle device still fits one):
        // FGD floor(35 x sigmoid(0)) = 17 and fill sigmoid(0). On g2 every free GPU is out of the shape's reach, and
        // one fewer is one GPU of fragment removed: FGD floor(35 x sigmoid(1)) = 25, fill sigmoid(25)
        assertThat(score(s, "one", "t4")).isCloseTo(17 + 0.999 * 0.5, within(1e-9));
        assertThat(score(s, "one", "g2")).isCloseTo(25 + 0.999 * sigmoid(25), within(1e-9));
    }

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    @Test
    void typicalShapesCoverThePopularityAndRenormalize() {
        WorkloadMix.Counter c = new WorkloadMix.Counter();
        WorkloadMix.Shape big = new WorkloadMix.Shape(8000, 0, 1, Set.of());
        WorkloadMix.Shape half = new WorkloadMix.Shape(4000, 500_000, 0, Set.of());
        WorkloadMix.Shape rare = new WorkloadMix.Shape(2000, 0, 8, Set.of("G2"));
        for (int i = 0; i < 60; i++) {
            c.add(big);
        }
        for (int i = 0; i < 35; i++) {
            c.add(half);
        }
        for (int i = 0; i < 5; i++) {
            c.add(rare);
        }

        WorkloadMix mix = c.mix().typical(0.95);

        assertThat(mix.entries()).extracting(WorkloadMix.Entry::shape).containsExactly(big, half);
        assertThat(mix.entries().get(0).weight()).isCloseTo(60.0 / 95, within(1e-12));
    }
}
