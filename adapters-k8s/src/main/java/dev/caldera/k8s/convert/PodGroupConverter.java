package dev.caldera.k8s.convert;

import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.plugin.sla.GoDuration;
import dev.caldera.kernel.resource.ResourceList;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupSpec;

import java.util.Map;

/**
 * PodGroups to kernel jobs. An unset {@code spec.queue} is {@code default} and an unset {@code minMember} 0,
 * as Volcano's admission defaults them; {@code status.phase} unset is Pending.
 */
public final class PodGroupConverter {
    private static final java.util.Set<String> PHASES = java.util.Set.of("Pending", "Inqueue", "Running", "Unknown",
            "Completed");

    private PodGroupConverter() {
    }

    public static JobSpec of(PodGroup group) {
        ObjectMeta meta = group.getMetadata();
        String object = ObjectNames.namespaced("PodGroup", meta);
        String name = ObjectNames.requireName(object, meta);
        PodGroupSpec spec = group.getSpec() == null ? new PodGroupSpec() : group.getSpec();
        int minMember = spec.getMinMember() == null ? 0 : spec.getMinMember();
        if (minMember < 0) {
            throw new ConversionException(object, "spec.minMember", "must not be negative, got " + minMember);
        }
        Map<String, Integer> minTaskMember = spec.getMinTaskMember() == null ? Map.of() : spec.getMinTaskMember();
        for (Map.Entry<String, Integer> e : minTaskMember.entrySet()) {
            if (e.getValue() == null || e.getValue() < 0) {
                throw new ConversionException(object, "spec.minTaskMember." + e.getKey(),
                        "must be a number of pods (0 or more), got " + e.getValue());
            }
        }
        String queue = ObjectNames.emptyToNull(spec.getQueue());
        // fabric8 gives an empty map for an absent field; both mean "not set"
        ResourceList minResources = spec.getMinResources() == null || spec.getMinResources().isEmpty() ? null
                : ResourceList.of(QuantityMaps.of(spec.getMinResources(), object, "spec.minResources"));
        return new JobSpec(ObjectNames.namespace(meta), name, queue == null ? "default" : queue, minMember,
                minTaskMember, ObjectNames.emptyToNull(spec.getPriorityClassName()), minResources, phase(group, object),
                Timestamps.epochMs(meta.getCreationTimestamp(), object, "metadata.creationTimestamp"),
                slaWaitingMs(meta, object),
                PodGroupTopologyConverter.networkTopology(spec.getAdditionalProperties(), object),
                PodGroupTopologyConverter.subGroupPolicy(spec.getAdditionalProperties(), object));
    }

    private static String phase(PodGroup group, String object) {
        String phase = group.getStatus() == null ? null : ObjectNames.emptyToNull(group.getStatus().getPhase());
        if (phase != null && !PHASES.contains(phase)) {
            throw new ConversionException(object, "status.phase", "'" + phase
                    + "' is not one of Pending, Inqueue, Running, Unknown, Completed");
        }
        return phase;
    }

    private static long slaWaitingMs(ObjectMeta meta, String object) {
        String text = Annotations.get(meta.getAnnotations(), Annotations.SLA_WAITING_TIME);
        if (text == null) {
            return -1;
        }
        try {
            return GoDuration.parseMs(text);
        } catch (IllegalArgumentException e) {
            throw new ConversionException(object, "metadata.annotations[" + Annotations.SLA_WAITING_TIME + "]",
                    e.getMessage());
        }
    }
}
