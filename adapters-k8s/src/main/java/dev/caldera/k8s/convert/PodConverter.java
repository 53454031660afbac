package dev.caldera.k8s.convert;

import dev.caldera.k8s.convert.fields.MetaFields;
import dev.caldera.k8s.convert.fields.PodFields;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.resource.ResourceList;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.Map;
import java.util.Set;

/**
 * Pods to kernel tasks: the rules, written once over {@link PodFields} and used by the streaming manifest
 * reader and, through {@link Fabric8Fields}, for fabric8 objects. A pod belongs to the PodGroup its
 * {@code scheduling.k8s.io/group-name} annotation names; a pod of ours without one gets the PodGroup Volcano's
 * controller would create for it (a gang of one, {@code podgroup-<uid>}, see {@link #shadowGroup}). Pods of other
 * schedulers count only where they run.
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
    public boolean isOurs(PodFields pod) {
        String name = ObjectNames.emptyToNull(pod.schedulerName);
        return schedulerNames.contains(name == null ? "default-scheduler" : name);
    }

    public boolean isOurs(Pod pod) {
        return isOurs(Fabric8Fields.pod(pod));
    }

    /** True when the pod sits on a node (spec.nodeName set). */
    public static boolean isOnNode(PodFields pod) {
        return ObjectNames.emptyToNull(pod.nodeName) != null;
    }

    public static boolean isOnNode(Pod pod) {
        return pod.getSpec() != null && ObjectNames.emptyToNull(pod.getSpec().getNodeName()) != null;
    }

    /** The pod as a kernel task. */
    public TaskSpec task(PodFields pod) {
        MetaFields meta = pod.meta;
        String object = ObjectNames.namespaced("Pod", meta);
        String name = ObjectNames.requireName(object, meta);
        requireSpec(pod, object);
        String className = ObjectNames.emptyToNull(pod.priorityClassName);
        String role = Annotations.get(meta.annotations, Annotations.TASK_SPEC);
        return TaskSpec.builder(ObjectNames.namespace(meta), name)
                .uid(uid(pod))
                .job(groupName(pod))
                .request(ResourceList.of(PodRequests.of(pod, object)))
                .priority(pod.priority)
                .priorityClassName(className)
                .role(role == null ? "" : role)
                .preemptable(preemptable(meta, object))
                .creationMs(Timestamps.epochMs(meta.creationTimestamp, object, "metadata.creationTimestamp"))
                .status(PodStatuses.of(pod, object))
                .nodeName(ObjectNames.emptyToNull(pod.nodeName))
                .nominatedNodeName(ObjectNames.emptyToNull(pod.nominatedNodeName))
                .placement(Placements.of(pod, object))
                .critical(className != null && CRITICAL_CLASSES.contains(className))
                .preemptNever("Never".equals(pod.preemptionPolicy))
                .schedulingGated(pod.schedulingGated)
                .labels(meta.labels)
                .interPod(InterPodTerms.of(pod.interPodAffinity, pod.topologySpreadConstraints, meta.labels, object))
                .gpuDevices(Annotations.gpuIndex(Annotations.get(meta.annotations, Annotations.GPU_INDEX), object))
                .build();
    }

    public TaskSpec task(Pod pod) {
        return task(Fabric8Fields.pod(pod));
    }

    /** The PodGroup the pod belongs to: its annotation, else its shadow group's name. */
    public static String groupName(PodFields pod) {
        String group = ObjectNames.emptyToNull(Annotations.get(pod.meta.annotations, Annotations.GROUP_NAME));
        if (group != null) {
            return group;
        }
        String uid = ObjectNames.emptyToNull(pod.meta.uid);
        return SHADOW_PREFIX + (uid != null ? uid : pod.meta.name);
    }

    public static String groupName(Pod pod) {
        return groupName(Fabric8Fields.pod(pod));
    }

    /** True when the pod names its PodGroup. */
    public static boolean hasGroup(PodFields pod) {
        return ObjectNames.emptyToNull(Annotations.get(pod.meta.annotations, Annotations.GROUP_NAME)) != null;
    }

    public static boolean hasGroup(Pod pod) {
        return hasGroup(Fabric8Fields.pod(pod));
    }

    /**
     * The PodGroup Volcano's controller creates for a pod of ours that names none: minMember 1, the pod's
     * priority class, its request as minResources, the queue of its {@code scheduling.volcano.sh/queue-name}
     * annotation (else {@code default}), phase Pending; named {@code podgroup-<uid>} (or
     * {@code podgroup-<pod name>} for a pod without uid). Null when the pod names its group.
     */
    public JobSpec shadowGroup(PodFields pod) {
        if (hasGroup(pod)) {
            return null;
        }
        MetaFields meta = pod.meta;
        String object = ObjectNames.namespaced("Pod", meta);
        requireSpec(pod, object);
        String queue = ObjectNames.emptyToNull(Annotations.get(meta.annotations, Annotations.QUEUE_NAME));
        return new JobSpec(ObjectNames.namespace(meta), groupName(pod), queue == null ? "default" : queue, 1,
                Map.of(), ObjectNames.emptyToNull(pod.priorityClassName),
                ResourceList.of(PodRequests.of(pod, object)), "Pending",
                Timestamps.epochMs(meta.creationTimestamp, object, "metadata.creationTimestamp"));
    }

    public JobSpec shadowGroup(Pod pod) {
        return shadowGroup(Fabric8Fields.pod(pod));
    }

    /** metadata.uid, or namespace/name for hand-written manifests that have none. */
    public static String uid(PodFields pod) {
        String uid = ObjectNames.emptyToNull(pod.meta.uid);
        return uid != null ? uid : ObjectNames.namespace(pod.meta) + "/" + pod.meta.name;
    }

    public static String uid(Pod pod) {
        return uid(Fabric8Fields.pod(pod));
    }

    private static void requireSpec(PodFields pod, String object) {
        if (!pod.spec) {
            throw new ConversionException(object, "spec", "is required");
        }
        if (pod.containers == null || pod.containers.isEmpty()) {
            throw new ConversionException(object, "spec.containers", "is required (at least one container)");
        }
    }

    /** The volcano.sh/preemptable annotation, else the label of that name, else true (Volcano's order). */
    private static boolean preemptable(MetaFields meta, String object) {
        String annotation = Annotations.get(meta.annotations, Annotations.PREEMPTABLE);
        if (annotation != null) {
            return Annotations.parseBool(annotation, object, "metadata.annotations[" + Annotations.PREEMPTABLE + "]");
        }
        String label = Annotations.get(meta.labels, Annotations.PREEMPTABLE);
        if (label != null) {
            return Annotations.parseBool(label, object, "metadata.labels[" + Annotations.PREEMPTABLE + "]");
        }
        return true;
    }
}
