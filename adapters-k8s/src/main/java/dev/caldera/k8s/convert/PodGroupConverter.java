package dev.caldera.k8s.convert;

import dev.caldera.k8s.convert.fields.MetaFields;
import dev.caldera.k8s.convert.fields.OwnerFields;
import dev.caldera.k8s.convert.fields.PodGroupFields;
import dev.caldera.k8s.manifest.token.Quote;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.plugin.sla.GoDuration;
import dev.caldera.kernel.resource.ResourceList;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * PodGroups to kernel jobs. An unset {@code spec.queue} is {@code default} and an unset {@code minMember} 0,
 * as Volcano's admission defaults them; {@code status.phase} unset is Pending.
 */
public final class PodGroupConverter {
    private static final Set<String> PHASES = Set.of("Pending", "Inqueue", "Running", "Unknown", "Completed");

    private PodGroupConverter() {
    }

    public static JobSpec of(PodGroup group) {
        return of(Fabric8Fields.podGroup(group));
    }

    public static JobSpec of(PodGroupFields group) {
        MetaFields meta = group.meta;
        String object = ObjectNames.namespaced("PodGroup", meta);
        String name = ObjectNames.requireName(object, meta);
        int minMember = group.minMember == null ? 0 : group.minMember;
        if (minMember < 0) {
            throw new ConversionException(object, "spec.minMember", "must not be negative, got " + minMember);
        }
        Map<String, Integer> minTaskMember = group.minTaskMember == null ? Map.of() : group.minTaskMember;
        for (Map.Entry<String, Integer> e : minTaskMember.entrySet()) {
            if (e.getValue() == null || e.getValue() < 0) {
                throw new ConversionException(object, "spec.minTaskMember." + e.getKey(),
                        "must be a number of pods (0 or more), got " + e.getValue());
            }
        }
        String queue = ObjectNames.emptyToNull(group.queue);
        // fabric8 gives an empty map for an absent field; both mean "not set"
        ResourceList minResources = group.minResources == null || group.minResources.isEmpty() ? null
                : ResourceList.of(QuantityMaps.of(group.minResources, object, "spec.minResources"));
        return new JobSpec(ObjectNames.namespace(meta), name, queue == null ? "default" : queue, minMember,
                minTaskMember, ObjectNames.emptyToNull(group.priorityClassName), minResources,
                phase(group.phase, object), Timestamps.epochMs(meta.creationTimestamp, object,
                        "metadata.creationTimestamp"), slaWaitingMs(meta, object),
                PodGroupTopologyConverter.networkTopology(group.specExtras, object),
                PodGroupTopologyConverter.subGroupPolicy(group.specExtras, object));
    }

    /** The Volcano Job ({@code namespace/name}) a PodGroup's ownerReferences name as controller, or null. */
    public static String controllingJob(MetaFields meta) {
        List<OwnerFields> owners = meta.ownerReferences == null ? List.of() : meta.ownerReferences;
        for (OwnerFields o : owners) {
            if (o != null && "Job".equals(o.kind) && o.apiVersion != null && o.apiVersion.startsWith("batch.volcano.sh/")
                    && Boolean.TRUE.equals(o.controller)) {
                String ns = meta.namespace == null || meta.namespace.isEmpty() ? "default" : meta.namespace;
                return ns + "/" + o.name;
            }
        }
        return null;
    }

    private static String phase(String text, String object) {
        String phase = ObjectNames.emptyToNull(text);
        if (phase != null && !PHASES.contains(phase)) {
            throw new ConversionException(object, "status.phase", Quote.of(phase)
                    + " is not one of Pending, Inqueue, Running, Unknown, Completed");
        }
        return phase;
    }

    private static long slaWaitingMs(MetaFields meta, String object) {
        String text = Annotations.get(meta.annotations, Annotations.SLA_WAITING_TIME);
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
