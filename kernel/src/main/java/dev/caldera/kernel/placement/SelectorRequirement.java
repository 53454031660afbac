package dev.caldera.kernel.placement;

import java.util.List;
import java.util.Objects;

/** One node selector requirement: {@code key op values}. */
public record SelectorRequirement(String key, SelectorOperator operator, List<String> values) {
    public SelectorRequirement {
        Objects.requireNonNull(key, "requirement key");
        Objects.requireNonNull(operator, "requirement operator");
        values = values == null ? List.of() : List.copyOf(values);
    }
}
