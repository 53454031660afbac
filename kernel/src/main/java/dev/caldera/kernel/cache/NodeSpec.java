package dev.caldera.kernel.cache;

import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.resource.ResourceList;

import java.util.List;
import java.util.Map;

/**
 * A node as the adapter sees it. {@code allocatable} in canonical units; a resource the node does not
 * list is zero (a node without {@code pods} runs no pods, as in Kubernetes).
 */
public record NodeSpec(String name, ResourceList allocatable, Map<String, String> labels, List<Taint> taints,
                       boolean unschedulable) {
    public NodeSpec {
        SpecCheck.required(name, "Node", "metadata.name");
        allocatable = SpecCheck.nonNegative(allocatable == null ? ResourceList.EMPTY : allocatable,
                "Node " + name, "status.allocatable");
        labels = labels == null ? Map.of() : Map.copyOf(labels);
        taints = taints == null ? List.of() : List.copyOf(taints);
    }
}
