package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.LabelSelector;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PodAffinityTerm;
import dev.caldera.kernel.placement.SpreadConstraint;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.WeightedPodAffinityTerm;
import dev.caldera.kernel.resource.ResourceList;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small clusters for the inter-pod rules: nodes with zone and hostname labels, pods (pending or on a node) with
 * labels and inter-pod terms, all in job ns/job of {@link PluginSessions#cache()} unless a namespace is given.
 */
public final class InterPodCluster {
    public static final String ZONE = "topology.kubernetes.io/zone";
    public static final String HOST = "kubernetes.io/hostname";
    public static final ResourceList SMALL = ResourceList.of("cpu", 100L, "memory", Clusters.GI / 8);
    private static final ResourceList NODE = ResourceList.of("cpu", 16000L, "memory", 64 * Clusters.GI, "pods", 110L);

    public final ClusterCache cache = PluginSessions.cache();
    /** The same cluster as a plugin test reads it. */
    public final PluginCluster cluster = new PluginCluster(cache);

    /** A node with a hostname label and, unless {@code zone} is null, a zone label. */
    public InterPodCluster node(String name, String zone) {
        return node(name, zone, List.of());
    }

    public InterPodCluster node(String name, String zone, List<Taint> taints) {
        return node(name, zone, Map.of(), taints);
    }

    /** A node with hostname, zone and {@code extra} labels. */
    public InterPodCluster node(String name, String zone, Map<String, String> extra) {
        return node(name, zone, extra, List.of());
    }

    private InterPodCluster node(String name, String zone, Map<String, String> extra, List<Taint> taints) {
        Map<String, String> labels = new LinkedHashMap<>(extra);
        labels.put(HOST, name);
        if (zone != null) {
            labels.put(ZONE, zone);
        }
        cache.upsertNode(new NodeSpec(name, NODE, labels, taints, false));
        return this;
    }

    /** A pod of ns/job on {@code node} (Running; pending when null) with labels and terms. */
    public InterPodCluster pod(String name, String node, Map<String, String> labels, InterPodSpec terms) {
        return pod(PluginSessions.NS, name, node, TaskStatus.RUNNING, labels, terms, PlacementSpec.NONE);
    }

    public InterPodCluster pod(String ns, String name, String node, byte status, Map<String, String> labels,
                               InterPodSpec terms, PlacementSpec placement) {
        if (!ns.equals(PluginSessions.NS)) {
            cache.upsertJob(new dev.caldera.kernel.cache.JobSpec(ns, PluginSessions.JOB, "q", 0, Map.of(), null, null,
                    "Inqueue", 0));
        }
        TaskSpec.Builder b = TaskSpec.builder(ns, name).job(PluginSessions.JOB).request(SMALL).labels(labels)
                .interPod(terms).placement(placement);
        if (node != null) {
            b.nodeName(node).status(status);
        }
        cache.upsertTask(b.build());
        return this;
    }

    public static Map<String, String> labels(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    public static LabelSelector selector(String... keyValues) {
        return LabelSelector.of(labels(keyValues));
    }

    public static PodAffinityTerm term(LabelSelector selector, String topologyKey) {
        return PodAffinityTerm.of(selector, topologyKey);
    }

    public static InterPodSpec affinity(PodAffinityTerm... terms) {
        return InterPodSpec.of(List.of(terms), List.of(), List.of(), List.of(), List.of());
    }

    public static InterPodSpec anti(PodAffinityTerm... terms) {
        return InterPodSpec.of(List.of(), List.of(terms), List.of(), List.of(), List.of());
    }

    public static InterPodSpec preferred(int weight, PodAffinityTerm term) {
        return InterPodSpec.of(List.of(), List.of(), List.of(new WeightedPodAffinityTerm(weight, term)), List.of(),
                List.of());
    }

    public static InterPodSpec preferredAnti(int weight, PodAffinityTerm term) {
        return InterPodSpec.of(List.of(), List.of(), List.of(), List.of(new WeightedPodAffinityTerm(weight, term)),
                List.of());
    }

    public static InterPodSpec spread(SpreadConstraint... constraints) {
        return InterPodSpec.of(List.of(), List.of(), List.of(), List.of(), List.of(constraints));
    }

    public int task(String name) {
        return PluginSessions.task(cache, name);
    }

    public int node(String name) {
        return PluginSessions.node(cache, name);
    }
}
