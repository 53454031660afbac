package dev.caldera.kernel.placement;

import java.util.Objects;

/** A preferred pod (anti-)affinity term with its weight (1-100), as in v1.WeightedPodAffinityTerm. */
public record WeightedPodAffinityTerm(int weight, PodAffinityTerm term) {
    public WeightedPodAffinityTerm {
        if (weight < 1 || weight > 100) {
            throw new IllegalArgumentException("weight: must be between 1 and 100, got " + weight);
        }
        Objects.requireNonNull(term, "podAffinityTerm");
    }
}
