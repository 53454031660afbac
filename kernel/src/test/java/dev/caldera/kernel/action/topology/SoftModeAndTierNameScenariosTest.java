package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.testing.TopologyRun;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Soft mode and {@code highestTierName}, the cases of Volcano's {@code TestAllocateWithNetWorkTopologies}
 * (pkg/scheduler/actions/allocate/allocate_test.go, master ed72c7c81), each named after the case it transcribes;
 * the expected outcome is the case's. Soft mode is hard mode up to the top tier (framework/session.go
 * {@code convertSoftToHardTopology}); a tier name maps through the HyperNodes' tierName
 * ({@code translateHighestTierNameToAllowed}). Racks {@code s0}, {@code s1} of tier 1 under {@code s2}, one pod
 * per node.
 */
class SoftModeAndTierNameScenariosTest {

    private static TopologyRun twoRacks() {
        return new TopologyRun().nodes("s0-n1", "s0-n2", "s1-n3", "s1-n4")
                .hyperNode("s0", 1, "s0-n1", "s0-n2").hyperNode("s1", 1, "s1-n3", "s1-n4")
                .parent("s2", 2, "s0", "s1");
    }

    /** "soft network topology constrain, can allocate job when resources are enough". */
    @Test
    void softModeSpreadsWhenNoRackHoldsTheGang() {
        TopologyRun r = twoRacks().podGroup("pg1", 3, NetworkTopologySpec.soft()).pending("p1", "pg1", "master")
                .pending("p2", "pg1", "worker").pending("p3", "pg1", "worker").run();

        assertThat(r.binds).hasSize(3);
        assertThat(r.allocatedHyperNode("pg1")).isEqualTo("s2");
    }

    /**
     * "soft network topology constrain, can allocate job when minavailable < replicas" (2 binds). Which nodes
     * follows from the HyperNode score (network_topology_aware.go {@code getSubJobHyperNodeBinPackingScore}): p1
     * alone makes the job ready in s0; on the job's second turn s0 would hold the requests of all the job's tasks
     * on top of what it uses, which overflows it (score 0), so s1 ranks first and p2 goes there.
     */
    @Test
    void softModePlacesEveryTaskWhenMinAvailableIsSmaller() {
        TopologyRun r = twoRacks().podGroup("pg1", 1, NetworkTopologySpec.soft()).pending("p1", "pg1", "master")
                .pending("p2", "pg1", "worker").run();

        assertThat(r.binds).hasSize(2);
        assertThat(r.binds).containsEntry("c1/p1", "s0-n1").containsEntry("c1/p2", "s1-n3");
    }

    /** "soft network topology constrain, two available hyperNodes, can allocate job to nodes with affinity". */
    @Test
    void softModeHonoursNodeSelectors() {
        TopologyRun r = new TopologyRun().nodes("s0-n1").node("s1-n2", 2000, 4L << 30, Map.of("nodeRole", "master"))
                .hyperNode("s0", 0, "s0-n1").hyperNode("s1", 0, "s1-n2")
                .podGroup("pg1", 1, NetworkTopologySpec.soft())
                .pendingWithSelector("p1", "pg1", "master", Map.of("nodeRole", "master")).run();

        assertThat(r.binds).containsExactly(Map.entry("c1/p1", "s1-n2"));
    }

    /** "soft network topology constrain and tasks in job rescheduled, can allocate job when resources are enough". */
    @Test
    void softModeGrowsAPartlyRunningJob() {
        TopologyRun r = twoRacks().podGroup("pg1", 2, NetworkTopologySpec.soft())
                .running("p1", "pg1", "master", "s0-n1").running("p2", "pg1", "worker", "s0-n2")
                .pending("p3", "pg1", "worker").run();

        assertThat(r.binds).hasSize(1);
    }

    /**
     * "soft network topology constrain and tasks in job rescheduled, can allocate job when cross highestTierAllowed
     * tier and hyperNodesInfo has three tier": soft mode has no limit, so the job crosses to the other spine.
     */
    @Test
    void softModeIgnoresTheTierLimit() {
        TopologyRun r = new TopologyRun().nodes("s3-n1", "s3-n2", "s5-n1", "s5-n2")
                .hyperNode("s3", 1, "s3-n1", "s3-n2").hyperNode("s5", 1, "s5-n1", "s5-n2")
                .parent("s1", 2, "s3").parent("s2", 2, "s5").parent("s0", 3, "s1", "s2")
                .podGroup("pg1", 2, new NetworkTopologySpec(NetworkTopologySpec.Mode.SOFT, 1, null))
                .running("p1", "pg1", "master", "s3-n1").running("p2", "pg1", "worker", "s3-n2")
                .pending("p3", "pg1", "worker").run();

        assertThat(r.binds).hasSize(1);
        assertThat(r.boundOn("s5-n1", "s5-n2")).isEqualTo(1);
    }

    /** "hard network topology constrain and tasks in job rescheduled, can allocate job when LCAHyperNode is empty". */
    @Test
    void racksWithoutACommonParentMeetAtTheTop() {
        TopologyRun r = new TopologyRun().nodes("s0-n1", "s0-n2", "s1-n3", "s1-n4")
                .hyperNode("s0", 1, "s0-n1", "s0-n2").hyperNode("s1", 1, "s1-n3", "s1-n4")
                .podGroup("pg1", 2, NetworkTopologySpec.hard(2))
                .running("p1", "pg1", "master", "s0-n1").running("p2", "pg1", "worker", "s0-n2")
                .pending("p3", "pg1", "worker").run();

        assertThat(r.binds).hasSize(1);
        assertThat(r.boundOn("s1-n3", "s1-n4")).isEqualTo(1);
    }

    private static TopologyRun namedTiers() {
        return new TopologyRun().nodes("s0-n1", "s0-n2", "s1-n3", "s1-n4")
                .named("s0", 1, "volcano.sh/task-spec", false, "s0-n1", "s0-n2")
                .named("s1", 1, "volcano.sh/task-spec", false, "s1-n3", "s1-n4")
                .named("s2", 2, "volcano.sh/job-spec", true, "s0", "s1");
    }

    /** "hard network topology constrain, can not allocate job when cross highestTierName tier". */
    @Test
    void aTierNameLimitsLikeItsTier() {
        TopologyRun r = namedTiers()
                .podGroup("pg1", 3, new NetworkTopologySpec(NetworkTopologySpec.Mode.HARD, null, "volcano.sh/task-spec"))
                .pending("p1", "pg1", "master").pending("p2", "pg1", "worker").pending("p3", "pg1", "worker").run();

        assertThat(r.binds).isEmpty();
    }

    /** "hard network topology constrain, can allocate job when the tier corresponding to highestTierName not reached". */
    @Test
    void aHigherTierNameAllowsTheSpine() {
        TopologyRun r = namedTiers()
                .podGroup("pg1", 3, new NetworkTopologySpec(NetworkTopologySpec.Mode.HARD, null, "volcano.sh/job-spec"))
                .pending("p1", "pg1", "master").pending("p2", "pg1", "worker").pending("p3", "pg1", "worker").run();

        assertThat(r.binds).hasSize(3);
    }

    /**
     * "hard network topology with highestTierName constrain and tasks in job rescheduled, can allocate job when
     * here is no corresponding highestTierAllowed for highestTierName": an unknown name leaves the job without a
     * tier, so it is placed as a job without hard mode.
     */
    @Test
    void anUnknownTierNamePlacesTheJobWithoutALimit() {
        TopologyRun r = new TopologyRun().nodes("s0-n1", "s0-n2", "s1-n3", "s1-n4")
                .named("s0", 1, "volcano.sh/task-spec", false, "s0-n1", "s0-n2")
                .named("s1", 1, "volcano.sh/task-spec", false, "s1-n3", "s1-n4")
                .podGroup("pg1", 2, new NetworkTopologySpec(NetworkTopologySpec.Mode.HARD, null, "volcano.sh/hypercluster"))
                .running("p1", "pg1", "master", "s0-n1").running("p2", "pg1", "worker", "s0-n2")
                .pending("p3", "pg1", "worker").run();

        assertThat(r.binds).hasSize(1);
    }
}
