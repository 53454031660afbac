package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceList;

import java.util.Map;
import java.util.TreeMap;

/**
 * A job (PodGroup) as the adapter sees it. {@code minResources} null means the PodGroup sets none;
 * {@code phase} is the PodGroup's status phase text (null = Pending); {@code slaWaitingMs} is the
 * PodGroup's {@code sla-waiting-time} annotation in milliseconds, or -1 when it has none.
 */
public record JobSpec(
        String namespace,
        String name,
        String queue,
        int minMember,
        Map<String, Integer> minTaskMember,
        String priorityClassName,
        ResourceList minResources,
        String phase,
        long creationMs,
        long slaWaitingMs) {

    public JobSpec {
        SpecCheck.required(name, "PodGroup", "metadata.name");
        String object = "PodGroup " + namespace + "/" + name;
        SpecCheck.required(namespace, object, "metadata.namespace");
        SpecCheck.required(queue, object, "spec.queue");
        SpecCheck.atLeast(minMember, 0, object, "spec.minMember");
        minTaskMember = minTaskMember == null ? Map.of() : new TreeMap<>(minTaskMember);
        for (Map.Entry<String, Integer> e : minTaskMember.entrySet()) {
            SpecCheck.atLeast(e.getValue(), 0, object, "spec.minTaskMember." + e.getKey());
        }
        minTaskMember = Map.copyOf(minTaskMember);
        minResources = SpecCheck.nonNegative(minResources, object, "spec.minResources");
    }

    /** A job without an sla-waiting-time annotation. */
    public JobSpec(String namespace, String name, String queue, int minMember, Map<String, Integer> minTaskMember,
                   String priorityClassName, ResourceList minResources, String phase, long creationMs) {
        this(namespace, name, queue, minMember, minTaskMember, priorityClassName, minResources, phase, creationMs, -1);
    }

    public String key() {
        return namespace + "/" + name;
    }
}
