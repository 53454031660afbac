package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceList;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The resource rules of Volcano's queue webhook for hierarchies ({@code validateHierarchicalQueueResources} and
 * its helpers {@code validateChildAgainstAncestor}, {@code validateSiblingsSum}, {@code validateChildrenConstraints},
 * {@code findNearestAncestorCapability}, {@code findSubtreeMaxCapability}), over queue specs by name. Sums compare
 * as Volcano's {@code LessPartly} with the Zero default: the parent falls short when it is below the sum on cpu,
 * memory or a scalar it lists, or when the children list a scalar the parent does not.
 * <p>
 * Threading: stateless; allocates (admission time only).
 */
final class Hierarchy {
    private static final String ROOT = "root";

    private Hierarchy() {
    }

    /** The first hierarchy resource error creating {@code q} among {@code existing}, or null. */
    static String resources(QueueSpec q, Map<String, QueueSpec> existing) {
        String p = q.parent();
        if (p != null && !p.isEmpty() && !ROOT.equals(p)) {
            QueueSpec parent = existing.get(p);
            if (parent == null) {
                return "parent queue " + p + " not found";
            }
            String why = againstAncestors(q, existing);
            if (why == null) {
                why = siblingSums(q, parent, children(p, existing, q.name()));
            }
            if (why != null) {
                return why;
            }
        }
        List<QueueSpec> children = children(q.name(), existing, null);
        return children.isEmpty() ? null : childrenConstraints(q, children, existing);
    }

    private static String againstAncestors(QueueSpec q, Map<String, QueueSpec> existing) {
        if (q.capability() == null) {
            return null;
        }
        for (Map.Entry<String, Long> e : positive(q.capability()).entrySet()) {
            Long limit = nearestAncestorCapability(q, e.getKey(), existing);
            if (limit != null && e.getValue() > limit) {
                return "queue " + q.name() + " capability[" + e.getKey() + "]="
                        + QueueAdmission.Quantities.capacityText(e.getKey(), e.getValue()) + " exceeds its ancestor's capability="
                        + QueueAdmission.Quantities.capacityText(e.getKey(), limit);
            }
        }
        return null;
    }

    private static Long nearestAncestorCapability(QueueSpec q, String name, Map<String, QueueSpec> existing) {
        int guard = 0;
        for (String at = q.parent(); at != null && !at.isEmpty() && !ROOT.equals(at) && guard++ < 64; ) {
            QueueSpec up = existing.get(at);
            if (up == null) {
                return null;
            }
            long v = QueueAdmission.amounts(up.capability()).getOrDefault(name, 0L);
            if (up.capability() != null && v > 0) {
                return v;
            }
            at = up.parent();
        }
        return null;
    }

    private static String siblingSums(QueueSpec q, QueueSpec parent, List<QueueSpec> siblings) {
        Sum guarantee = new Sum(parent.guarantee());
        Sum deserved = new Sum(parent.deserved());
        for (QueueSpec s : siblings) {
            String why = guarantee.add(s.guarantee(), "parent queue " + parent.name(), "guarantee");
            if (why == null) {
                why = deserved.add(s.deserved(), "parent queue " + parent.name(), "deserved");
            }
            if (why != null) {
                return why;
            }
        }
        String why = guarantee.add(q.guarantee(), "parent queue " + parent.name(), "guarantee");
        return why != null ? why : deserved.add(q.deserved(), "parent queue " + parent.name(), "deserved");
    }

    private static String childrenConstraints(QueueSpec q, List<QueueSpec> children, Map<String, QueueSpec> existing) {
        if (q.capability() != null) {
            for (Map.Entry<String, Long> e : positive(q.capability()).entrySet()) {
                long childMax = 0;
                for (QueueSpec c : children) {
                    childMax = Math.max(childMax, subtreeMaxCapability(c, e.getKey(), existing, 0));
                }
                if (e.getValue() < childMax) {
                    return "queue " + q.name() + " capability[" + e.getKey() + "]="
                            + QueueAdmission.Quantities.capacityText(e.getKey(), e.getValue())
                            + " is smaller than its descendants' max capability="
                            + QueueAdmission.Quantities.capacityText(e.getKey(), childMax);
                }
            }
        }
        Sum guarantee = new Sum(q.guarantee());
        Sum deserved = new Sum(q.deserved());
        for (QueueSpec c : children) {
            String why = guarantee.add(c.guarantee(), "queue " + q.name(), "guarantee");
            if (why == null) {
                why = deserved.add(c.deserved(), "queue " + q.name(), "deserved");
            }
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    private static long subtreeMaxCapability(QueueSpec q, String name, Map<String, QueueSpec> existing, int depth) {
        long own = QueueAdmission.amounts(q.capability()).getOrDefault(name, 0L);
        if (q.capability() != null && own > 0) {
            return own;
        }
        long max = 0;
        if (depth < 64) {
            for (QueueSpec c : children(q.name(), existing, null)) {
                max = Math.max(max, subtreeMaxCapability(c, name, existing, depth + 1));
            }
        }
        return max;
    }

    private static List<QueueSpec> children(String parent, Map<String, QueueSpec> existing, String except) {
        List<QueueSpec> out = new ArrayList<>();
        for (QueueSpec s : existing.values()) {
            if (parent.equals(s.parent()) && !s.name().equals(except) && !s.name().equals(parent)) {
                out.add(s);
            }
        }
        return out;
    }

    /** Volcano's ResourceNames: the entries above zero. */
    private static Map<String, Long> positive(ResourceList list) {
        Map<String, Long> out = new LinkedHashMap<>();
        QueueAdmission.amounts(list).forEach((k, v) -> {
            if (v > 0) {
                out.put(k, v);
            }
        });
        return out;
    }

    /** A running sum of children's lists against the parent's limit. */
    private static final class Sum {
        private final Map<String, Long> limit;
        private final Map<String, Long> total = QueueAdmission.amounts(null);

        Sum(ResourceList limit) {
            this.limit = QueueAdmission.amounts(limit);
        }

        /** Adds a child's list; Volcano's error when the parent now falls short, else null. */
        String add(ResourceList child, String who, String what) {
            QueueAdmission.amounts(child).forEach((k, v) -> total.merge(k, v, Long::sum));
            if (!shortOfTotal()) {
                return null;
            }
            return who + " validation failed: sum of children's " + what + " (" + QueueAdmission.format(total)
                    + ") exceeds parent's " + what + " limit (" + QueueAdmission.format(limit) + ")";
        }

        private boolean shortOfTotal() {
            for (Map.Entry<String, Long> e : total.entrySet()) {
                String name = e.getKey();
                boolean fixed = name.equals("cpu") || name.equals("memory");
                if (!fixed && !limit.containsKey(name)) {
                    return true;
                }
                if (limit.getOrDefault(name, 0L) < e.getValue()) {
                    return true;
                }
            }
            return false;
        }
    }
}
