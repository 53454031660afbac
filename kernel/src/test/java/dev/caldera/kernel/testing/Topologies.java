package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.topology.HyperNodeMember;
import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.resource.ResourceList;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Short helpers for HyperNodes in tests. */
public final class Topologies {
    private Topologies() {
    }

    /** A HyperNode of {@code tier} whose members are the named nodes. */
    public static HyperNodeSpec ofNodes(String name, int tier, String... nodes) {
        List<HyperNodeMember> members = new ArrayList<>();
        for (String n : nodes) {
            members.add(HyperNodeMember.node(n));
        }
        return new HyperNodeSpec(name, tier, null, members);
    }

    /** A HyperNode of {@code tier} whose members are the named HyperNodes. */
    public static HyperNodeSpec ofHyperNodes(String name, int tier, String... children) {
        List<HyperNodeMember> members = new ArrayList<>();
        for (String c : children) {
            members.add(HyperNodeMember.hyperNode(c));
        }
        return new HyperNodeSpec(name, tier, null, members);
    }

    /** A node with cpu, memory and 110 pods, and the given labels. */
    public static void node(ClusterCache cache, String name, long cpuMilli, long memBytes, Map<String, String> labels) {
        cache.upsertNode(new NodeSpec(name, ResourceList.of("cpu", cpuMilli, "memory", memBytes, "pods", 110),
                labels, List.of(), false));
    }

    /**
     * Volcano's usual test topology: racks {@code s0..s<racks-1>} (tier 1) of {@code perRack} nodes named
     * {@code s<r>-n<i>}, all under one tier-2 HyperNode {@code top}.
     */
    public static void twoTiers(ClusterCache cache, int racks, int perRack, long cpuMilli, long memBytes) {
        String[] rackNames = new String[racks];
        for (int r = 0; r < racks; r++) {
            String[] nodes = new String[perRack];
            for (int i = 0; i < perRack; i++) {
                nodes[i] = "s" + r + "-n" + (r * perRack + i + 1);
                Clusters.node(cache, nodes[i], cpuMilli, memBytes);
            }
            rackNames[r] = "s" + r;
            cache.upsertHyperNode(ofNodes(rackNames[r], 1, nodes));
        }
        cache.upsertHyperNode(ofHyperNodes("top", 2, rackNames));
    }
}
