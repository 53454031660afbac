package dev.caldera.k8s.simulate;

import dev.caldera.k8s.convert.Fabric8Fields;
import dev.caldera.k8s.convert.HyperNodeConverter;
import dev.caldera.k8s.convert.NodeConverter;
import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.convert.PodGroupConverter;
import dev.caldera.k8s.convert.PriorityClassConverter;
import dev.caldera.k8s.convert.QueueConverter;
import dev.caldera.k8s.manifest.ClusterManifest;
import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.manifest.Sourced;
import dev.caldera.k8s.model.HyperNode;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.Queue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The cluster a simulation plays: every object of the input as a kernel spec, keyed as Kubernetes keys it.
 * It feeds a {@link ClusterCache} and, between cycles, applies what the scheduler decided the way the
 * cluster would: a bound pod runs on its node, an evicted pod is deleted, a pipelined pod stays Pending
 * with {@code status.nominatedNodeName} set.
 * <p>
 * Threading: one thread (the simulation's).
 */
public final class SimulatedCluster {
    final Map<String, NodeSpec> nodes = new LinkedHashMap<>();
    final Map<String, QueueSpec> queues = new LinkedHashMap<>();
    final Map<String, PriorityClassSpec> priorityClasses = new LinkedHashMap<>();
    final Map<String, JobSpec> jobs = new LinkedHashMap<>();
    final Map<String, HyperNodeSpec> hyperNodes = new LinkedHashMap<>();
    final Map<String, TaskSpec> tasksByUid = new LinkedHashMap<>();
    /** The PodGroup key of each evicted pod (a pod's own spec gives it while the pod is here). */
    private final Map<String, String> evictedGroups = new java.util.HashMap<>();
    /** Per kind of pod field the kernel does not model, the pods of ours that set it. */
    final Map<String, java.util.TreeSet<String>> unmodelled = new LinkedHashMap<>();
    int otherSchedulersPending;

    SimulatedCluster() {
    }

    /**
     * Converts a manifest decoded into fabric8 objects (the same rules as the streaming path). A conversion error
     * becomes a {@link ManifestException} prefixed with the file and line of the object; a duplicate object
     * replaces the earlier one with a warning.
     */
    public static SimulatedCluster of(ClusterManifest manifest, PodConverter pods, Consumer<String> warnings) {
        VcJobs.expandInto(manifest);
        ClusterBuilder b = new ClusterBuilder(warnings);
        for (Sourced<PriorityClass> s : manifest.priorityClasses) {
            b.priorityClass(ClusterIngest.at(s.location(), () -> PriorityClassConverter.of(s.object())),
                    s.location());
        }
        for (Sourced<Queue> s : manifest.queues) {
            b.queue(ClusterIngest.at(s.location(), () -> QueueConverter.of(s.object())), s.location());
        }
        for (Sourced<Node> s : manifest.nodes) {
            b.node(ClusterIngest.at(s.location(), () -> NodeConverter.of(s.object())), s.location());
        }
        for (Sourced<PodGroup> s : manifest.podGroups) {
            b.podGroup(ClusterIngest.at(s.location(), () -> PodGroupConverter.of(s.object())), s.location());
        }
        for (Sourced<HyperNode> s : manifest.hyperNodes) {
            b.hyperNode(ClusterIngest.at(s.location(), () -> HyperNodeConverter.of(s.object())), s.location());
        }
        ClusterIngest ingest = new ClusterIngest(pods);
        for (Sourced<Pod> s : manifest.pods) {
            ingest.pod(Fabric8Fields.pod(s.object()), s.location()).accept(b);
        }
        return b.build();
    }

    /** Submits everything to {@code cache}: priority classes and queues first, so pods resolve against them. */
    public void feed(ClusterCache cache) {
        priorityClasses.values().forEach(cache::upsertPriorityClass);
        queues.values().forEach(cache::upsertQueue);
        nodes.values().forEach(cache::upsertNode);
        hyperNodes.values().forEach(cache::upsertHyperNode);
        jobs.values().forEach(cache::upsertJob);
        tasksByUid.values().forEach(cache::upsertTask);
    }

    /** The pod was bound: it now runs on {@code node}. */
    public void bound(String uid, String node, ClusterCache cache) {
        TaskSpec t = replace(uid, TaskSpecs.placed(tasksByUid.get(uid), TaskStatus.RUNNING, node, null));
        cache.upsertTask(t);
    }

    /** The pod was evicted: it is deleted. */
    public void evicted(String uid, ClusterCache cache) {
        TaskSpec gone = tasksByUid.remove(uid);
        if (gone != null) {
            evictedGroups.put(uid, group(gone));
        }
        cache.removeTask(uid);
    }

    /**
     * Writes the scheduler's nominations into the pending pods' {@code status.nominatedNodeName}, as the
     * scheduler updates pod status: a pod pipelined where victims were evicted for it is nominated to that
     * node, and a nomination the scheduler dropped is cleared. Pods whose field already agrees are untouched.
     */
    public void nominations(ClusterCache cache) {
        java.util.List<TaskSpec> changed = null;
        for (TaskSpec t : tasksByUid.values()) {
            if (t.nodeName() != null) { // on a node: no nomination to write (asked first: no row look-up then)
                continue;
            }
            int row = cache.taskRow(t.uid());
            if (row < 0) {
                continue;
            }
            int node = cache.nominations().nodeOf(row);
            String nominated = node < 0 ? null : cache.nodes().name(node);
            if (!java.util.Objects.equals(nominated, t.nominatedNodeName())) {
                if (changed == null) {
                    changed = new java.util.ArrayList<>();
                }
                changed.add(TaskSpecs.placed(t, t.status(), null, nominated));
            }
        }
        if (changed != null) { // written after the walk over the pods, in its order
            for (TaskSpec t : changed) {
                cache.upsertTask(replace(t.uid(), t));
            }
        }
    }

    private TaskSpec replace(String uid, TaskSpec spec) {
        tasksByUid.put(uid, spec);
        return spec;
    }

    public Map<String, NodeSpec> nodes() {
        return nodes;
    }

    public Map<String, HyperNodeSpec> hyperNodes() {
        return hyperNodes;
    }

    public Map<String, QueueSpec> queues() {
        return queues;
    }

    public Map<String, PriorityClassSpec> priorityClasses() {
        return priorityClasses;
    }

    public Map<String, JobSpec> jobs() {
        return jobs;
    }

    /** Current pods by uid (evicted pods are gone). */
    public Map<String, TaskSpec> tasks() {
        return tasksByUid;
    }

    /** The PodGroup key ({@code ns/name}) of a pod, also after it was evicted. */
    public String groupOf(String uid) {
        TaskSpec t = tasksByUid.get(uid);
        return t != null ? group(t) : evictedGroups.get(uid);
    }

    private static String group(TaskSpec t) {
        return t.namespace() + "/" + t.job();
    }

    /** Per kind of unmodelled pod field ({@code UnmodelledFields}), the pods of ours that set it. */
    public Map<String, java.util.TreeSet<String>> unmodelled() {
        return unmodelled;
    }

    /** Pending pods of other schedulers, which the simulation ignores. */
    public int otherSchedulersPending() {
        return otherSchedulersPending;
    }
}
