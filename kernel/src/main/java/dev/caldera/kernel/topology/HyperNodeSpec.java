package dev.caldera.kernel.topology;

import java.util.List;

/**
 * A {@code topology.volcano.sh/v1alpha1} HyperNode as the adapter sees it: a cluster-scoped group of nodes
 * (and of lower-tier HyperNodes) sharing a network domain. {@code tier} 0 or more (lower = closer);
 * {@code tierName} optional (what PodGroups may name in {@code highestTierName}).
 */
public record HyperNodeSpec(String name, int tier, String tierName, List<HyperNodeMember> members) {
    public HyperNodeSpec {
        // the cache's SpecCheck wording; this record sits below the cache, with the HyperNode tree it feeds
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("HyperNode: metadata.name is required");
        }
        if (tier < 0) {
            throw new IllegalArgumentException("HyperNode " + name + ": spec.tier must be at least 0, got " + tier);
        }
        tierName = tierName == null || tierName.isEmpty() ? null : tierName;
        members = members == null ? List.of() : List.copyOf(members);
    }
}
