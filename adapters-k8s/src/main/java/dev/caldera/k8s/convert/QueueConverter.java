package dev.caldera.k8s.convert;

import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.resource.ResourceList;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.volcano.api.model.scheduling.v1beta1.Queue;

import java.util.Map;

/**
 * Queues (cluster scoped) to kernel queue specs. An unset or zero {@code spec.weight} is 1 and an unset
 * {@code reclaimable} true, as Volcano's admission defaults them; the state is {@code status.state}. The
 * {@code volcano.sh/hierarchy} and {@code volcano.sh/hierarchy-weights} annotations are kept for hierarchical
 * DRF. Resource lists keep every name they list, also with a zero amount (the capacity plugin reads a listed
 * {@code nvidia.com/gpu: 0} as "deserves no GPU").
 */
public final class QueueConverter {
    private QueueConverter() {
    }

    public static QueueSpec of(Queue queue) {
        ObjectMeta meta = queue.getMetadata();
        String object = ObjectNames.clusterScoped("Queue", meta);
        String name = ObjectNames.requireName(object, meta);
        var spec = queue.getSpec() == null ? new io.fabric8.volcano.api.model.scheduling.v1beta1.QueueSpec()
                : queue.getSpec();
        int weight = spec.getWeight() == null || spec.getWeight() == 0 ? 1 : spec.getWeight();
        if (weight < 0) {
            throw new ConversionException(object, "spec.weight", "must be positive, got " + weight);
        }
        Map<String, Quantity> guarantee = spec.getGuarantee() == null ? null : spec.getGuarantee().getResource();
        return new QueueSpec(name, weight,
                optional(spec.getCapability(), object, "spec.capability"),
                optional(guarantee, object, "spec.guarantee.resource"),
                optional(spec.getDeserved(), object, "spec.deserved"),
                spec.getReclaimable() == null || spec.getReclaimable(),
                ObjectNames.emptyToNull(spec.getParent()),
                spec.getPriority() == null ? 0 : spec.getPriority(),
                queue.getStatus() == null ? null : ObjectNames.emptyToNull(queue.getStatus().getState()),
                Timestamps.epochMs(meta.getCreationTimestamp(), object, "metadata.creationTimestamp"),
                ObjectNames.emptyToNull(Annotations.get(meta.getAnnotations(), Annotations.HIERARCHY)),
                ObjectNames.emptyToNull(Annotations.get(meta.getAnnotations(), Annotations.HIERARCHY_WEIGHTS)));
    }

    private static ResourceList optional(Map<String, Quantity> quantities, String object, String field) {
        // fabric8 gives an empty map for an absent field; both mean "not set"
        return quantities == null || quantities.isEmpty() ? null
                : ResourceList.of(QuantityMaps.of(quantities, object, field));
    }
}
