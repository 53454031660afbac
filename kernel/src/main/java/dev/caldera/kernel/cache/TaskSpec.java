package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.LabelSyntax;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A task (pod) as the adapter sees it. {@code request} is the pod's effective request in canonical units
 * (max of the containers' sum and the largest init container, plus overhead); the cache adds one
 * {@code pods}. {@code status} is one of the pod-derived {@link TaskStatus} values. {@code priority} null
 * means "resolve from {@code priorityClassName}". {@code labels} are the pod's labels (what other pods' affinity
 * terms and spread constraints select on); {@code interPod} its own pod affinity, anti-affinity and spread
 * terms, owned by its namespace. {@code gpuDevices} is the mask of GPU device indices a pod placed on a node
 * already holds (Volcano's {@code volcano.sh/gpu-index} annotation), 0 when unknown or none.
 */
public record TaskSpec(
        String uid,
        String namespace,
        String name,
        String job,
        ResourceList request,
        Integer priority,
        String priorityClassName,
        String role,
        boolean preemptable,
        long creationMs,
        byte status,
        String nodeName,
        String nominatedNodeName,
        PlacementSpec placement,
        boolean critical,
        boolean preemptNever,
        boolean schedulingGated,
        Map<String, String> labels,
        InterPodSpec interPod,
        long gpuDevices) {

    public TaskSpec {
        SpecCheck.required(name, "Pod", "metadata.name");
        // the object's name is joined only for a refusal: a replay builds a spec for every bind
        if (isEmpty(namespace) || isEmpty(uid) || isEmpty(job) || SpecCheck.firstNegative(request) >= 0) {
            String object = "Pod " + namespace + "/" + name;
            SpecCheck.required(namespace, object, "metadata.namespace");
            SpecCheck.required(uid, object, "metadata.uid");
            SpecCheck.required(job, object, "PodGroup (annotation scheduling.k8s.io/group-name)");
            SpecCheck.nonNegative(request, object, "resources.requests");
        }
        request = request == null ? ResourceList.EMPTY : request;
        placement = placement == null ? PlacementSpec.NONE : placement;
        nodeName = nodeName == null || nodeName.isEmpty() ? null : nodeName;
        nominatedNodeName = nominatedNodeName == null || nominatedNodeName.isEmpty() ? null : nominatedNodeName;
        if (status < 0 || status >= TaskStatus.COUNT) {
            throw new IllegalArgumentException("Pod " + namespace + "/" + name + ": unknown task status " + status);
        }
        labels = checkedLabels(labels, namespace, name);
        interPod = interPod == null ? InterPodSpec.NONE : interPod.inNamespace(namespace);
    }

    private static boolean isEmpty(String s) {
        return s == null || s.isEmpty();
    }

    private static Map<String, String> checkedLabels(Map<String, String> labels, String namespace, String name) {
        if (labels == null || labels.isEmpty()) {
            return Map.of();
        }
        String object = "Pod " + namespace + "/" + name;
        TreeMap<String, String> sorted = new TreeMap<>();
        labels.forEach((k, v) -> {
            String problem = LabelSyntax.keyProblem(k);
            if (problem == null) {
                problem = LabelSyntax.valueProblem(v);
            }
            if (problem != null) {
                throw new IllegalArgumentException(object + ": metadata.labels: " + problem);
            }
            sorted.put(k, v);
        });
        return Collections.unmodifiableMap(sorted);
    }

    /** A task without GPU device indices. */
    public TaskSpec(String uid, String namespace, String name, String job, ResourceList request, Integer priority,
                    String priorityClassName, String role, boolean preemptable, long creationMs, byte status,
                    String nodeName, String nominatedNodeName, PlacementSpec placement, boolean critical,
                    boolean preemptNever, boolean schedulingGated, Map<String, String> labels, InterPodSpec interPod) {
        this(uid, namespace, name, job, request, priority, priorityClassName, role, preemptable, creationMs, status,
                nodeName, nominatedNodeName, placement, critical, preemptNever, schedulingGated, labels, interPod, 0L);
    }

    /** A builder holding every field of this spec, for copies that change a few. */
    public Builder toBuilder() {
        return new Builder(namespace, name).uid(uid).job(job).request(request).priority(priority)
                .priorityClassName(priorityClassName).role(role).preemptable(preemptable).creationMs(creationMs)
                .status(status).nodeName(nodeName).nominatedNodeName(nominatedNodeName).placement(placement)
                .critical(critical).preemptNever(preemptNever).schedulingGated(schedulingGated).labels(labels)
                .interPod(interPod).gpuDevices(gpuDevices);
    }

    public String key() {
        return namespace + "/" + name;
    }

    /**
     * True when {@code other} differs from this spec at most in where the pod is: status, node name and nominated
     * node name (an informer update of a pod that was bound, started, finished or nominated). Compares, never
     * hashes; sub-objects shared by both specs compare by identity.
     */
    public boolean sameButPlace(TaskSpec other) {
        return other == this || gpuDevices == other.gpuDevices && sameButPlaceAndDevices(other);
    }

    /**
     * {@link #sameButPlace}, the GPU devices named ({@code volcano.sh/gpu-index}) allowed to differ too: a pod bound
     * with the devices the scheduler gave it.
     */
    public boolean sameButPlaceAndDevices(TaskSpec other) {
        return other == this || uid.equals(other.uid) && namespace.equals(other.namespace)
                && name.equals(other.name) && job.equals(other.job) && preemptable == other.preemptable
                && creationMs == other.creationMs && critical == other.critical && preemptNever == other.preemptNever
                && schedulingGated == other.schedulingGated
                && Objects.equals(priority, other.priority)
                && Objects.equals(priorityClassName, other.priorityClassName) && Objects.equals(role, other.role)
                && Objects.equals(request, other.request) && Objects.equals(placement, other.placement)
                && Objects.equals(labels, other.labels) && Objects.equals(interPod, other.interPod);
    }

    /** True when {@code key} is this pod's {@code namespace/name} (compared without building the key). */
    boolean hasKey(String key) {
        return key.length() == namespace.length() + 1 + name.length() && key.startsWith(namespace)
                && key.charAt(namespace.length()) == '/' && key.startsWith(name, namespace.length() + 1);
    }

    public static Builder builder(String namespace, String name) {
        return new Builder(namespace, name);
    }

    /** Readable construction for adapters, generators and tests. */
    public static final class Builder {
        private final String namespace;
        private final String name;
        /** Null until set: {@link #build} then takes {@code namespace/name}. */
        private String uid;
        private boolean uidSet;
        private String job;
        private ResourceList request = ResourceList.EMPTY;
        private Integer priority;
        private String priorityClassName;
        private String role;
        private boolean preemptable = true;
        private long creationMs;
        private byte status = TaskStatus.PENDING;
        private String nodeName;
        private String nominatedNodeName;
        private PlacementSpec placement = PlacementSpec.NONE;
        private boolean critical;
        private boolean preemptNever;
        private boolean schedulingGated;
        private Map<String, String> labels = Map.of();
        private InterPodSpec interPod = InterPodSpec.NONE;
        private long gpuDevices;

        private Builder(String namespace, String name) {
            this.namespace = namespace;
            this.name = name;
        }

        public Builder uid(String v) { uid = v; uidSet = true; return this; }
        public Builder job(String v) { job = v; return this; }
        public Builder request(ResourceList v) { request = v; return this; }
        public Builder priority(Integer v) { priority = v; return this; }
        public Builder priorityClassName(String v) { priorityClassName = v; return this; }
        public Builder role(String v) { role = v; return this; }
        public Builder preemptable(boolean v) { preemptable = v; return this; }
        public Builder creationMs(long v) { creationMs = v; return this; }
        public Builder status(byte v) { status = v; return this; }
        public Builder nodeName(String v) { nodeName = v; return this; }
        public Builder nominatedNodeName(String v) { nominatedNodeName = v; return this; }
        public Builder placement(PlacementSpec v) { placement = v; return this; }
        public Builder critical(boolean v) { critical = v; return this; }
        public Builder preemptNever(boolean v) { preemptNever = v; return this; }
        public Builder schedulingGated(boolean v) { schedulingGated = v; return this; }
        public Builder labels(Map<String, String> v) { labels = v; return this; }
        public Builder interPod(InterPodSpec v) { interPod = v; return this; }
        public Builder gpuDevices(long v) { gpuDevices = v; return this; }

        /** Places the task on {@code node} as Running. */
        public Builder running(String node) { nodeName = node; status = TaskStatus.RUNNING; return this; }

        public TaskSpec build() {
            return new TaskSpec(uidSet ? uid : namespace + "/" + name, namespace, name, job, request, priority, priorityClassName, role, preemptable,
                    creationMs, status, nodeName, nominatedNodeName, placement, critical, preemptNever,
                    schedulingGated, labels, interPod, gpuDevices);
        }
    }
}
