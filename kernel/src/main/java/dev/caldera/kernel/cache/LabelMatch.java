package dev.caldera.kernel.cache;

import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Kubernetes label selector ({@code metav1.LabelSelector}): every {@code matchLabels} pair and every
 * expression must hold. Operators are In, NotIn, Exists and DoesNotExist (Gt and Lt belong to node affinity,
 * not here). Used by HyperNode label members (over node labels) and PodGroup sub-group policies (over pod
 * labels). {@link #isEmpty()}: a selector with nothing in it; what it matches depends on who asks.
 */
public record LabelMatch(Map<String, String> matchLabels, List<SelectorRequirement> expressions) {
    public LabelMatch {
        matchLabels = matchLabels == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(matchLabels));
        expressions = expressions == null ? List.of() : List.copyOf(expressions);
        for (SelectorRequirement r : expressions) {
            if (r.operator() == SelectorOperator.GT || r.operator() == SelectorOperator.LT) {
                throw new IllegalArgumentException("label selector operator " + r.operator().wire()
                        + " is not allowed (In, NotIn, Exists, DoesNotExist)");
            }
        }
    }

    public boolean isEmpty() {
        return matchLabels.isEmpty() && expressions.isEmpty();
    }

    /** Whether {@code labels} satisfy every pair and expression. */
    public boolean matches(Map<String, String> labels) {
        for (Map.Entry<String, String> e : matchLabels.entrySet()) {
            if (!e.getValue().equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        for (SelectorRequirement r : expressions) {
            String value = labels.get(r.key());
            boolean ok = switch (r.operator()) {
                case IN -> value != null && r.values().contains(value);
                case NOT_IN -> value == null || !r.values().contains(value);
                case EXISTS -> value != null;
                case DOES_NOT_EXIST -> value == null;
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
