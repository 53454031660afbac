package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.testing.TopologyRun;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hard-mode network topology, the cases of Volcano's {@code TestAllocateWithNetWorkTopologies},
 * {@code TestNodeLevelScoreWithNetWorkTopologies} and {@code TestHyperNodeBinpackWithNetWorkTopologies}
 * (pkg/scheduler/actions/allocate/allocate_test.go, master ed72c7c81), each named after the case it transcribes;
 * the expected outcome is the case's. Two racks {@code s0} ({@code s0-n1}, {@code s0-n2}) and {@code s1}
 * ({@code s1-n3}, {@code s1-n4}) of tier 1 under {@code s2} of tier 2; nodes of 2 cpu, pods of 2 cpu: one pod
 * per node.
 */
class HardModeScenariosTest {

    private static TopologyRun twoRacks() {
        return new TopologyRun().nodes("s0-n1", "s0-n2", "s1-n3", "s1-n4")
                .hyperNode("s0", 1, "s0-n1", "s0-n2").hyperNode("s1", 1, "s1-n3", "s1-n4")
                .parent("s2", 2, "s0", "s1");
    }

    private static TopologyRun threePods(int minMember, NetworkTopologySpec topology) {
        return twoRacks().podGroup("pg1", minMember, topology).pending("p1", "pg1", "master")
                .pending("p2", "pg1", "worker").pending("p3", "pg1", "worker");
    }

    /** "hard network topology constrain, can not allocate job when cross highestTierAllowed tier". */
    @Test
    void aGangLargerThanEveryRackOfTheAllowedTierBindsNothing() {
        TopologyRun r = threePods(3, NetworkTopologySpec.hard(1)).run();

        assertThat(r.binds).isEmpty();
        assertThat(r.reasons.get("c1/pg1")).isEqualTo("3/3 tasks in gang unschedulable: no HyperNode of tier <= 1"
                + " can hold 3 pods: the largest free, s0 (tier 1), has cpu 4, memory 8Gi of the cpu 6, memory 12G"
                + " its 3 pending pods request");
    }

    /** "hard network topology constrain, can allocate job when highestTierAllowed not reached". */
    @Test
    void tierTwoHoldsWhatNoRackCan() {
        TopologyRun r = threePods(3, NetworkTopologySpec.hard(2)).run();

        assertThat(r.binds).hasSize(3);
        assertThat(r.allocatedHyperNode("pg1")).isEqualTo("s2");
        // current Volcano's getPodGroupPhase: the pods are Binding, not scheduled yet
        assertThat(r.phases.get("c1/pg1")).isEqualTo("Inqueue");
    }

    /** "hard network topology constrain, can allocate job when multi hyperNodes are available". */
    @Test
    void aGangThatFitsARackLandsInOneRack() {
        TopologyRun r = twoRacks().podGroup("pg1", 2, NetworkTopologySpec.hard(1))
                .pending("p1", "pg1", "master").pending("p2", "pg1", "worker").run();

        assertThat(r.binds).hasSize(2);
        assertThat(r.boundOn("s0-n1", "s0-n2") == 2 || r.boundOn("s1-n3", "s1-n4") == 2).isTrue();
        assertThat(r.allocatedHyperNode("pg1")).isIn("s0", "s1");
    }

    /** "hard network topology constrain, can allocate job when minavailable < replicas". */
    @Test
    void tasksBeyondMinAvailableFollowIntoTheSameRack() {
        TopologyRun r = twoRacks().podGroup("pg1", 1, NetworkTopologySpec.hard(1))
                .pending("p1", "pg1", "master").pending("p2", "pg1", "worker").run();

        assertThat(r.binds).hasSize(2);
        assertThat(r.boundOn("s0-n1", "s0-n2") == 2 || r.boundOn("s1-n3", "s1-n4") == 2).isTrue();
    }

    /** "hard network topology constrain, two available hyperNodes, can allocate job to nodes with affinity". */
    @Test
    void predicatesStillDecideInsideTheHyperNodes() {
        TopologyRun r = new TopologyRun().nodes("s0-n1").node("s1-n2", 2000, 4L << 30, Map.of("nodeRole", "master"))
                .hyperNode("s0", 1, "s0-n1").hyperNode("s1", 1, "s1-n2")
                .podGroup("pg1", 1, NetworkTopologySpec.hard(1))
                .pendingWithSelector("p1", "pg1", "master", Map.of("nodeRole", "master")).run();

        assertThat(r.binds).containsExactly(Map.entry("c1/p1", "s1-n2"));
    }

    /** "hard network topology constrain and tasks in job rescheduled, can allocate job when highestTierAllowed not reached". */
    @Test
    void aPartlyRunningJobGrowsWithinItsAllowedAncestor() {
        TopologyRun r = twoRacks().podGroup("pg1", 2, NetworkTopologySpec.hard(2))
                .running("p1", "pg1", "master", "s0-n1").running("p2", "pg1", "worker", "s0-n2")
                .pending("p3", "pg1", "worker").run();

        assertThat(r.binds).hasSize(1);
        assertThat(r.boundOn("s1-n3", "s1-n4")).isEqualTo(1);
        assertThat(r.allocatedHyperNode("pg1")).isEqualTo("s2");
    }

    /** "hard network topology constrain and tasks in job rescheduled, can not allocate job when cross highestTierAllowed tier". */
    @Test
    void aPartlyRunningJobIsNarrowedToItsRack() {
        TopologyRun r = twoRacks().podGroup("pg1", 2, NetworkTopologySpec.hard(1))
                .running("p1", "pg1", "master", "s0-n1").running("p2", "pg1", "worker", "s0-n2")
                .pending("p3", "pg1", "worker").run();

        assertThat(r.binds).isEmpty();
        assertThat(r.allocatedHyperNode("pg1")).isEqualTo("s0");
    }

    /**
     * "hard network topology constrain and tasks in job rescheduled, can allocate job when highestTierAllowed not
     * reached and hyperNodesInfo has three tier": s0 (tier 3) over s1 (s3, s4) and s2 (s5, s6), racks of two.
     */
    @Test
    void threeTiersAPartlyRunningJobStaysUnderItsTierTwoAncestor() {
        TopologyRun r = threeTiers().podGroup("pg1", 2, NetworkTopologySpec.hard(2))
                .running("p1", "pg1", "master", "s3-n1").running("p2", "pg1", "worker", "s3-n2")
                .pending("p3", "pg1", "worker").run();

        assertThat(r.binds).hasSize(1);
        assertThat(r.boundOn("s4-n1", "s4-n2")).isEqualTo(1);
        assertThat(r.allocatedHyperNode("pg1")).isEqualTo("s1");
    }

    /** The same cluster with tier 1 allowed ("... can not allocate job when cross highestTierAllowed tier and hyperNodesInfo has three tier"). */
    @Test
    void threeTiersTierOneKeepsTheJobInItsFullRack() {
        TopologyRun r = threeTiers().podGroup("pg1", 2, NetworkTopologySpec.hard(1))
                .running("p1", "pg1", "master", "s3-n1").running("p2", "pg1", "worker", "s3-n2")
                .pending("p3", "pg1", "worker").run();

        assertThat(r.binds).isEmpty();
    }

    /**
     * {@code TestNodeLevelScoreWithNetWorkTopologies} "hard network topology constrain, allocate job to highest
     * score hypeNode with node level binpack": pg2 runs on s0; with binpack, pg1 packs onto s0 as well, p1 (2 cpu)
     * on s0-n1 and p2 (4 cpu) on s0-n2.
     */
    @Test
    void binpackPacksTheGangNextToRunningPods() {
        TopologyRun r = new TopologyRun().node("s0-n1", 4000, 8L << 30).node("s0-n2", 8000, 16L << 30)
                .node("s1-n3", 4000, 8L << 30).node("s1-n4", 8000, 16L << 30)
                .hyperNode("s0", 1, "s0-n1", "s0-n2").hyperNode("s1", 1, "s1-n3", "s1-n4").parent("s2", 2, "s0", "s1")
                .podGroup("pg1", 2, NetworkTopologySpec.hard(1)).podGroup("pg2", 2, NetworkTopologySpec.hard(1))
                .pod("p1", "pg1", "master", null, 2000, 4L << 30).pod("p2", "pg1", "worker", null, 4000, 8L << 30)
                .pod("p3", "pg2", "master", "s0-n1", 2000, 4L << 30).pod("p4", "pg2", "worker", "s0-n2", 4000, 8L << 30)
                .plugin("binpack").run();

        assertThat(r.binds).containsExactlyInAnyOrderEntriesOf(Map.of("c1/p1", "s0-n1", "c1/p2", "s0-n2"));
    }

    /**
     * {@code TestHyperNodeBinpackWithNetWorkTopologies} "hard network topology constrain, allocate task to node
     * under LCAHyperNode": three racks of two 4-cpu nodes under s3 (tier 2), four 4-cpu pods: once the first two
     * fill a rack, the next go together into one other rack (2 and 2).
     */
    @Test
    void tasksFollowTheirLowestCommonHyperNode() {
        TopologyRun r = new TopologyRun();
        for (String n : new String[] {"s0-n1", "s0-n2", "s1-n3", "s1-n4", "s2-n5", "s2-n6"}) {
            r.node(n, 4000, 8L << 30);
        }
        r.hyperNode("s0", 1, "s0-n1", "s0-n2").hyperNode("s1", 1, "s1-n3", "s1-n4").hyperNode("s2", 1, "s2-n5", "s2-n6")
                .parent("s3", 2, "s0", "s1", "s2").podGroup("pg1", 4, NetworkTopologySpec.hard(2));
        for (int i = 1; i <= 4; i++) {
            r.pod("p" + i, "pg1", i == 1 ? "master" : "worker", null, 4000, 8L << 30);
        }
        r.run();

        assertThat(r.binds).hasSize(4);
        long[] perRack = {r.boundOn("s0-n1", "s0-n2"), r.boundOn("s1-n3", "s1-n4"), r.boundOn("s2-n5", "s2-n6")};
        assertThat(perRack).containsExactlyInAnyOrder(2, 2, 0);
    }

    private static TopologyRun threeTiers() {
        TopologyRun r = new TopologyRun();
        for (int rack = 3; rack <= 6; rack++) {
            r.nodes("s" + rack + "-n1", "s" + rack + "-n2").hyperNode("s" + rack, 1, "s" + rack + "-n1", "s" + rack + "-n2");
        }
        return r.parent("s1", 2, "s3", "s4").parent("s2", 2, "s5", "s6").parent("s0", 3, "s1", "s2");
    }
}
