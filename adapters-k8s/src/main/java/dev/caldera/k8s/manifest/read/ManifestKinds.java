package dev.caldera.k8s.manifest.read;

import java.util.Set;

/**
 * The kinds the streaming reader reads, by API group and kind. Bulk kinds (Pods, Nodes, PodGroups, Queues,
 * PriorityClasses) go straight into field views without building any tree. A rare kind is added to
 * {@link #TREES} ({@code "group/Kind"}, the group empty for the core API) and reaches
 * {@link ObjectHandler#tree} as a Jackson tree, to decode with fabric8 or by hand; every other object is skipped
 * with one warning per kind.
 */
public final class ManifestKinds {
    /** What {@code caldera simulate} reads, for messages. */
    public static final String SUPPORTED = "Node, Pod, PodGroup, Queue, Job (batch.volcano.sh), PriorityClass and"
            + " HyperNode";

    /** Rare kinds read whole: {@code "topology.volcano.sh/HyperNode"}, {@code "batch.volcano.sh/Job"}, ... */
    public static final Set<String> TREES = Set.of("topology.volcano.sh/HyperNode", "batch.volcano.sh/Job");

    private ManifestKinds() {
    }

    /** The API group of an apiVersion ("" for the core group). */
    static String group(String apiVersion) {
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "" : apiVersion.substring(0, slash);
    }

    /** The reader of a bulk kind, or null. */
    static KindReader bulk(String kind, String group) {
        return switch (kind) {
            case "Pod" -> group.isEmpty() ? new PodReader() : null;
            case "Node" -> group.isEmpty() ? new NodeReader() : null;
            case "PodGroup" -> group.equals("scheduling.volcano.sh") ? new PodGroupReader() : null;
            case "Queue" -> group.equals("scheduling.volcano.sh") ? new QueueReader() : null;
            case "PriorityClass" -> group.equals("scheduling.k8s.io") ? new PriorityClassReader() : null;
            default -> null;
        };
    }

    static boolean isTree(String kind, String group) {
        return TREES.contains(group + "/" + kind);
    }

    /** Why an object of this kind is skipped. */
    static String why(String kind) {
        return switch (kind) {
            case "PodGroup", "Queue" -> "not Volcano's " + kind + " (scheduling.volcano.sh)";
            case "HyperNode" -> "not Volcano's HyperNode (topology.volcano.sh)";
            default -> "caldera simulate reads " + SUPPORTED;
        };
    }

    /** Pods and PodGroups live in namespaces; messages write them {@code ns/name}. */
    static boolean namespaced(String kind) {
        return kind.equals("Pod") || kind.equals("PodGroup");
    }
}
