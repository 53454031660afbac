package dev.caldera.k8s.manifest.read;

import dev.caldera.k8s.convert.fields.PodGroupFields;

/** Reads a Volcano PodGroup: metadata, minMember, minTaskMember, queue, priority class, minResources, phase. */
final class PodGroupReader implements KindReader {
    private final PodGroupFields group = new PodGroupFields();

    PodGroupFields fields() {
        return group;
    }

    @Override
    public void field(String key, Values v) {
        switch (key) {
            case "metadata" -> MetaReader.read(v, group.meta);
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
                case "minMember" -> group.minMember = v.integer("spec.minMember");
                case "minTaskMember" -> group.minTaskMember = v.integerMap("spec.minTaskMember");
                case "queue" -> group.queue = v.sharedString("spec.queue");
                case "priorityClassName" -> group.priorityClassName = v.sharedString("spec.priorityClassName");
                case "minResources" -> group.minResources = v.quantityMap("spec.minResources");
                case "networkTopology", "subGroupPolicy" -> extra(key, v);
                default -> v.skip();
            }
        }
    }

    /** Rare, nested: kept as a Jackson tree for PodGroupTopologyConverter. */
    private void extra(String key, Values v) {
        if (group.specExtras == null) {
            group.specExtras = new java.util.LinkedHashMap<>();
        }
        group.specExtras.put(key, Trees.value(v.tokens()));
    }

    private void status(Values v) {
        if (!v.map("status")) {
            return;
        }
        String key;
        while ((key = v.nextField()) != null) {
            if (key.equals("phase")) {
                group.phase = v.sharedString("status.phase");
            } else {
                v.skip();
            }
        }
    }
}
