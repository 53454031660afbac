package dev.caldera.kernel.placement;

/** A preferred node affinity term with its weight (1-100). */
public record PreferredTerm(int weight, SelectorTerm term) {
}
