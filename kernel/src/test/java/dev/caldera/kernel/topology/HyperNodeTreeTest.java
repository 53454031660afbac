package dev.caldera.kernel.topology;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.topology.HyperNodeMember;
import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.placement.LabelOperator;
import dev.caldera.kernel.placement.LabelRequirement;
import dev.caldera.kernel.placement.LabelSelector;
import dev.caldera.kernel.testing.Clusters;
import dev.caldera.kernel.testing.Topologies;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static dev.caldera.kernel.testing.Topologies.ofHyperNodes;
import static dev.caldera.kernel.testing.Topologies.ofNodes;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HyperNode tree: layout, lookups, and how bad HyperNodes are reported and skipped. The virtual top and its
 * tier follow Volcano's {@code Session.addClusterTopHyperNode} (framework/session.go); member resolution its
 * {@code hypernode.GetMembers} (pkg/util/hypernode/member_selector.go).
 */
class HyperNodeTreeTest {

    @Test
    void threeTiersNestContiguouslyUnderAVirtualTop() {
        ClusterCache cache = new ClusterCache();
        for (int i = 1; i <= 8; i++) {
            Clusters.node(cache, "n" + i, 4000, 8 * Clusters.GI);
        }
        Clusters.node(cache, "loose", 4000, 8 * Clusters.GI);
        cache.upsertHyperNode(ofNodes("leaf-a", 1, "n1", "n2"));
        cache.upsertHyperNode(ofNodes("leaf-b", 1, "n3", "n4"));
        cache.upsertHyperNode(ofNodes("leaf-c", 1, "n5", "n6", "n7", "n8"));
        cache.upsertHyperNode(ofHyperNodes("spine-1", 2, "leaf-a", "leaf-b"));
        cache.upsertHyperNode(ofHyperNodes("spine-2", 2, "leaf-c"));
        cache.upsertHyperNode(ofHyperNodes("core", 3, "spine-1", "spine-2"));
        HyperNodeTree t = tree(cache);

        assertThat(t.problems()).isEmpty();
        assertThat(t.count()).isEqualTo(6);
        assertThat(java.util.stream.IntStream.range(0, t.tierCount()).map(t::tierAt)).containsExactly(1, 2, 3, 4);
        assertThat(t.name(t.root())).isEqualTo(HyperNodeTree.ROOT_NAME);
        assertThat(t.tier(t.root())).isEqualTo(4);
        assertThat(t.parent(t.id("core"))).isEqualTo(t.root());
        assertThat(names(cache, t, "spine-1")).containsExactly("n1", "n2", "n3", "n4");
        assertThat(names(cache, t, "core")).hasSize(8);
        assertThat(t.size(t.root())).isEqualTo(9);
        assertThat(t.contiguous()).isEqualTo(7);
        int n3 = cache.nodeRow("n3");
        assertThat(t.leafOf(n3)).isEqualTo(t.id("leaf-b"));
        assertThat(t.lca(t.id("leaf-a"), t.id("leaf-b"))).isEqualTo(t.id("spine-1"));
        assertThat(t.lca(t.id("leaf-a"), t.id("leaf-c"))).isEqualTo(t.id("core"));
        assertThat(t.lca(-1, t.id("leaf-c"))).isEqualTo(t.id("leaf-c"));
        assertThat(t.leafOf(cache.nodeRow("loose"))).isEqualTo(-1);
        assertThat(chain(t, n3)).containsExactly("leaf-b", "spine-1", "core", HyperNodeTree.ROOT_NAME);
    }

    @Test
    void regexAndLabelMembersSelectLiveNodes() {
        ClusterCache cache = new ClusterCache();
        Topologies.node(cache, "rack1-a", 1000, Clusters.GI, Map.of("rack", "r1"));
        Topologies.node(cache, "rack1-b", 1000, Clusters.GI, Map.of("rack", "r1"));
        Topologies.node(cache, "rack2-a", 1000, Clusters.GI, Map.of("rack", "r2", "gpu", "a100"));
        cache.upsertHyperNode(new HyperNodeSpec("by-regex", 1, null, List.of(HyperNodeMember.nodesMatching("^rack1-"))));
        LabelSelector gpuRack = new LabelSelector(Map.of("rack", "r2"),
                List.of(new LabelRequirement("gpu", LabelOperator.EXISTS, List.of())));
        cache.upsertHyperNode(new HyperNodeSpec("by-label", 1, null, List.of(HyperNodeMember.nodesLabelled(gpuRack))));
        HyperNodeTree t = tree(cache);

        assertThat(t.problems()).isEmpty();
        assertThat(names(cache, t, "by-regex")).containsExactly("rack1-a", "rack1-b");
        assertThat(names(cache, t, "by-label")).containsExactly("rack2-a");
    }

    @Test
    void regexIsUnanchoredAsInGo() {
        ClusterCache cache = new ClusterCache();
        Clusters.node(cache, "x-gpu-1", 1000, Clusters.GI);
        Clusters.node(cache, "cpu-1", 1000, Clusters.GI);
        cache.upsertHyperNode(new HyperNodeSpec("g", 1, null, List.of(HyperNodeMember.nodesMatching("gpu"))));
        assertThat(names(cache, tree(cache), "g")).containsExactly("x-gpu-1");
    }

    @Test
    void unknownMembersAreReportedAndIgnored() {
        ClusterCache cache = new ClusterCache();
        Clusters.node(cache, "n1", 1000, Clusters.GI);
        cache.upsertHyperNode(ofNodes("leaf", 1, "n1", "ghost"));
        cache.upsertHyperNode(ofHyperNodes("spine", 2, "leaf", "missing"));
        HyperNodeTree t = tree(cache);

        assertThat(t.problems()).containsExactly(
                "HyperNode leaf: member Node \"ghost\" is not a node of the cluster; the member is ignored",
                "HyperNode spine: member HyperNode \"missing\" does not exist; the member is ignored");
        assertThat(names(cache, t, "spine")).containsExactly("n1");
    }

    @Test
    void cyclesAreSkipped() {
        ClusterCache cache = new ClusterCache();
        Clusters.node(cache, "n1", 1000, Clusters.GI);
        cache.upsertHyperNode(ofHyperNodes("a", 2, "b"));
        cache.upsertHyperNode(new HyperNodeSpec("b", 1, null,
                List.of(HyperNodeMember.hyperNode("a"), HyperNodeMember.node("n1"))));
        cache.upsertHyperNode(ofHyperNodes("self", 3, "self"));
        HyperNodeTree t = tree(cache);

        assertThat(t.problems()).containsExactly(
                "HyperNodes a, b are members of each other in a cycle; they are skipped",
                "HyperNode self is a member of itself; it is skipped");
        assertThat(t.count()).isZero();
    }

    @Test
    void memberTierNotLowerThanParentIsIgnored() {
        ClusterCache cache = new ClusterCache();
        Clusters.node(cache, "n1", 1000, Clusters.GI);
        cache.upsertHyperNode(ofNodes("leaf", 2, "n1"));
        cache.upsertHyperNode(ofHyperNodes("spine", 2, "leaf"));
        HyperNodeTree t = tree(cache);

        assertThat(t.problems()).containsExactly("HyperNode spine (tier 2): member HyperNode leaf has tier 2, not"
                + " lower; the member is ignored");
        assertThat(t.parent(t.id("leaf"))).isEqualTo(t.root());
        assertThat(t.size(t.id("spine"))).isZero();
    }

    @Test
    void aNodeInTwoHyperNodesOfOneTierSkipsTheLaterOne() {
        ClusterCache cache = new ClusterCache();
        for (int i = 1; i <= 3; i++) {
            Clusters.node(cache, "n" + i, 1000, Clusters.GI);
        }
        cache.upsertHyperNode(ofNodes("rack-a", 1, "n1", "n2"));
        cache.upsertHyperNode(ofNodes("rack-b", 1, "n2", "n3"));
        cache.upsertHyperNode(ofHyperNodes("spine", 2, "rack-a", "rack-b"));
        HyperNodeTree t = tree(cache);

        assertThat(t.problems()).containsExactly("HyperNode rack-b (tier 1) shares node n2 with HyperNode rack-a of"
                + " the same tier (a node belongs to at most one HyperNode per tier); rack-b is skipped");
        assertThat(t.id("rack-b")).isEqualTo(-1);
        assertThat(names(cache, t, "spine")).containsExactly("n1", "n2");
    }

    @Test
    void aHyperNodeWithTwoParentsStaysUnderTheFirstByName() {
        ClusterCache cache = new ClusterCache();
        Clusters.node(cache, "n1", 1000, Clusters.GI);
        cache.upsertHyperNode(ofNodes("leaf", 1, "n1"));
        cache.upsertHyperNode(ofHyperNodes("x-spine", 2, "leaf"));
        cache.upsertHyperNode(ofHyperNodes("a-spine", 3, "leaf"));
        HyperNodeTree t = tree(cache);

        assertThat(t.problems()).containsExactly("HyperNode leaf is a member of both a-spine and x-spine; it stays"
                + " under a-spine (first by name)");
        assertThat(t.parent(t.id("leaf"))).isEqualTo(t.id("a-spine"));
    }

    @Test
    void badSelectorsAreReported() {
        ClusterCache cache = new ClusterCache();
        Clusters.node(cache, "n1", 1000, Clusters.GI);
        cache.upsertHyperNode(new HyperNodeSpec("h", 1, null, List.of(HyperNodeMember.nodesMatching("(["),
                HyperNodeMember.nodesLabelled(LabelSelector.EVERYTHING),
                new HyperNodeMember(HyperNodeMember.Type.HYPER_NODE, null, "h.*", null))));
        HyperNodeTree t = tree(cache);

        assertThat(t.problems()).hasSize(3);
        assertThat(t.problems().get(0)).startsWith("HyperNode h: member Node regex \"([\" is not a valid regular expression");
        assertThat(t.problems().get(1)).isEqualTo("HyperNode h: member Node labels {} has an empty label selector,"
                + " which selects no node");
        assertThat(t.problems().get(2)).isEqualTo("HyperNode h: member HyperNode regex \"h.*\": HyperNode members are"
                + " chosen by exact name only; the member is ignored");
    }

    @Test
    void nonNestedHyperNodesGetTheirOwnSegment() {
        ClusterCache cache = new ClusterCache();
        for (int i = 1; i <= 4; i++) {
            Clusters.node(cache, "n" + i, 1000, Clusters.GI);
        }
        cache.upsertHyperNode(ofNodes("a", 1, "n1", "n2"));
        cache.upsertHyperNode(ofNodes("b", 1, "n3", "n4"));
        cache.upsertHyperNode(new HyperNodeSpec("cross", 2, null,
                List.of(HyperNodeMember.node("n1"), HyperNodeMember.node("n4"))));
        HyperNodeTree t = tree(cache);

        assertThat(t.problems()).isEmpty();
        assertThat(names(cache, t, "cross")).containsExactlyInAnyOrder("n1", "n4");
        assertThat(t.memberStart(t.id("cross"))).isGreaterThanOrEqualTo(4);
    }

    @Test
    void nodesAddedLaterJoinTheirRegexHyperNode() {
        ClusterCache cache = new ClusterCache();
        Clusters.node(cache, "gpu-1", 1000, Clusters.GI);
        cache.upsertHyperNode(new HyperNodeSpec("g", 1, null, List.of(HyperNodeMember.nodesMatching("^gpu-"))));
        assertThat(names(cache, tree(cache), "g")).containsExactly("gpu-1");
        Clusters.node(cache, "gpu-2", 1000, Clusters.GI);
        assertThat(names(cache, tree(cache), "g")).containsExactly("gpu-1", "gpu-2");
        cache.removeNode("gpu-1");
        assertThat(names(cache, tree(cache), "g")).containsExactly("gpu-2");
    }

    @Test
    void tierNamesMapToTiers() {
        ClusterCache cache = new ClusterCache();
        Clusters.node(cache, "n1", 1000, Clusters.GI);
        cache.upsertHyperNode(new HyperNodeSpec("leaf", 1, "rack", List.of(HyperNodeMember.node("n1"))));
        cache.upsertHyperNode(new HyperNodeSpec("spine", 2, "spine", List.of(HyperNodeMember.hyperNode("leaf"))));
        HyperNodeTree t = tree(cache);
        assertThat(t.tierNamed("rack")).isEqualTo(1);
        assertThat(t.tierNamed("spine")).isEqualTo(2);
        assertThat(t.tierNamed("zone")).isEqualTo(-1);
    }

    static HyperNodeTree tree(ClusterCache cache) {
        cache.applyChanges();
        return cache.topology().tree();
    }

    static List<String> names(ClusterCache cache, HyperNodeTree t, String hyperNode) {
        int h = t.id(hyperNode);
        List<String> out = new ArrayList<>();
        for (int i = t.memberStart(h); i < t.memberEnd(h); i++) {
            out.add(cache.nodes().name(t.member(i)));
        }
        return out;
    }

    static List<String> chain(HyperNodeTree t, int node) {
        List<String> out = new ArrayList<>();
        for (int i = t.chainStart(node); i < t.chainStart(node + 1); i++) {
            out.add(t.name(t.chain(i)));
        }
        return out;
    }

    static TreeSet<String> sorted(List<String> l) {
        return new TreeSet<>(l);
    }
}
