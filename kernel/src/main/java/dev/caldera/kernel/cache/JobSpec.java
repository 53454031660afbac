package dev.caldera.kernel.cache;

import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.topology.SubGroupPolicySpec;
import dev.caldera.kernel.resource.ResourceList;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A job (PodGroup) as the adapter sees it. {@code minResources} null means the PodGroup sets none;
 * {@code phase} is the PodGroup's status phase text (null = Pending); {@code slaWaitingMs} is the
 * PodGroup's {@code sla-waiting-time} annotation in milliseconds, or -1 when it has none.
 * {@code networkTopology} null means the PodGroup sets none; {@code subGroupPolicy} empty means none.
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
        long slaWaitingMs,
        NetworkTopologySpec networkTopology,
        List<SubGroupPolicySpec> subGroupPolicy) {

    public JobSpec {
        SpecCheck.required(name, "PodGroup", "metadata.name");
        // the object's name is joined only for a refusal: a replay builds a spec for every pod's own PodGroup
        if (namespace == null || namespace.isEmpty() || queue == null || queue.isEmpty() || minMember < 0
                || anyNegative(minTaskMember) || SpecCheck.firstNegative(minResources) >= 0) {
            String object = "PodGroup " + namespace + "/" + name;
            SpecCheck.required(namespace, object, "metadata.namespace");
            SpecCheck.required(queue, object, "spec.queue");
            SpecCheck.atLeast(minMember, 0, object, "spec.minMember");
            for (Map.Entry<String, Integer> e : new TreeMap<>(minTaskMember == null ? Map.of() : minTaskMember)
                    .entrySet()) {
                SpecCheck.atLeast(e.getValue(), 0, object, "spec.minTaskMember." + e.getKey());
            }
            SpecCheck.nonNegative(minResources, object, "spec.minResources");
        }
        minTaskMember = minTaskMember == null || minTaskMember.isEmpty() ? Map.of()
                : Map.copyOf(new TreeMap<>(minTaskMember));
        subGroupPolicy = subGroupPolicy == null ? List.of() : List.copyOf(subGroupPolicy);
    }

    /** Whether a role's minimum is negative ({@code null} is no map, a map without roles none). */
    private static boolean anyNegative(Map<String, Integer> minTaskMember) {
        if (minTaskMember != null) {
            for (Integer min : minTaskMember.values()) {
                if (min < 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A job without network topology or sub-groups. */
    public JobSpec(String namespace, String name, String queue, int minMember, Map<String, Integer> minTaskMember,
                   String priorityClassName, ResourceList minResources, String phase, long creationMs,
                   long slaWaitingMs) {
        this(namespace, name, queue, minMember, minTaskMember, priorityClassName, minResources, phase, creationMs,
                slaWaitingMs, null, List.of());
    }

    /** A job without an sla-waiting-time annotation. */
    public JobSpec(String namespace, String name, String queue, int minMember, Map<String, Integer> minTaskMember,
                   String priorityClassName, ResourceList minResources, String phase, long creationMs) {
        this(namespace, name, queue, minMember, minTaskMember, priorityClassName, minResources, phase, creationMs, -1);
    }

    /** This job with {@code topology} and {@code policies} (sub-groups) set. */
    public JobSpec withTopology(NetworkTopologySpec topology, List<SubGroupPolicySpec> policies) {
        return new JobSpec(namespace, name, queue, minMember, minTaskMember, priorityClassName, minResources, phase,
                creationMs, slaWaitingMs, topology, policies);
    }

    public String key() {
        return namespace + "/" + name;
    }

    /** Whether {@code key} is this job's {@link #key} (compared without joining one; false for null). */
    public boolean hasKey(String key) {
        return key != null && key.length() == namespace.length() + 1 + name.length() && key.startsWith(namespace)
                && key.charAt(namespace.length()) == '/' && key.startsWith(name, namespace.length() + 1);
    }
}
