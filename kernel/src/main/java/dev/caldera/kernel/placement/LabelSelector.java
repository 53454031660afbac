package dev.caldera.kernel.placement;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Kubernetes label selector (metav1.LabelSelector): every {@code matchLabels} pair equal and every
 * requirement holding. The empty selector matches every label set; "no selector at all" (which matches
 * nothing) is written as {@code null} where a selector is optional, as Kubernetes' LabelSelectorAsSelector
 * treats a nil selector. Value semantics: labels are kept sorted, requirements in order.
 */
public record LabelSelector(Map<String, String> matchLabels, List<LabelRequirement> matchExpressions) {
    /** The empty selector: matches everything. */
    public static final LabelSelector EVERYTHING = new LabelSelector(Map.of(), List.of());

    public LabelSelector {
        TreeMap<String, String> labels = new TreeMap<>(matchLabels == null ? Map.of() : matchLabels);
        labels.forEach((k, v) -> {
            LabelSyntax.requireKey(k, "matchLabels");
            LabelSyntax.requireValue(v, "matchLabels[" + k + "]");
        });
        matchLabels = Collections.unmodifiableMap(labels);
        matchExpressions = matchExpressions == null ? List.of() : List.copyOf(matchExpressions);
    }

    /** A selector of {@code matchLabels} only. */
    public static LabelSelector of(Map<String, String> matchLabels) {
        return new LabelSelector(matchLabels, List.of());
    }

    /** True when it has no pair and no requirement (it matches every label set). */
    public boolean isEmpty() {
        return matchLabels.isEmpty() && matchExpressions.isEmpty();
    }

    /** Whether the label set matches, for tests and the adapter (the kernel compiles selectors to ints). */
    public boolean matches(Map<String, String> labels) {
        for (Map.Entry<String, String> e : matchLabels.entrySet()) {
            if (!e.getValue().equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        for (LabelRequirement r : matchExpressions) {
            String v = labels.get(r.key());
            boolean holds = switch (r.operator()) {
                case IN -> v != null && r.values().contains(v);
                case NOT_IN -> v == null || !r.values().contains(v);
                case EXISTS -> v != null;
                case DOES_NOT_EXIST -> v == null;
            };
            if (!holds) {
                return false;
            }
        }
        return true;
    }
}
