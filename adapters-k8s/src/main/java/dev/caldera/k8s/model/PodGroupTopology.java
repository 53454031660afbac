package dev.caldera.k8s.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.kubernetes.api.model.LabelSelector;

import java.util.List;

/**
 * The PodGroup fields for network topology that fabric8's volcano-model 7.6 does not know (they arrive in
 * {@code PodGroupSpec.getAdditionalProperties()}): {@code spec.networkTopology} and {@code spec.subGroupPolicy},
 * as in Volcano's {@code scheduling.volcano.sh/v1beta1} API.
 */
public final class PodGroupTopology {
    private PodGroupTopology() {
    }

    /** {@code networkTopology}: mode hard (default) or soft, and the highest tier as a number or a tier name. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record NetworkTopology(String mode, Integer highestTierAllowed, String highestTierName) {
    }

    /** {@code subGroupPolicy[]}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record SubGroupPolicy(String name, NetworkTopology networkTopology, Integer subGroupSize,
                                 Integer minSubGroups, LabelSelector labelSelector, List<String> matchLabelKeys) {
    }
}
