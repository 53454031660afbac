package dev.caldera.k8s.convert;

import dev.caldera.k8s.convert.fields.QueueFields;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.resource.ResourceList;
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
        return of(Fabric8Fields.queue(queue));
    }

    public static QueueSpec of(QueueFields queue) {
        String object = ObjectNames.clusterScoped("Queue", queue.meta);
        String name = ObjectNames.requireName(object, queue.meta);
        int weight = queue.weight == null || queue.weight == 0 ? 1 : queue.weight;
        if (weight < 0) {
            throw new ConversionException(object, "spec.weight", "must be positive, got " + weight);
        }
        return new QueueSpec(name, weight,
                optional(queue.capability, object, "spec.capability"),
                optional(queue.guarantee, object, "spec.guarantee.resource"),
                optional(queue.deserved, object, "spec.deserved"),
                queue.reclaimable == null || queue.reclaimable,
                ObjectNames.emptyToNull(queue.parent),
                queue.priority == null ? 0 : queue.priority,
                ObjectNames.emptyToNull(queue.state),
                Timestamps.epochMs(queue.meta.creationTimestamp, object, "metadata.creationTimestamp"),
                ObjectNames.emptyToNull(Annotations.get(queue.meta.annotations, Annotations.HIERARCHY)),
                ObjectNames.emptyToNull(Annotations.get(queue.meta.annotations, Annotations.HIERARCHY_WEIGHTS)));
    }

    private static ResourceList optional(Map<String, String> quantities, String object, String field) {
        // fabric8 gives an empty map for an absent field; both mean "not set"
        return quantities == null || quantities.isEmpty() ? null
                : ResourceList.of(QuantityMaps.of(quantities, object, field));
    }
}
