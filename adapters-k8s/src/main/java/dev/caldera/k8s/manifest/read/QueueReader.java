package dev.caldera.k8s.manifest.read;

import dev.caldera.k8s.convert.fields.QueueFields;

/** Reads a Volcano Queue: weight, capability, guarantee, deserved, reclaimable, parent, priority, state. */
final class QueueReader implements KindReader {
    private final QueueFields queue = new QueueFields();

    QueueFields fields() {
        return queue;
    }

    @Override
    public void field(String key, Values v) {
        switch (key) {
            case "metadata" -> MetaReader.read(v, queue.meta);
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
                case "weight" -> queue.weight = v.integer("spec.weight");
                case "capability" -> queue.capability = v.quantityMap("spec.capability");
                case "guarantee" -> guarantee(v);
                case "deserved" -> queue.deserved = v.quantityMap("spec.deserved");
                case "reclaimable" -> queue.reclaimable = v.bool("spec.reclaimable");
                case "parent" -> queue.parent = v.string("spec.parent");
                case "priority" -> queue.priority = v.integer("spec.priority");
                default -> v.skip();
            }
        }
    }

    private void guarantee(Values v) {
        if (!v.map("spec.guarantee")) {
            return;
        }
        String key;
        while ((key = v.nextField()) != null) {
            if (key.equals("resource")) {
                queue.guarantee = v.quantityMap("spec.guarantee.resource");
            } else {
                v.skip();
            }
        }
    }

    private void status(Values v) {
        if (!v.map("status")) {
            return;
        }
        String key;
        while ((key = v.nextField()) != null) {
            if (key.equals("state")) {
                queue.state = v.string("status.state");
            } else {
                v.skip();
            }
        }
    }
}
