package dev.caldera.k8s.convert;

import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.resource.ResourceList;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeStatus;
import io.fabric8.kubernetes.api.model.Quantity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Nodes to kernel node specs: {@code status.allocatable} (or {@code status.capacity} when a node reports no
 * allocatable, as the API server defaults it), labels, taints and {@code spec.unschedulable}. Conditions are
 * not read: an unhealthy node carries taints that keep pods away.
 */
public final class NodeConverter {
    private NodeConverter() {
    }

    public static NodeSpec of(Node node) {
        String object = ObjectNames.clusterScoped("Node", node.getMetadata());
        String name = ObjectNames.requireName(object, node.getMetadata());
        NodeStatus status = node.getStatus();
        Map<String, Quantity> allocatable = status == null ? null : status.getAllocatable();
        String field = "status.allocatable";
        if ((allocatable == null || allocatable.isEmpty()) && status != null && status.getCapacity() != null) {
            allocatable = status.getCapacity();
            field = "status.capacity";
        }
        io.fabric8.kubernetes.api.model.NodeSpec spec = node.getSpec();
        boolean unschedulable = spec != null && Boolean.TRUE.equals(spec.getUnschedulable());
        return new NodeSpec(name, ResourceList.of(QuantityMaps.of(allocatable, object, field)),
                node.getMetadata().getLabels(), taints(spec, object), unschedulable);
    }

    private static List<Taint> taints(io.fabric8.kubernetes.api.model.NodeSpec spec, String object) {
        List<Taint> out = new ArrayList<>();
        if (spec == null || spec.getTaints() == null) {
            return out;
        }
        List<io.fabric8.kubernetes.api.model.Taint> taints = spec.getTaints();
        for (int i = 0; i < taints.size(); i++) {
            io.fabric8.kubernetes.api.model.Taint t = taints.get(i);
            String at = "spec.taints[" + i + "]";
            if (ObjectNames.emptyToNull(t.getKey()) == null) {
                throw new ConversionException(object, at + ".key", "is required");
            }
            out.add(new Taint(t.getKey(), t.getValue(), Placements.effect(t.getEffect(), false, object,
                    at + ".effect")));
        }
        return out;
    }
}
