package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds small clusters and opens a session over one tier of real plugins, so node plugin tests can call
 * {@code session.plugins.predicate/score/batchScore} on named nodes and tasks. Plugin tests take the
 * {@link PluginCluster} forms (the same cluster, read through the framework); the {@link ClusterCache} forms are
 * for the session, select and action tests.
 */
public final class PluginSessions {
    public static final String NS = "ns";
    public static final String JOB = "job";

    private PluginSessions() {
    }

    /** A cache with queue "q" and an Inqueue job "ns/job" (minMember 0) for tasks to join. */
    public static ClusterCache cache() {
        ClusterCache cache = new ClusterCache();
        cache.upsertQueue(QueueSpec.open("q", 1));
        cache.upsertJob(new JobSpec(NS, JOB, "q", 0, Map.of(), null, null, "Inqueue", 0));
        return cache;
    }

    /** A plugin entry with arguments given as key, value, key, value... */
    public static PluginOption plugin(String name, Object... keyValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            args.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new PluginOption(name, Map.of(), new Arguments(name, args));
    }

    /** Applies the cache's queued changes and opens a session over one tier of {@code plugins}. */
    public static Session open(ClusterCache cache, PluginOption... plugins) {
        return Sessions.open(cache, plugins);
    }

    public static void node(ClusterCache cache, String name, ResourceList allocatable, Map<String, String> labels,
                            List<Taint> taints, boolean unschedulable) {
        cache.upsertNode(new NodeSpec(name, allocatable, labels, taints, unschedulable));
    }

    /** A plain node with {@code cpuMilli}, {@code memoryBytes} and 110 pods. */
    public static void node(ClusterCache cache, String name, long cpuMilli, long memoryBytes) {
        node(cache, name, ResourceList.of("cpu", cpuMilli, "memory", memoryBytes, "pods", 110L), Map.of(), List.of(),
                false);
    }

    /** A pending task of job ns/job. */
    public static void pending(ClusterCache cache, String name, ResourceList request, PlacementSpec placement) {
        cache.upsertTask(TaskSpec.builder(NS, name).job(JOB).request(request).placement(placement).build());
    }

    /** A running task of job ns/job on {@code node}. */
    public static void running(ClusterCache cache, String name, String node, ResourceList request,
                               PlacementSpec placement) {
        cache.upsertTask(TaskSpec.builder(NS, name).job(JOB).request(request).placement(placement).running(node)
                .build());
    }

    public static int task(ClusterCache cache, String name) {
        return cache.taskRow(NS + "/" + name);
    }

    public static int node(ClusterCache cache, String name) {
        return cache.nodeRow(name);
    }

    // ------------------------------------------------------------------ the same, for plugin tests

    /** A cluster with queue "q" and an Inqueue job "ns/job" (minMember 0) for tasks to join. */
    public static PluginCluster cluster() {
        return new PluginCluster(cache());
    }

    /** Applies the cluster's queued changes and opens a session over one tier of {@code plugins}. */
    public static SessionView open(PluginCluster cluster, PluginOption... plugins) {
        return cluster.open(plugins);
    }

    public static void node(PluginCluster cluster, String name, ResourceList allocatable, Map<String, String> labels,
                            List<Taint> taints, boolean unschedulable) {
        node(cluster.cache, name, allocatable, labels, taints, unschedulable);
    }

    public static void node(PluginCluster cluster, String name, long cpuMilli, long memoryBytes) {
        node(cluster.cache, name, cpuMilli, memoryBytes);
    }

    public static void pending(PluginCluster cluster, String name, ResourceList request, PlacementSpec placement) {
        pending(cluster.cache, name, request, placement);
    }

    public static void running(PluginCluster cluster, String name, String node, ResourceList request,
                               PlacementSpec placement) {
        running(cluster.cache, name, node, request, placement);
    }

    public static int task(PluginCluster cluster, String name) {
        return task(cluster.cache, name);
    }

    public static int node(PluginCluster cluster, String name) {
        return node(cluster.cache, name);
    }
}
