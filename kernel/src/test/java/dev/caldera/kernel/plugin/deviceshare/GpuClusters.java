package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Pod;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GPU test clusters in Volcano's deviceshare conventions: a node with {@code gpus} devices advertises
 * {@code volcano.sh/gpu-number} and {@code volcano.sh/gpu-memory} of 1000 units (thousandths of a GPU) per
 * device; pods ask for a share in thousandths or for whole devices. Amounts are canonical (milli) units.
 */
final class GpuClusters {
    static final long GI = 1L << 30;
    static final String MODEL = DeviceShareOptions.DEFAULT_MODEL_LABEL;

    private GpuClusters() {
    }

    static void node(PluginCluster cluster, String name, long cpus, int gpus, String model) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("kubernetes.io/hostname", name);
        if (model != null) {
            labels.put(MODEL, model);
        }
        cluster.upsertNode(name, ResourceList.of("cpu", cpus * 1000, "memory", 512 * GI, "pods", 110L,
                DeviceSharePlugin.GPU_NUMBER, gpus * 1000L, DeviceSharePlugin.GPU_MEMORY, gpus * 1_000_000L), labels,
                List.of(), false);
    }

    /** A pending pod asking for {@code milli} thousandths of one GPU. */
    static void share(PluginCluster cluster, String name, long cpus, long milli) {
        pod(cluster, name, ResourceList.of("cpu", cpus * 1000, "memory", GI, DeviceSharePlugin.GPU_MEMORY, milli * 1000),
                PlacementSpec.NONE, null, 0);
    }

    /** A pending pod asking for {@code gpus} whole GPUs. */
    static void whole(PluginCluster cluster, String name, long cpus, int gpus) {
        pod(cluster, name, ResourceList.of("cpu", cpus * 1000, "memory", GI, DeviceSharePlugin.GPU_NUMBER, gpus * 1000L),
                PlacementSpec.NONE, null, 0);
    }

    static void cpuOnly(PluginCluster cluster, String name, long cpus) {
        pod(cluster, name, ResourceList.of("cpu", cpus * 1000, "memory", GI), PlacementSpec.NONE, null, 0);
    }

    /** A pod running on {@code node} holding {@code devices} (a mask; 0 lets the plugin choose). */
    static void runningShare(PluginCluster cluster, String name, String node, long milli, long devices) {
        pod(cluster, name, ResourceList.of("cpu", 1000L, "memory", GI, DeviceSharePlugin.GPU_MEMORY, milli * 1000),
                PlacementSpec.NONE, node, devices);
    }

    static void pod(PluginCluster cluster, String name, ResourceList request, PlacementSpec placement, String node,
                    long devices) {
        Pod.Builder b = Pod.builder(PluginSessions.NS, name).job(PluginSessions.JOB).request(request)
                .placement(placement).gpuDevices(devices);
        if (node != null) {
            b.running(node);
        }
        cluster.upsertTask(b.build());
    }

    /** Required node affinity to GPU models. */
    static PlacementSpec models(String... models) {
        return new PlacementSpec(Map.of(), List.of(new SelectorTerm(List.of(new SelectorRequirement(MODEL,
                SelectorOperator.IN, List.of(models))), List.of())), List.of(), List.of(), List.of());
    }

    /** The deviceshare plugin with both kinds of request enabled, the policy and extra arguments. */
    static PluginOption deviceshare(String policy, Object... keyValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put(DeviceShareOptions.SHARING, true);
        args.put(DeviceShareOptions.NUMBER, true);
        if (policy != null) {
            args.put(DeviceShareOptions.POLICY, policy);
        }
        for (int i = 0; i < keyValues.length; i += 2) {
            args.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new PluginOption(DeviceSharePlugin.NAME, Map.of(), new Arguments(DeviceSharePlugin.NAME, args));
    }
}
