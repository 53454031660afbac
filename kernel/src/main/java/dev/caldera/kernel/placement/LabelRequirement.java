package dev.caldera.kernel.placement;

import java.util.List;
import java.util.Objects;

/**
 * One {@code matchExpressions} entry of a label selector: {@code key operator values}. Validated as the API
 * server validates it: a qualified-name key, valid label values, In and NotIn with at least one value, Exists
 * and DoesNotExist with none. Values are kept sorted and unique (set semantics), so equal requirements compare
 * equal.
 */
public record LabelRequirement(String key, LabelOperator operator, List<String> values) {
    public LabelRequirement {
        LabelSyntax.requireKey(key, "key");
        Objects.requireNonNull(operator, "operator");
        for (String v : values == null ? List.<String>of() : values) {
            LabelSyntax.requireValue(v, "values");
        }
        values = values == null ? List.of() : values.stream().distinct().sorted().toList();
        boolean needsValues = operator == LabelOperator.IN || operator == LabelOperator.NOT_IN;
        if (needsValues && values.isEmpty()) {
            throw new IllegalArgumentException("values: must be non-empty when operator is " + operator.wire());
        }
        if (!needsValues && !values.isEmpty()) {
            throw new IllegalArgumentException("values: must be empty when operator is " + operator.wire());
        }
    }
}
