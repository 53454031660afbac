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
        subGroupPolicy = subGroupPolicy == null ? List.of() : List.copyOf(subGroupPolicy);
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
}
