package dev.caldera.k8s.convert;

import dev.caldera.kernel.cache.LabelMatch;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;

import java.util.ArrayList;
import java.util.List;

/** Kubernetes label selectors ({@code matchLabels}, {@code matchExpressions}) to the kernel's {@link LabelMatch}. */
final class LabelSelectors {
    private LabelSelectors() {
    }

    /** Null for a null selector. */
    static LabelMatch of(LabelSelector selector, String object, String path) {
        if (selector == null) {
            return null;
        }
        List<SelectorRequirement> expressions = new ArrayList<>();
        List<LabelSelectorRequirement> given = selector.getMatchExpressions();
        for (int i = 0; given != null && i < given.size(); i++) {
            expressions.add(requirement(given.get(i), object, path + ".matchExpressions[" + i + "]"));
        }
        return new LabelMatch(selector.getMatchLabels(), expressions);
    }

    private static SelectorRequirement requirement(LabelSelectorRequirement r, String object, String path) {
        if (ObjectNames.emptyToNull(r.getKey()) == null) {
            throw new ConversionException(object, path + ".key", "is required");
        }
        SelectorOperator op = SelectorOperator.parse(r.getOperator());
        if (op == null || op == SelectorOperator.GT || op == SelectorOperator.LT) {
            throw new ConversionException(object, path + ".operator", "'" + r.getOperator()
                    + "' is not one of In, NotIn, Exists, DoesNotExist");
        }
        List<String> values = r.getValues() == null ? List.of() : r.getValues();
        boolean needsValues = op == SelectorOperator.IN || op == SelectorOperator.NOT_IN;
        if (needsValues == values.isEmpty()) {
            throw new ConversionException(object, path + ".values", needsValues ? "must not be empty for "
                    + op.wire() : "must be empty for " + op.wire());
        }
        return new SelectorRequirement(r.getKey(), op, values);
    }
}
