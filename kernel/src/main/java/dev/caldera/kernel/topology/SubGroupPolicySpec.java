package dev.caldera.kernel.topology;

import dev.caldera.kernel.placement.LabelSelector;

import java.util.List;

/**
 * One {@code spec.subGroupPolicy[]} entry of a PodGroup: pods matching {@code labelSelector} (null = all)
 * that carry every {@code matchLabelKeys} label are grouped by those labels' values into sub-groups; each
 * sub-group is a gang of {@code subGroupSize} pods (null = 1) with its own {@code networkTopology} (null =
 * none), and the job needs at least {@code minSubGroups} ready sub-groups of this policy.
 */
public record SubGroupPolicySpec(String name, NetworkTopologySpec networkTopology, Integer subGroupSize,
                                 int minSubGroups, LabelSelector labelSelector, List<String> matchLabelKeys) {
    public SubGroupPolicySpec {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("subGroupPolicy name is required");
        }
        if (subGroupSize != null && subGroupSize < 0) {
            throw new IllegalArgumentException("subGroupPolicy " + name + ": subGroupSize must not be negative");
        }
        if (minSubGroups < 0) {
            throw new IllegalArgumentException("subGroupPolicy " + name + ": minSubGroups must not be negative");
        }
        matchLabelKeys = matchLabelKeys == null ? List.of() : List.copyOf(matchLabelKeys);
    }
}
