package dev.caldera.k8s.convert;

import dev.caldera.k8s.convert.fields.NodeFields;
import dev.caldera.k8s.convert.fields.TaintFields;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.resource.ResourceList;
import io.fabric8.kubernetes.api.model.Node;

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
        return of(Fabric8Fields.node(node));
    }

    public static NodeSpec of(NodeFields node) {
        String object = ObjectNames.clusterScoped("Node", node.meta);
        String name = ObjectNames.requireName(object, node.meta);
        Map<String, String> allocatable = node.allocatable;
        String field = "status.allocatable";
        if ((allocatable == null || allocatable.isEmpty()) && node.capacity != null) {
            allocatable = node.capacity;
            field = "status.capacity";
        }
        boolean unschedulable = Boolean.TRUE.equals(node.unschedulable);
        return new NodeSpec(name, ResourceList.of(QuantityMaps.of(allocatable, object, field)), node.meta.labels,
                taints(node.taints, object), unschedulable);
    }

    private static List<Taint> taints(List<TaintFields> taints, String object) {
        List<Taint> out = new ArrayList<>();
        for (int i = 0; taints != null && i < taints.size(); i++) {
            TaintFields t = taints.get(i) == null ? new TaintFields() : taints.get(i);
            String at = "spec.taints[" + i + "]";
            if (ObjectNames.emptyToNull(t.key) == null) {
                throw new ConversionException(object, at + ".key", "is required");
            }
            out.add(new Taint(t.key, t.value, Placements.effect(t.effect, false, object, at + ".effect")));
        }
        return out;
    }
}
