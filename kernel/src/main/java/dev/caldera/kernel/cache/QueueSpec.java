package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceList;

/**
 * A queue as the adapter sees it. Unset quantity lists are null; a list keeps the names it was given, also
 * with a zero amount, because the capacity plugin tells "deserves no GPU" ({@code nvidia.com/gpu: 0}) from
 * "says nothing about GPUs". {@code state} is the Kubernetes spelling (null = Open). {@code hierarchy} and
 * {@code hierarchyWeights} are the {@code volcano.sh/hierarchy} and {@code volcano.sh/hierarchy-weights}
 * annotations that hierarchical DRF reads (null when absent).
 */
public record QueueSpec(
        String name,
        int weight,
        ResourceList capability,
        ResourceList guarantee,
        ResourceList deserved,
        boolean reclaimable,
        String parent,
        int priority,
        String state,
        long creationMs,
        String hierarchy,
        String hierarchyWeights) {

    public QueueSpec {
        SpecCheck.required(name, "Queue", "metadata.name");
        String object = "Queue " + name;
        SpecCheck.atLeast(weight, 1, object, "spec.weight");
        capability = SpecCheck.nonNegative(capability, object, "spec.capability");
        guarantee = SpecCheck.nonNegative(guarantee, object, "spec.guarantee.resource");
        deserved = SpecCheck.nonNegative(deserved, object, "spec.deserved");
    }

    /** A queue without hierarchical DRF annotations. */
    public QueueSpec(String name, int weight, ResourceList capability, ResourceList guarantee, ResourceList deserved,
                     boolean reclaimable, String parent, int priority, String state, long creationMs) {
        this(name, weight, capability, guarantee, deserved, reclaimable, parent, priority, state, creationMs, null,
                null);
    }

    /** An open queue with {@code weight} and nothing else set. */
    public static QueueSpec open(String name, int weight) {
        return new QueueSpec(name, weight, null, null, null, true, null, 0, null, 0);
    }
}
