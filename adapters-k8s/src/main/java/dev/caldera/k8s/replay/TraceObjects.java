package dev.caldera.k8s.replay;

import dev.caldera.k8s.convert.Annotations;
import dev.caldera.k8s.convert.ConversionException;
import dev.caldera.k8s.convert.NodeConverter;
import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.kernel.cache.ClusterChange;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.plugin.deviceshare.DeviceSharePlugin;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.NodeStatus;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Turns trace rows into the Kubernetes objects a real cluster would hold, then into kernel specs with the
 * adapter's own converters ({@link NodeConverter}, {@link PodConverter}), so a replay schedules exactly
 * what {@code caldera simulate} would schedule for the same objects. GPU requests follow Volcano's
 * deviceshare conventions: a node with {@code gpus} devices advertises {@code volcano.sh/gpu-number: gpus}
 * and {@code volcano.sh/gpu-memory: 1000 x gpus} (one unit is a thousandth of a GPU) and carries its model in
 * the {@value #MODEL_LABEL} label; a pod asking for a share of a GPU limits {@code volcano.sh/gpu-memory} to
 * its thousandths, a pod asking for whole GPUs limits {@code volcano.sh/gpu-number}, and a pod restricted to
 * some models has required node affinity on the model label.
 * <p>
 * Conversion is cached per pod shape: pods differing only in name and times share one conversion.
 * Threading: one thread, but for {@link #convertUncached} and the static methods, which any thread may call.
 */
public final class TraceObjects {
    public static final String MODEL_LABEL = "nvidia.com/gpu.product";
    public static final String NAMESPACE = "default";
    /** Volcano's default scheduler name, the one the replay schedules for. */
    static final String SCHEDULER = "volcano";
    /** A pod's uid is its namespace and name joined by '/'. */
    private static final String NAMESPACE_PREFIX = NAMESPACE + "/";
    /** The name of a pod's own PodGroup, as {@link PodConverter#shadowGroup} names it: this prefix and the uid. */
    private static final String SHADOW_PREFIX = "podgroup-";

    private final PodConverter converter = new PodConverter(Set.of(SCHEDULER));
    private final Map<PodShape, Converted> shapes = new HashMap<>();

    /**
     * What a pod asks for, apart from its name and times.
     *
     * @param shareMilli thousandths of one GPU (1 to 999), or 0
     * @param gpus       whole GPUs, or 0
     * @param models     accepted GPU models, empty for any
     * @param group      the PodGroup it joins, or null for its own
     */
    public record PodShape(long cpuMilli, long memoryBytes, long shareMilli, int gpus, List<String> models,
                           String queue, String priorityClass, String group) {
        public PodShape {
            models = List.copyOf(models);
        }

        /**
         * Written out, with {@link #equals}, rather than the record's generated ones (invokedynamic calls through
         * {@code ObjectMethods}): a trace's pods are looked up by shape, and under C1, which bin/caldera runs,
         * those look-ups were 74 of the 955 cpu samples of reading the long openb trace (the generated equals 45,
         * hashCode 23).
         */
        @Override
        public int hashCode() {
            int h = Long.hashCode(cpuMilli);
            h = 31 * h + Long.hashCode(memoryBytes);
            h = 31 * h + Long.hashCode(shareMilli);
            h = 31 * h + gpus;
            h = 31 * h + models.hashCode();
            h = 31 * h + Objects.hashCode(queue);
            h = 31 * h + Objects.hashCode(priorityClass);
            return 31 * h + Objects.hashCode(group);
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof PodShape s && cpuMilli == s.cpuMilli && memoryBytes == s.memoryBytes
                    && shareMilli == s.shareMilli && gpus == s.gpus && models.equals(s.models)
                    && Objects.equals(queue, s.queue) && Objects.equals(priorityClass, s.priorityClass)
                    && Objects.equals(group, s.group);
        }

        /** GPUs asked for, in thousandths. */
        public long gpuMilli() {
            return shareMilli > 0 ? shareMilli : 1000L * gpus;
        }
    }

    /** A pod shape converted: the task and shadow group every pod of that shape is made from. */
    record Converted(TaskSpec task, JobSpec group) {
    }

    /** A node with the given resources, GPUs of {@code model} and extra labels. */
    public NodeSpec node(String name, long cpuMilli, long memoryBytes, int gpus, String model, Map<String, String> labels,
                         String source) {
        Map<String, String> all = new LinkedHashMap<>(labels);
        all.put("kubernetes.io/hostname", name);
        if (gpus > 0 && model != null && !model.isEmpty()) {
            all.put(MODEL_LABEL, model);
        }
        Map<String, Quantity> allocatable = new LinkedHashMap<>();
        allocatable.put("cpu", new Quantity(cpuMilli + "m"));
        allocatable.put("memory", new Quantity(Long.toString(memoryBytes)));
        allocatable.put("pods", new Quantity("1000"));
        if (gpus > 0) {
            allocatable.put(DeviceSharePlugin.GPU_NUMBER, new Quantity(Integer.toString(gpus)));
            allocatable.put(DeviceSharePlugin.GPU_MEMORY, new Quantity(Long.toString(1000L * gpus)));
        }
        Node node = node(name, all, allocatable);
        return at(source, () -> NodeConverter.of(node));
    }

    /**
     * The node named {@code name} with those labels, allocatable and capacity, made of fabric8's model objects
     * directly, as {@link #pod(String, PodShape)} is; what {@code NodeBuilder} builds ({@code TraceObjectsTest}).
     */
    static Node node(String name, Map<String, String> labels, Map<String, Quantity> allocatable) {
        ObjectMeta meta = new ObjectMeta();
        meta.setName(name);
        meta.setLabels(new LinkedHashMap<>(labels));
        NodeStatus status = new NodeStatus();
        status.setAllocatable(new LinkedHashMap<>(allocatable));
        status.setCapacity(new LinkedHashMap<>(allocatable));
        Node node = new Node();
        node.setMetadata(meta);
        node.setStatus(status);
        return node;
    }

    /** The pod, converted (once per shape), named and timed. */
    public ReplayPod pod(int index, String name, PodShape shape, long createdMs, long deletedMs, long durationMs,
                         String source) {
        return pod(index, name, shape, convert(shape, source), createdMs, deletedMs, durationMs, source);
    }

    /** The shape converted, once per shape; a conversion error names {@code source}. */
    Converted convert(PodShape shape, String source) {
        Converted c = shapes.get(shape);
        if (c == null) {
            c = convertUncached(shape, source);
            shapes.put(shape, c);
        }
        return c;
    }

    /** The shape converted, not kept: reads only the (immutable) converter, so any thread may call it. */
    Converted convertUncached(PodShape shape, String source) {
        Pod template = pod("shape", shape);
        return at(source, () -> new Converted(converter.task(template), converter.shadowGroup(template)));
    }

    /**
     * The pod of {@code shape} converted to {@code c}, named and timed. Reads only its arguments: any thread.
     */
    static ReplayPod pod(int index, String name, PodShape shape, Converted c, long createdMs, long deletedMs,
                         long durationMs, String source) {
        return pod(index, name, shape, c, createdMs, deletedMs, durationMs, source, 0);
    }

    /** {@link #pod(int, String, PodShape, Converted, long, long, long, String)} from line {@code line} of {@code file}. */
    static ReplayPod pod(int index, String name, PodShape shape, Converted c, long createdMs, long deletedMs,
                         long durationMs, String file, int line) {
        // joined by String.concat, one array of the exact size each: this module compiles `+` to a StringBuilder,
        // whose default 16 bytes grow once or twice per string (about 30 MB of the long openb replay's allocation)
        String uid = NAMESPACE_PREFIX.concat(name);
        String job = shape.group() != null ? shape.group() : SHADOW_PREFIX.concat(uid);
        TaskSpec t = c.task();
        // the constructor, not TaskSpec.builder(): what the builder would build, without a builder per pod
        TaskSpec task = new TaskSpec(uid, NAMESPACE, name, job, t.request(), t.priority(), t.priorityClassName(),
                t.role(), t.preemptable(), createdMs, t.status(), null, null, t.placement(), t.critical(),
                t.preemptNever(), t.schedulingGated(), t.labels(), t.interPod(), 0L);
        JobSpec group = null;
        String groupKey = null;
        if (c.group() != null) {
            JobSpec g = c.group();
            // an empty minTaskMember passed as null: JobSpec copies a given map into a TreeMap, per pod
            group = new JobSpec(NAMESPACE, job, g.queue(), g.minMember(),
                    g.minTaskMember().isEmpty() ? null : g.minTaskMember(), g.priorityClassName(), g.minResources(),
                    g.phase(), createdMs, g.slaWaitingMs());
            // its namespace/name (JobSpec.key, which the kernel joins with a StringBuilder since it is compiled with
            // -XDstringConcat=inline) joined by concat, one array of the exact size; UpsertJob checks it is the spec's
            groupKey = NAMESPACE_PREFIX.concat(job);
            // the replay's thread looks the pod and its group up by these strings (its uid in the waiting pods and
            // the cache's tasks, the key in its jobs): String keeps its hash once computed, so computing it here,
            // on the thread that makes the pods beside the replay, spares the replay that pass over their bytes
            groupKey.hashCode();
        }
        uid.hashCode();
        // the cache changes that create them, made (and checked) here, on the thread that makes the pods
        return new ReplayPod(index, new ClusterChange.UpsertTask(task),
                group == null ? null : new ClusterChange.UpsertJob(group, groupKey), shape.gpuMilli(), createdMs,
                deletedMs, durationMs, file, line);
    }

    /**
     * The pod every pod of {@code shape} is converted from, made of fabric8's model objects directly: what the model's
     * builders ({@code PodBuilder} and its nested fluents) would build, without their copies of every nested object
     * and list at each {@code end...()} and {@code build()}, which made the shapes' conversions about 50 MB of the long
     * openb replay's allocation and half their CPU (perf-results/replay/speed.md). The converter reads the same
     * fields either way ({@code TraceObjectsTest} converts both).
     */
    static Pod pod(String name, PodShape shape) {
        Map<String, Quantity> requests = new LinkedHashMap<>();
        requests.put("cpu", new Quantity(shape.cpuMilli() + "m"));
        requests.put("memory", new Quantity(Long.toString(shape.memoryBytes())));
        Map<String, Quantity> limits = new LinkedHashMap<>(requests);
        if (shape.shareMilli() > 0) {
            limits.put(DeviceSharePlugin.GPU_MEMORY, new Quantity(Long.toString(shape.shareMilli())));
        } else if (shape.gpus() > 0) {
            limits.put(DeviceSharePlugin.GPU_NUMBER, new Quantity(Integer.toString(shape.gpus())));
        }
        Map<String, String> annotations = new LinkedHashMap<>();
        if (shape.group() != null) {
            annotations.put(Annotations.GROUP_NAME, shape.group());
        }
        if (shape.queue() != null) {
            annotations.put(Annotations.QUEUE_NAME, shape.queue());
        }
        ObjectMeta meta = new ObjectMeta();
        meta.setName(name);
        meta.setNamespace(NAMESPACE);
        meta.setUid(name);
        meta.setAnnotations(annotations);
        ResourceRequirements resources = new ResourceRequirements();
        resources.setRequests(requests);
        resources.setLimits(limits);
        Container main = new Container();
        main.setName("main");
        main.setResources(resources);
        PodSpec spec = new PodSpec();
        spec.setSchedulerName(SCHEDULER);
        spec.setPriorityClassName(shape.priorityClass());
        spec.setContainers(new ArrayList<>(List.of(main)));
        if (!shape.models().isEmpty()) {
            spec.setAffinity(modelAffinity(shape.models()));
        }
        Pod pod = new Pod();
        pod.setMetadata(meta);
        pod.setSpec(spec);
        return pod;
    }

    /** Required node affinity: the node's {@value #MODEL_LABEL} label is one of {@code models}. */
    private static Affinity modelAffinity(List<String> models) {
        NodeSelectorRequirement model = new NodeSelectorRequirement();
        model.setKey(MODEL_LABEL);
        model.setOperator("In");
        model.setValues(new ArrayList<>(models));
        NodeSelectorTerm term = new NodeSelectorTerm();
        term.setMatchExpressions(new ArrayList<>(List.of(model)));
        NodeSelector required = new NodeSelector();
        required.setNodeSelectorTerms(new ArrayList<>(List.of(term)));
        NodeAffinity node = new NodeAffinity();
        node.setRequiredDuringSchedulingIgnoredDuringExecution(required);
        Affinity affinity = new Affinity();
        affinity.setNodeAffinity(node);
        return affinity;
    }

    private static <T> T at(String source, java.util.function.Supplier<T> conversion) {
        try {
            return conversion.get();
        } catch (ConversionException | IllegalArgumentException e) {
            throw new ManifestException(source + ": " + e.getMessage(), e);
        }
    }
}
