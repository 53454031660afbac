package dev.caldera.kernel.cache;

import java.util.List;

/**
 * A {@code topology.volcano.sh/v1alpha1} HyperNode as the adapter sees it: a cluster-scoped group of nodes
 * (and of lower-tier HyperNodes) sharing a network domain. {@code tier} 0 or more (lower = closer);
 * {@code tierName} optional (what PodGroups may name in {@code highestTierName}).
 */
public record HyperNodeSpec(String name, int tier, String tierName, List<HyperNodeMember> members) {
    public HyperNodeSpec {
        SpecCheck.required(name, "HyperNode", "metadata.name");
        SpecCheck.atLeast(tier, 0, "HyperNode " + name, "spec.tier");
        tierName = tierName == null || tierName.isEmpty() ? null : tierName;
        members = members == null ? List.of() : List.copyOf(members);
    }
}
