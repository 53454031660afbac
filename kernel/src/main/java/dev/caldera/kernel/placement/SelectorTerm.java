package dev.caldera.kernel.placement;

import java.util.List;

/**
 * A node selector term: all label expressions and all field expressions must hold. The only field
 * Kubernetes supports is {@code metadata.name}, so {@code fieldExpressions} test the node name.
 */
public record SelectorTerm(List<SelectorRequirement> labelExpressions, List<SelectorRequirement> fieldExpressions) {
    public SelectorTerm {
        labelExpressions = labelExpressions == null ? List.of() : List.copyOf(labelExpressions);
        fieldExpressions = fieldExpressions == null ? List.of() : List.copyOf(fieldExpressions);
    }

    /** Kubernetes: a term with no expressions at all matches no node. */
    public boolean isEmpty() {
        return labelExpressions.isEmpty() && fieldExpressions.isEmpty();
    }
}
