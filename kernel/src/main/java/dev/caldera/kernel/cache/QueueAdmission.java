package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What current Volcano's queue admission webhook ({@code pkg/webhooks/admission/queues/validate/validate_queue.go})
 * refuses when a Queue is created, as messages in its wording. A dump may hold queues the webhook never saw (it
 * was off, or the queues predate it); {@link #review} reports each such queue, and the scheduler then treats them
 * as Volcano's scheduler would.
 * <ul>
 *   <li>guarantee within deserved within capability, per resource ({@code validateResourceQuantityOfQueue});</li>
 *   <li>the hierarchical DRF annotations: as many weights as path levels, each a number above 0, and no queue's
 *       path inside another's ({@code validateHierarchicalAttributes});</li>
 *   <li>{@code spec.parent}: not itself, at most {@value #MAX_DEPTH} levels below the root, an existing queue
 *       that holds no pods of its own when it gets its first child ({@code validateHierarchicalQueue});</li>
 *   <li>a child's capability within its nearest ancestor's that sets the resource; the guarantees and the
 *       deserved of a parent's children summing to at most the parent's; a parent's capability at least its
 *       descendants' ({@code validateHierarchicalQueueResources}). Children of the root are not summed.</li>
 * </ul>
 * Threading: stateless; allocates (admission time only).
 */
public final class QueueAdmission {
    /** The webhook's default {@code --max-queue-depth}. */
    public static final int MAX_DEPTH = 5;
    private static final String ROOT = "root";
    private static final String ANNOTATIONS = "metadata.annotations";

    private QueueAdmission() {
    }

    /**
     * Every queue of {@code queues} checked as if created with the others already there; {@code podsByQueue} is
     * how many pods hold resources in each queue. One line per problem, "Queue name: why", in queue order.
     */
    public static List<String> review(Collection<QueueSpec> queues, Map<String, Integer> podsByQueue) {
        Map<String, QueueSpec> byName = new LinkedHashMap<>();
        queues.forEach(q -> byName.put(q.name(), q));
        Set<String> out = new LinkedHashSet<>();
        for (QueueSpec q : queues) {
            String why = create(q, byName, podsByQueue);
            if (why != null) {
                out.add("Queue " + q.name() + ": " + why);
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * The webhook's answer to creating {@code q} among {@code existing} (by name; {@code q} itself may be
     * among them): null when admitted, else its first error.
     */
    public static String create(QueueSpec q, Map<String, QueueSpec> existing, Map<String, Integer> podsByQueue) {
        String why = Quantities.check(q);
        if (why == null) {
            why = annotations(q, existing.values());
        }
        if (why == null) {
            why = parent(q, existing, podsByQueue);
        }
        if (why == null && !ROOT.equals(q.name())) {
            why = Hierarchy.resources(q, existing);
        }
        return why;
    }

    private static String annotations(QueueSpec q, Collection<QueueSpec> others) {
        String hierarchy = q.hierarchy() == null ? "" : q.hierarchy();
        String weights = q.hierarchyWeights() == null ? "" : q.hierarchyWeights();
        if (hierarchy.isEmpty() && weights.isEmpty()) {
            return null;
        }
        String[] paths = hierarchy.split("/", -1);
        String[] ws = weights.split("/", -1);
        if (paths.length != ws.length) {
            return Quantities.invalid(ANNOTATIONS, hierarchy, "volcano.sh/hierarchy must have the same length with"
                    + " volcano.sh/hierarchy-weights");
        }
        for (String w : ws) {
            double v;
            try {
                v = Double.parseDouble(w);
            } catch (NumberFormatException e) {
                return Quantities.invalid(ANNOTATIONS, weights, w + " in the " + weights + " is invalid number");
            }
            if (!(v > 0)) {
                return Quantities.invalid(ANNOTATIONS, weights, w + " in the " + weights + " must be larger than 0");
            }
        }
        for (QueueSpec other : others) {
            String theirs = other.hierarchy();
            if (theirs != null && !theirs.isEmpty() && !other.name().equals(q.name())
                    && theirs.startsWith(hierarchy + "/")) {
                return Quantities.invalid(ANNOTATIONS, hierarchy, hierarchy + " is not allowed to be in the sub path of "
                        + theirs + " of queue " + other.name());
            }
        }
        return null;
    }

    private static String parent(QueueSpec q, Map<String, QueueSpec> existing, Map<String, Integer> podsByQueue) {
        String p = q.parent();
        if (p == null || p.isEmpty() || ROOT.equals(p)) {
            return null;
        }
        if (p.equals(q.name())) {
            return "queue " + q.name() + " cannot use itself as parent";
        }
        int depth = 1;
        for (String at = p; at != null && !at.isEmpty() && !ROOT.equals(at); ) {
            if (++depth > MAX_DEPTH) {
                return "queue " + q.name() + " exceeds the maximum allowed depth of " + MAX_DEPTH;
            }
            QueueSpec up = existing.get(at);
            if (up == null) {
                return "failed to get parent queue " + at + " of queue " + q.name() + ": queue " + at + " not found";
            }
            at = up.parent();
        }
        int pods = podsByQueue.getOrDefault(p, 0);
        if (pods > 0) {
            return "queue " + p + " cannot be the parent queue of queue " + q.name()
                    + " because it has allocated Pods: " + pods;
        }
        return null;
    }

    /** Amounts of a resource list as Volcano's {@code api.NewResource} reads them; cpu and memory always present. */
    static Map<String, Long> amounts(ResourceList list) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("cpu", 0L);
        m.put("memory", 0L);
        if (list != null) {
            for (int i = 0; i < list.size(); i++) {
                if (ResourceDimensions.countedByVolcano(list.name(i))) {
                    m.merge(list.name(i), list.amount(i), Long::sum);
                }
            }
        }
        return m;
    }

    /**
     * A resource as Volcano's {@code Resource.String()} prints it: "cpu 9000.00, memory 19327352832.00", then the
     * other resources by name, in canonical units (milli-cpu, bytes, milli-units, pods as a count).
     */
    static String format(Map<String, Long> amounts) {
        StringBuilder sb = new StringBuilder();
        sb.append("cpu ").append(twoDecimals(amounts.getOrDefault("cpu", 0L)))
                .append(", memory ").append(twoDecimals(amounts.getOrDefault("memory", 0L)));
        new java.util.TreeMap<>(amounts).forEach((name, v) -> {
            if (!name.equals("cpu") && !name.equals("memory")) {
                sb.append(", ").append(name).append(' ').append(twoDecimals(v));
            }
        });
        return sb.toString();
    }

    static String twoDecimals(long v) {
        return String.format(java.util.Locale.ROOT, "%.2f", (double) v);
    }

    /** The webhook's per-queue quantity rules. */
    static final class Quantities {
        private Quantities() {
        }

        static String check(QueueSpec q) {
            ResourceList g = q.guarantee();
            ResourceList d = q.deserved();
            ResourceList c = q.capability();
            for (int i = 0; g != null && i < g.size(); i++) {
                String r = g.name(i);
                if (!listed(d, r)) {
                    return invalid("spec.deserved." + r, "<nil>", "deserved[" + r + "] must be >= guarantee[" + r
                            + "]=" + text(r, g.amount(i)));
                }
                if (d.amount(r) < g.amount(i)) {
                    return invalid("spec.deserved." + r, text(r, d.amount(r)), "deserved[" + r + "]="
                            + text(r, d.amount(r)) + " must be >= guarantee[" + r + "]=" + text(r, g.amount(i)));
                }
            }
            for (int i = 0; d != null && c != null && i < d.size(); i++) {
                String r = d.name(i);
                if (listed(c, r) && d.amount(i) > c.amount(r)) {
                    return invalid("spec.deserved." + r, text(r, d.amount(i)), "deserved[" + r + "]="
                            + text(r, d.amount(i)) + " must be <= capability[" + r + "]=" + text(r, c.amount(r)));
                }
            }
            return null;
        }

        /** A Kubernetes field error as the webhook words it (without its "requestBody." prefix). */
        static String invalid(String field, String value, String why) {
            return field + ": Invalid value: \"" + value + "\": " + why;
        }

        static boolean listed(ResourceList list, String name) {
            if (list == null) {
                return false;
            }
            for (int i = 0; i < list.size(); i++) {
                if (list.name(i).equals(name)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Volcano's formatResourceWithType for capability messages: cpu and memory as quantities ("20", "40Gi"),
         * other resources as their canonical amount with two decimals.
         */
        static String capacityText(String name, long v) {
            return name.equals("cpu") || name.equals("memory") ? text(name, v) : twoDecimals(v);
        }

        /** A canonical amount in Kubernetes' notation: cpu and scalars from milli, memory from bytes. */
        static String text(String name, long v) {
            if (name.equals("memory") || name.equals("ephemeral-storage") || name.startsWith("hugepages-")) {
                return binary(v);
            }
            if (name.equals("pods")) {
                return Long.toString(v);
            }
            return v % 1000 == 0 ? Long.toString(v / 1000) : v + "m";
        }

        private static String binary(long v) {
            String[] suffix = {"Ki", "Mi", "Gi", "Ti", "Pi"};
            String out = Long.toString(v);
            long x = v;
            for (String s : suffix) {
                if (x == 0 || x % 1024 != 0) {
                    break;
                }
                x /= 1024;
                out = x + s;
            }
            return out;
        }
    }
}
