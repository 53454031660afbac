package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.Moves;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.plugin.deviceshare.GpuClusters.deviceshare;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The random policy's choices (node scores and the device a share takes) depend on the cluster's content and the
 * seed only, not on what the cache interned before: the same nodes and pods, built once plainly and once after a
 * history that gives the GPU models, the placement profiles and the resource dimensions other ids, place every pod
 * on the same node and device.
 */
class RandomPolicyHistoryTest {
    private static final String[] MODELS = {"T4", "G2", "V100"};

    @ParameterizedTest
    @ValueSource(ints = {7, 42, 43})
    void theSameClusterGivesTheSamePlacementsWhateverWasInternedBefore(int seed) {
        PluginCluster plain = PluginSessions.cluster();
        build(plain, false);
        PluginCluster storied = PluginSessions.cluster();
        build(storied, true);

        SessionView a = PluginSessions.open(plain, deviceshare("random", DeviceShareOptions.SEED, seed));
        SessionView b = PluginSessions.open(storied, deviceshare("random", DeviceShareOptions.SEED, seed));

        // the history did give other ids: the first node row's model, a profile, the GPU dimensions
        assertThat(a.plugins().plugin(DeviceSharePlugin.class).gpus().modelIndex("V100", a.symbols()))
                .isNotEqualTo(b.plugins().plugin(DeviceSharePlugin.class).gpus().modelIndex("V100", b.symbols()));
        assertThat(a.classes().profile(a.tasks().taskClass(PluginSessions.task(plain, "aff0"))))
                .isNotEqualTo(b.classes().profile(b.tasks().taskClass(PluginSessions.task(storied, "aff0"))));
        assertThat(a.dims().find(DeviceSharePlugin.GPU_MEMORY)).isNotEqualTo(b.dims().find(DeviceSharePlugin.GPU_MEMORY));

        List<String> placedA = place(a, plain);
        List<String> placedB = place(b, storied);
        assertThat(placedA).hasSize(pods().size());
        assertThat(placedB).isEqualTo(placedA);
    }

    /**
     * Twelve nodes of three models and shares, whole GPUs and model-bound shares to place. With {@code history},
     * a pod asking another resource and two pods with other placement profiles come and go first, and the nodes
     * are added in the reverse order (their rows, and so the models' indices, are reversed).
     */
    private static void build(PluginCluster cluster, boolean history) {
        if (history) {
            GpuClusters.pod(cluster, "fpga", ResourceList.of("cpu", 1000L, "example.com/fpga", 1000L),
                    PlacementSpec.NONE, null, 0);
            GpuClusters.pod(cluster, "old1", ResourceList.of("cpu", 1000L), GpuClusters.models("T4", "G2"), null, 0);
            GpuClusters.pod(cluster, "old2", ResourceList.of("cpu", 1000L), GpuClusters.models("G2"), null, 0);
            cluster.applyChanges();
            cluster.removeTask(PluginSessions.NS + "/fpga");
            cluster.removeTask(PluginSessions.NS + "/old1");
            cluster.applyChanges();
            cluster.removeTask(PluginSessions.NS + "/old2");
            cluster.applyChanges();
        }
        List<Integer> order = new ArrayList<>();
        for (int n = 0; n < 12; n++) {
            order.add(history ? 11 - n : n);
        }
        for (int n : order) {
            GpuClusters.node(cluster, "n" + n, 16 + 8 * n, n % 4 == 0 ? 8 : 4, MODELS[n % 3]);
        }
        GpuClusters.runningShare(cluster, "r1", "n1", 300, 0b0010);
        GpuClusters.runningShare(cluster, "r2", "n6", 600, 0b0001);
        for (Map.Entry<String, ResourceList> pod : pods().entrySet()) {
            PlacementSpec placement = pod.getKey().startsWith("aff") ? GpuClusters.models("V100", "T4")
                    : PlacementSpec.NONE;
            GpuClusters.pod(cluster, pod.getKey(), pod.getValue(), placement, null, 0);
        }
    }

    private static Map<String, ResourceList> pods() {
        Map<String, ResourceList> pods = new LinkedHashMap<>();
        for (int i = 0; i < 8; i++) {
            pods.put("s" + i, ResourceList.of("cpu", 1000L * (1 + i % 3), "memory", GpuClusters.GI,
                    DeviceSharePlugin.GPU_MEMORY, (150L + 100 * i) * 1000));
            pods.put("aff" + i, ResourceList.of("cpu", 1000L, "memory", GpuClusters.GI,
                    DeviceSharePlugin.GPU_MEMORY, (250L + 50 * i) * 1000));
        }
        for (int i = 0; i < 4; i++) {
            pods.put("w" + i, ResourceList.of("cpu", 2000L, "memory", GpuClusters.GI,
                    DeviceSharePlugin.GPU_NUMBER, (1L + i % 2) * 1000));
        }
        return pods;
    }

    /**
     * Places the pods one by one, in a fixed order, each on its best-scored node that fits (nodes compared by
     * name on equal scores, which random scores never are), and answers "pod@node#devices" for each.
     */
    private static List<String> place(SessionView s, PluginCluster cluster) {
        DeviceSharePlugin plugin = s.plugins().plugin(DeviceSharePlugin.class);
        Moves st = new Moves(s);
        st.begin();
        List<String> placed = new ArrayList<>();
        for (String pod : pods().keySet()) {
            int task = PluginSessions.task(cluster, pod);
            String best = null;
            double bestScore = Double.NEGATIVE_INFINITY;
            for (int n = 0; n < 12; n++) {
                int node = PluginSessions.node(cluster, "n" + n);
                if (s.plugins().predicate(task, node) == 0) {
                    double score = s.plugins().score(task, node);
                    if (score > bestScore) {
                        bestScore = score;
                        best = "n" + n;
                    }
                }
            }
            if (best != null) {
                st.allocate(task, PluginSessions.node(cluster, best));
                placed.add(pod + "@" + best + "#" + Long.toBinaryString(plugin.devices(task)));
            }
        }
        return placed;
    }
}
