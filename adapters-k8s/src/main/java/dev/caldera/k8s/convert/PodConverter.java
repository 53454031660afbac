package dev.caldera.k8s.convert;

import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.resource.ResourceList;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pods to kernel tasks. A pod belongs to the PodGroup its {@code scheduling.k8s.io/group-name} annotation
 * names; a pod of ours without one gets the PodGroup Volcano's controller would create for it (a gang of one,
 * {@code podgroup-<uid>}, see {@link #shadowGroup}). Pods of other schedulers count only where they run.
 * <p>
 * Threading: immutable, any thread.
 */
public final class PodConverter {
    /** Volcano's priority classes for pods that must never be evicted. */
    private static final Set<String> CRITICAL_CLASSES = Set.of("system-cluster-critical", "system-node-critical");
    private static final String SHADOW_PREFIX = "podgroup-";

    private final Set<String> schedulerNames;

    /** {@code schedulerNames}: the names a pod's {@code spec.schedulerName} must carry to be ours. */
    public PodConverter(Set<String> schedulerNames) {
        this.schedulerNames = Set.copyOf(schedulerNames);
    }

    /** True when the pod asks for one of our scheduler names ({@code default-scheduler} when unset). */
    public boolean isOurs(Pod pod) {
        String name = pod.getSpec() == null ? null : ObjectNames.emptyToNull(pod.getSpec().getSchedulerName());
        return schedulerNames.contains(name == null ? "default-scheduler" : name);
    }

    /** True when the pod sits on a node (spec.nodeName set). */
    public static boolean isOnNode(Pod pod) {
        return pod.getSpec() != null && ObjectNames.emptyToNull(pod.getSpec().getNodeName()) != null;
    }

    /** The pod as a kernel task. */
    public TaskSpec task(Pod pod) {
        ObjectMeta meta = pod.getMetadata();
        String object = ObjectNames.namespaced("Pod", meta);
        String name = ObjectNames.requireName(object, meta);
        PodSpec spec = requireSpec(pod, object);
        String namespace = ObjectNames.namespace(meta);
        Map<String, String> annotations = meta.getAnnotations();
        String className = ObjectNames.emptyToNull(spec.getPriorityClassName());
        String role = Annotations.get(annotations, Annotations.TASK_SPEC);
        return TaskSpec.builder(namespace, name)
                .uid(uid(pod))
                .job(groupName(pod))
                .request(ResourceList.of(PodRequests.of(spec, object)))
                .priority(spec.getPriority())
                .priorityClassName(className)
                .role(role == null ? "" : role)
                .preemptable(preemptable(meta, object))
                .creationMs(Timestamps.epochMs(meta.getCreationTimestamp(), object, "metadata.creationTimestamp"))
                .status(PodStatuses.of(pod, object))
                .nodeName(ObjectNames.emptyToNull(spec.getNodeName()))
                .nominatedNodeName(pod.getStatus() == null ? null : pod.getStatus().getNominatedNodeName())
                .placement(Placements.of(spec, object))
                .critical(className != null && CRITICAL_CLASSES.contains(className))
                .preemptNever("Never".equals(spec.getPreemptionPolicy()))
                .schedulingGated(spec.getSchedulingGates() != null && !spec.getSchedulingGates().isEmpty())
                .labels(meta.getLabels())
                .interPod(InterPodTerms.of(spec.getAffinity(), spec.getTopologySpreadConstraints(), meta.getLabels(),
                        object))
                .build();
    }

    /** The PodGroup the pod belongs to: its annotation, else its shadow group's name. */
    public static String groupName(Pod pod) {
        String group = ObjectNames.emptyToNull(Annotations.get(pod.getMetadata().getAnnotations(),
                Annotations.GROUP_NAME));
        if (group != null) {
            return group;
        }
        String uid = ObjectNames.emptyToNull(pod.getMetadata().getUid());
        return SHADOW_PREFIX + (uid != null ? uid : pod.getMetadata().getName());
    }

    /** True when the pod names its PodGroup. */
    public static boolean hasGroup(Pod pod) {
        return ObjectNames.emptyToNull(Annotations.get(pod.getMetadata().getAnnotations(),
                Annotations.GROUP_NAME)) != null;
    }

    /**
     * The PodGroup Volcano's controller creates for a pod of ours that names none: minMember 1, the pod's
     * priority class, its request as minResources, the queue of its {@code scheduling.volcano.sh/queue-name}
     * annotation (else {@code default}), phase Pending; named {@code podgroup-<uid>} (or
     * {@code podgroup-<pod name>} for a pod without uid). Null when the pod names its group.
     */
    public JobSpec shadowGroup(Pod pod) {
        if (hasGroup(pod)) {
            return null;
        }
        ObjectMeta meta = pod.getMetadata();
        String object = ObjectNames.namespaced("Pod", meta);
        PodSpec spec = requireSpec(pod, object);
        String queue = ObjectNames.emptyToNull(Annotations.get(meta.getAnnotations(), Annotations.QUEUE_NAME));
        return new JobSpec(ObjectNames.namespace(meta), groupName(pod), queue == null ? "default" : queue, 1,
                Map.of(), ObjectNames.emptyToNull(spec.getPriorityClassName()),
                ResourceList.of(PodRequests.of(spec, object)), "Pending",
                Timestamps.epochMs(meta.getCreationTimestamp(), object, "metadata.creationTimestamp"));
    }

    /** metadata.uid, or namespace/name for hand-written manifests that have none. */
    public static String uid(Pod pod) {
        ObjectMeta meta = pod.getMetadata();
        String uid = ObjectNames.emptyToNull(meta.getUid());
        return uid != null ? uid : ObjectNames.namespace(meta) + "/" + meta.getName();
    }

    private static PodSpec requireSpec(Pod pod, String object) {
        PodSpec spec = pod.getSpec();
        if (spec == null) {
            throw new ConversionException(object, "spec", "is required");
        }
        List<?> containers = spec.getContainers();
        if (containers == null || containers.isEmpty()) {
            throw new ConversionException(object, "spec.containers", "is required (at least one container)");
        }
        return spec;
    }

    /** The volcano.sh/preemptable annotation, else the label of that name, else true (Volcano's order). */
    private static boolean preemptable(ObjectMeta meta, String object) {
        String annotation = Annotations.get(meta.getAnnotations(), Annotations.PREEMPTABLE);
        if (annotation != null) {
            return Annotations.parseBool(annotation, object, "metadata.annotations[" + Annotations.PREEMPTABLE + "]");
        }
        String label = Annotations.get(meta.getLabels(), Annotations.PREEMPTABLE);
        if (label != null) {
            return Annotations.parseBool(label, object, "metadata.labels[" + Annotations.PREEMPTABLE + "]");
        }
        return true;
    }
}
