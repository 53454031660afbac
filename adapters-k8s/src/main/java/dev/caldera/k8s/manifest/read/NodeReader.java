package dev.caldera.k8s.manifest.read;

import dev.caldera.k8s.convert.fields.NodeFields;
import dev.caldera.k8s.convert.fields.TaintFields;

/** Reads a Node: metadata, {@code spec.taints} and {@code unschedulable}, {@code status.allocatable} / capacity. */
final class NodeReader implements KindReader {
    private final NodeFields node = new NodeFields();

    NodeFields fields() {
        return node;
    }

    @Override
    public void field(String key, Values v) {
        switch (key) {
            case "metadata" -> MetaReader.read(v, node.meta);
            case "spec" -> spec(v);
            case "status" -> status(v);
            default -> v.skip();
        }
    }

    private void spec(Values v) {
        if (!v.map("spec")) {
            return;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "unschedulable" -> node.unschedulable = v.bool("spec.unschedulable");
                case "taints" -> node.taints = v.list("spec.taints", NodeReader::taint);
                default -> v.skip();
            }
        }
    }

    private void status(Values v) {
        if (!v.map("status")) {
            return;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "allocatable" -> node.allocatable = v.quantityMap("status.allocatable");
                case "capacity" -> node.capacity = v.quantityMap("status.capacity");
                default -> v.skip();
            }
        }
    }

    private static TaintFields taint(Values v, String path) {
        TaintFields t = new TaintFields();
        if (!v.map(path)) {
            return t;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "key" -> t.key = v.string(path, ".key");
                case "value" -> t.value = v.string(path, ".value");
                case "effect" -> t.effect = v.string(path, ".effect");
                default -> v.skip();
            }
        }
        return t;
    }
}
