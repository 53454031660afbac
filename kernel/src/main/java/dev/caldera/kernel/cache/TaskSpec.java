package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;

/**
 * A task (pod) as the adapter sees it. {@code request} is the pod's effective request in canonical units
 * (max of the containers' sum and the largest init container, plus overhead); the cache adds one
 * {@code pods}. {@code status} is one of the pod-derived {@link TaskStatus} values. {@code priority} null
 * means "resolve from {@code priorityClassName}".
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
        boolean schedulingGated) {

    public TaskSpec {
        String object = "Pod " + namespace + "/" + name;
        SpecCheck.required(name, "Pod", "metadata.name");
        SpecCheck.required(namespace, object, "metadata.namespace");
        SpecCheck.required(uid, object, "metadata.uid");
        SpecCheck.required(job, object, "PodGroup (annotation scheduling.k8s.io/group-name)");
        request = SpecCheck.nonNegative(request == null ? ResourceList.EMPTY : request, object,
                "resources.requests");
        placement = placement == null ? PlacementSpec.NONE : placement;
        nodeName = nodeName == null || nodeName.isEmpty() ? null : nodeName;
        nominatedNodeName = nominatedNodeName == null || nominatedNodeName.isEmpty() ? null : nominatedNodeName;
        if (status < 0 || status >= TaskStatus.COUNT) {
            throw new IllegalArgumentException(object + ": unknown task status " + status);
        }
    }

    public String key() {
        return namespace + "/" + name;
    }

    public static Builder builder(String namespace, String name) {
        return new Builder(namespace, name);
    }

    /** Readable construction for adapters, generators and tests. */
    public static final class Builder {
        private final String namespace;
        private final String name;
        private String uid;
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

        private Builder(String namespace, String name) {
            this.namespace = namespace;
            this.name = name;
            this.uid = namespace + "/" + name;
        }

        public Builder uid(String v) { uid = v; return this; }
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

        /** Places the task on {@code node} as Running. */
        public Builder running(String node) { nodeName = node; status = TaskStatus.RUNNING; return this; }

        public TaskSpec build() {
            return new TaskSpec(uid, namespace, name, job, request, priority, priorityClassName, role, preemptable,
                    creationMs, status, nodeName, nominatedNodeName, placement, critical, preemptNever,
                    schedulingGated);
        }
    }
}
