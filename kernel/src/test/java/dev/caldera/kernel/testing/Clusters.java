package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.resource.ResourceList;

import java.util.List;
import java.util.Map;

/** Short helpers to feed a cache (or a plugin test's {@link PluginCluster}) in tests: nodes, queues, gangs. */
public final class Clusters {
    public static final long GI = 1L << 30;

    private Clusters() {
    }

    public static ResourceList cpuMem(long cpuMilli, long memBytes) {
        return ResourceList.of("cpu", cpuMilli, "memory", memBytes);
    }

    public static void node(ClusterCache cache, String name, long cpuMilli, long memBytes) {
        cache.upsertNode(new NodeSpec(name, ResourceList.of("cpu", cpuMilli, "memory", memBytes, "pods", 110),
                Map.of("kubernetes.io/hostname", name), List.of(), false));
    }

    public static void queue(ClusterCache cache, String name, int weight) {
        cache.upsertQueue(QueueSpec.open(name, weight));
    }

    /** A job {@code ns/name} in {@code queue} with {@code tasks} pending tasks of the same request. */
    public static void gang(ClusterCache cache, String ns, String name, String queue, int minMember, int tasks,
                            ResourceList request, String phase) {
        cache.upsertJob(new JobSpec(ns, name, queue, minMember, Map.of(), null, null, phase, 0));
        for (int i = 0; i < tasks; i++) {
            cache.upsertTask(TaskSpec.builder(ns, name + "-task-" + i).job(name).request(request).build());
        }
    }

    public static void node(PluginCluster cluster, String name, long cpuMilli, long memBytes) {
        node(cluster.cache, name, cpuMilli, memBytes);
    }

    public static void queue(PluginCluster cluster, String name, int weight) {
        queue(cluster.cache, name, weight);
    }

    public static void gang(PluginCluster cluster, String ns, String name, String queue, int minMember, int tasks,
                            ResourceList request, String phase) {
        gang(cluster.cache, ns, name, queue, minMember, tasks, request, phase);
    }
}
