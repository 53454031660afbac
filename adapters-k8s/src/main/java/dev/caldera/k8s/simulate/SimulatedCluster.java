package dev.caldera.k8s.simulate;

import dev.caldera.k8s.convert.ConversionException;
import dev.caldera.k8s.convert.HyperNodeConverter;
import dev.caldera.k8s.convert.NodeConverter;
import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.convert.PodGroupConverter;
import dev.caldera.k8s.convert.PriorityClassConverter;
import dev.caldera.k8s.convert.QueueConverter;
import dev.caldera.k8s.convert.UnmodelledFields;
import dev.caldera.k8s.manifest.ClusterManifest;
import dev.caldera.k8s.manifest.Location;
import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.manifest.Sourced;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.HyperNodeSpec;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The cluster a simulation plays: every object of the input as a kernel spec, keyed as Kubernetes keys it.
 * It feeds a {@link ClusterCache} and, between cycles, applies what the scheduler decided the way the
 * cluster would: a bound pod runs on its node, an evicted pod is deleted, a pipelined pod stays Pending
 * with {@code status.nominatedNodeName} set.
 * <p>
 * Threading: one thread (the simulation's).
 */
public final class SimulatedCluster {
    /** Volcano installs the queue {@code default} (weight 1, reclaimable); dumps without it still have it. */
    private static final QueueSpec DEFAULT_QUEUE = QueueSpec.open("default", 1);
    /** Every Kubernetes cluster has these two, whether or not a dump lists them. */
    private static final java.util.List<PriorityClassSpec> BUILT_IN_CLASSES = java.util.List.of(
            new PriorityClassSpec("system-cluster-critical", 2_000_000_000, false),
            new PriorityClassSpec("system-node-critical", 2_000_001_000, false));

    private final Map<String, NodeSpec> nodes = new LinkedHashMap<>();
    private final Map<String, QueueSpec> queues = new LinkedHashMap<>();
    private final Map<String, PriorityClassSpec> priorityClasses = new LinkedHashMap<>();
    private final Map<String, JobSpec> jobs = new LinkedHashMap<>();
    private final Map<String, HyperNodeSpec> hyperNodes = new LinkedHashMap<>();
    private final Map<String, TaskSpec> tasksByUid = new LinkedHashMap<>();
    private final Map<String, String> jobOfTask = new LinkedHashMap<>();
    /** Per kind of pod field the kernel does not model, the pods of ours that set it. */
    private final Map<String, java.util.TreeSet<String>> unmodelled = new LinkedHashMap<>();
    private int otherSchedulersPending;

    private SimulatedCluster() {
    }

    /**
     * Converts the manifest. A conversion error becomes a {@link ManifestException} prefixed with the file and
     * line of the object; a duplicate object replaces the earlier one with a warning.
     */
    public static SimulatedCluster of(ClusterManifest manifest, PodConverter pods, Consumer<String> warnings) {
        SimulatedCluster c = new SimulatedCluster();
        convert(manifest.priorityClasses, PriorityClassConverter::of, PriorityClassSpec::name, "PriorityClass",
                c.priorityClasses, warnings);
        BUILT_IN_CLASSES.forEach(pc -> c.priorityClasses.putIfAbsent(pc.name(), pc));
        convert(manifest.queues, QueueConverter::of, QueueSpec::name, "Queue", c.queues, warnings);
        c.queues.putIfAbsent(DEFAULT_QUEUE.name(), DEFAULT_QUEUE);
        convert(manifest.nodes, NodeConverter::of, NodeSpec::name, "Node", c.nodes, warnings);
        VcJobs.expandInto(manifest);
        convert(manifest.podGroups, PodGroupConverter::of, JobSpec::key, "PodGroup", c.jobs, warnings);
        convert(manifest.hyperNodes, HyperNodeConverter::of, HyperNodeSpec::name, "HyperNode", c.hyperNodes, warnings);
        for (Sourced<Pod> s : manifest.pods) {
            c.addPod(s, pods, warnings);
        }
        new InputChecks(c, warnings).run();
        return c;
    }

    private void addPod(Sourced<Pod> s, PodConverter converter, Consumer<String> warnings) {
        Pod pod = s.object();
        TaskSpec task = at(s.location(), () -> converter.task(pod));
        boolean ours = converter.isOurs(pod);
        if (!ours && !PodConverter.isOnNode(pod)) {
            otherSchedulersPending++;
            return;
        }
        if (ours) {
            for (String field : UnmodelledFields.of(pod.getSpec())) {
                unmodelled.computeIfAbsent(field, k -> new java.util.TreeSet<>()).add(task.key());
            }
        }
        if (ours && !PodConverter.hasGroup(pod)) {
            JobSpec shadow = at(s.location(), () -> converter.shadowGroup(pod));
            jobs.putIfAbsent(shadow.key(), shadow);
        }
        if (tasksByUid.put(task.uid(), task) != null) {
            warnings.accept(s.location() + ": Pod " + task.key() + " appears more than once; the last one is used");
        }
        jobOfTask.put(task.uid(), task.namespace() + "/" + task.job());
    }

    private static <T, S> void convert(Collection<Sourced<T>> objects, Function<T, S> converter,
                                       Function<S, String> key, String kind, Map<String, S> into,
                                       Consumer<String> warnings) {
        for (Sourced<T> s : objects) {
            S spec = at(s.location(), () -> converter.apply(s.object()));
            if (into.put(key.apply(spec), spec) != null) {
                warnings.accept(s.location() + ": " + kind + " " + key.apply(spec)
                        + " appears more than once; the last one is used");
            }
        }
    }

    private static <S> S at(Location location, java.util.function.Supplier<S> conversion) {
        try {
            return conversion.get();
        } catch (ConversionException | IllegalArgumentException e) {
            throw new ManifestException(location + ": " + e.getMessage(), e);
        }
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
        tasksByUid.remove(uid);
        cache.removeTask(uid);
    }

    /**
     * Writes the scheduler's nominations into the pending pods' {@code status.nominatedNodeName}, as the
     * scheduler updates pod status: a pod pipelined where victims were evicted for it is nominated to that
     * node, and a nomination the scheduler dropped is cleared. Pods whose field already agrees are untouched.
     */
    public void nominations(ClusterCache cache) {
        for (TaskSpec t : new java.util.ArrayList<>(tasksByUid.values())) {
            int row = cache.taskRow(t.uid());
            if (row < 0 || t.nodeName() != null) {
                continue;
            }
            int node = cache.taskState.nominatedNode[row];
            String nominated = node < 0 ? null : cache.nodes.name[node];
            if (!java.util.Objects.equals(nominated, t.nominatedNodeName())) {
                cache.upsertTask(replace(t.uid(), TaskSpecs.placed(t, t.status(), null, nominated)));
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
        return jobOfTask.get(uid);
    }

    /** Per kind of unmodelled pod field ({@link UnmodelledFields}), the pods of ours that set it. */
    Map<String, java.util.TreeSet<String>> unmodelled() {
        return unmodelled;
    }

    /** Pending pods of other schedulers, which the simulation ignores. */
    public int otherSchedulersPending() {
        return otherSchedulersPending;
    }
}
