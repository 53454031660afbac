package dev.caldera.k8s.convert;

import dev.caldera.kernel.placement.LabelOperator;
import dev.caldera.kernel.placement.LabelRequirement;
import dev.caldera.kernel.placement.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Kubernetes label selectors ({@code matchLabels}, {@code matchExpressions}) to the kernel's forms, validated as
 * the API server validates them: {@link LabelSelector} for HyperNode label members, sub-group policies, pod
 * affinity terms and spread constraints ({@link #selector}), and the
 * API server's merge of {@code matchLabelKeys} and {@code mismatchLabelKeys} into a pod's selector when it
 * admits the pod ({@link #merged}): for each key the pod has as a label, {@code key In (value)} or
 * {@code key NotIn (value)} is added; keys the pod lacks are ignored.
 * <p>
 * Threading: stateless.
 */
final class LabelSelectors {
    private LabelSelectors() {
    }

    /** The kernel form of {@code selector} (null stays null: a term without selector selects no pod). */
    static LabelSelector selector(io.fabric8.kubernetes.api.model.LabelSelector selector, String object, String path) {
        if (selector == null) {
            return null;
        }
        List<LabelRequirement> requirements = new ArrayList<>();
        List<LabelSelectorRequirement> expressions = selector.getMatchExpressions();
        for (int i = 0; expressions != null && i < expressions.size(); i++) {
            requirements.add(labelRequirement(expressions.get(i), object, path + ".matchExpressions[" + i + "]"));
        }
        return SpecErrors.at(object, path, () -> new LabelSelector(selector.getMatchLabels(), requirements));
    }

    /**
     * {@code selector} with the pod's values for {@code matchKeys} (In) and {@code mismatchKeys} (NotIn) added.
     * The API server refuses keys in both lists and keys without a selector to merge into.
     */
    static LabelSelector merged(LabelSelector selector, Map<String, String> podLabels, List<String> matchKeys,
                                List<String> mismatchKeys, String object, String path) {
        List<String> match = matchKeys == null ? List.of() : matchKeys;
        List<String> mismatch = mismatchKeys == null ? List.of() : mismatchKeys;
        if (match.isEmpty() && mismatch.isEmpty()) {
            return selector;
        }
        if (selector == null) {
            throw new ConversionException(object, path + ".matchLabelKeys", "must not be set when labelSelector is not"
                    + " set");
        }
        Set<String> both = new HashSet<>(match);
        both.retainAll(mismatch);
        if (!both.isEmpty()) {
            throw new ConversionException(object, path + ".mismatchLabelKeys", "'" + both.iterator().next()
                    + "' must not be in both matchLabelKeys and mismatchLabelKeys");
        }
        List<LabelRequirement> requirements = new ArrayList<>(selector.matchExpressions());
        add(requirements, match, LabelOperator.IN, podLabels, object, path + ".matchLabelKeys");
        add(requirements, mismatch, LabelOperator.NOT_IN, podLabels, object, path + ".mismatchLabelKeys");
        return new LabelSelector(selector.matchLabels(), requirements);
    }

    private static void add(List<LabelRequirement> into, List<String> keys, LabelOperator op,
                            Map<String, String> podLabels, String object, String path) {
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            String value = podLabels.get(key);
            if (value == null) {
                continue;
            }
            into.add(SpecErrors.at(object, path + "[" + i + "]", () -> new LabelRequirement(key, op, List.of(value))));
        }
    }

    private static LabelRequirement labelRequirement(LabelSelectorRequirement r, String object, String path) {
        LabelOperator op = LabelOperator.parse(r.getOperator());
        if (op == null) {
            throw new ConversionException(object, path + ".operator", "'" + r.getOperator()
                    + "' is not one of In, NotIn, Exists, DoesNotExist");
        }
        return SpecErrors.at(object, path, () -> new LabelRequirement(r.getKey(), op, r.getValues()));
    }
}
