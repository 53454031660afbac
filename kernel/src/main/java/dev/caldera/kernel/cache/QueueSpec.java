package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceList;

/**
 * A queue as the adapter sees it. Unset quantity lists are null. {@code state} is the Kubernetes spelling
 * (null = Open).
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
        long creationMs) {

    public QueueSpec {
        SpecCheck.required(name, "Queue", "metadata.name");
        String object = "Queue " + name;
        SpecCheck.atLeast(weight, 1, object, "spec.weight");
        capability = SpecCheck.nonNegative(capability, object, "spec.capability");
        guarantee = SpecCheck.nonNegative(guarantee, object, "spec.guarantee.resource");
        deserved = SpecCheck.nonNegative(deserved, object, "spec.deserved");
    }

    /** An open queue with {@code weight} and nothing else set. */
    public static QueueSpec open(String name, int weight) {
        return new QueueSpec(name, weight, null, null, null, true, null, 0, null, 0);
    }
}
