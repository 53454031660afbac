package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.topology.SubGroupPolicySpec;
import dev.caldera.kernel.testing.TopologyRun;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sub-groups ({@code spec.subGroupPolicy}), the cases of Volcano's {@code TestAllocateWithPartitionPolicyNetworkTopology}
 * (pkg/scheduler/actions/allocate/allocate_test.go, master ed72c7c81), each named after the case it transcribes;
 * the expected outcome is the case's. Pods are grouped by the values of a policy's matchLabelKeys labels; nodes
 * of 2 cpu, pods of 2 cpu.
 */
class SubGroupScenariosTest {
    private static final String SPEC = "volcano.sh/task-spec";
    private static final String INSTANCE = "volcano.sh/task-instance";

    private static SubGroupPolicySpec policy(String name, String key, NetworkTopologySpec topology, int size,
                                             int minSubGroups) {
        return new SubGroupPolicySpec(name, topology, size, minSubGroups, null, List.of(key));
    }

    private static JobSpec group(int minMember, NetworkTopologySpec topology, SubGroupPolicySpec... policies) {
        return new JobSpec("c1", "pg1", "q1", minMember, Map.of(), null, null, "Inqueue", 0)
                .withTopology(topology, List.of(policies));
    }

    private static TopologyRun labelled(TopologyRun r, String pod, String key, String value) {
        return r.labelled(pod, "pg1", null, null, 2000, 4L << 30, Map.of(key, value));
    }

    /**
     * "podgroup hard network topology constrain and subGroup hard network topology constrain, can allocate job
     * according to the network topology constrain of subGroup policy": the master (its own sub-group of 1) goes
     * to the one-node rack s1, the two workers (a sub-group of 2, tier 1) together into s0.
     */
    @Test
    void eachSubGroupFindsItsOwnRack() {
        TopologyRun r = new TopologyRun().nodes("s0-n1", "s0-n2", "s1-n3")
                .hyperNode("s0", 1, "s0-n1", "s0-n2").hyperNode("s1", 1, "s1-n3").parent("s2", 2, "s0", "s1")
                .podGroup(group(3, NetworkTopologySpec.hard(2), policy("task1", SPEC, NetworkTopologySpec.hard(1), 1, 0),
                        policy("task2", INSTANCE, NetworkTopologySpec.hard(1), 2, 0)));
        labelled(r, "p1", SPEC, "master");
        labelled(r, "p2", INSTANCE, "worker");
        labelled(r, "p3", INSTANCE, "worker");
        r.run();

        assertThat(r.binds).containsEntry("c1/p1", "s1-n3").hasSize(3);
        assertThat(r.boundOn("s0-n1", "s0-n2")).isEqualTo(2);
    }

    /**
     * "... can allocate job according to the network topology constrain of subGroup policy with minSubGroups":
     * three racks (s0, s1 of two nodes, s2 of one) under s3; the master lands on s2-n5, each two-worker sub-group in
     * a rack of its own.
     */
    @Test
    void minSubGroupsAreAllPlaced() {
        TopologyRun r = fiveNodes().podGroup(group(5, NetworkTopologySpec.hard(2),
                policy("task1", SPEC, NetworkTopologySpec.hard(1), 1, 1),
                policy("task2", INSTANCE, NetworkTopologySpec.hard(1), 2, 2)));
        labelled(r, "p1", SPEC, "master");
        labelled(r, "p2", INSTANCE, "worker");
        labelled(r, "p3", INSTANCE, "worker");
        labelled(r, "p4", INSTANCE, "worker2");
        labelled(r, "p5", INSTANCE, "worker2");
        r.run();

        assertThat(r.binds).containsEntry("c1/p1", "s2-n5").hasSize(5);
        assertThat(r.boundOn("s0-n1", "s0-n2")).isEqualTo(2);
        assertThat(r.boundOn("s1-n3", "s1-n4")).isEqualTo(2);
    }

    /** "... can not allocate job when minMember is not satisfied": five pods needed, four nodes. */
    @Test
    void minMemberStillCounts() {
        TopologyRun r = fourNodes().podGroup(group(5, NetworkTopologySpec.hard(2),
                policy("task1", SPEC, NetworkTopologySpec.hard(1), 1, 1),
                policy("task2", INSTANCE, NetworkTopologySpec.hard(1), 2, 1)));
        fivePods(r).run();

        assertThat(r.binds).isEmpty();
    }

    /** "... can not allocate job when minSubGroups is not satisfied": two two-pod sub-groups and the master need five nodes. */
    @Test
    void minSubGroupsMustBeMet() {
        TopologyRun r = fourNodes().podGroup(group(3, NetworkTopologySpec.hard(2),
                policy("task1", SPEC, NetworkTopologySpec.hard(1), 1, 1),
                policy("task2", INSTANCE, NetworkTopologySpec.hard(1), 2, 2)));
        fivePods(r).run();

        assertThat(r.binds).isEmpty();
    }

    /**
     * "podgroup soft network topology constrain and subGroup hard network topology constrain, can not allocate job
     * when cross highestTierAllowed tier": the three workers form one sub-group limited to a rack of two nodes.
     */
    @Test
    void aSubGroupLargerThanItsAllowedTierBlocksTheJob() {
        TopologyRun r = fourNodes().podGroup(group(3, NetworkTopologySpec.soft(),
                policy("task1", SPEC, NetworkTopologySpec.hard(1), 1, 0)));
        labelled(r, "p1", SPEC, "master");
        labelled(r, "p2", SPEC, "worker");
        labelled(r, "p3", SPEC, "worker");
        labelled(r, "p4", SPEC, "worker");
        r.run();

        assertThat(r.binds).isEmpty();
    }

    /** "podgroup hard network topology constrain and subGroup soft network topology constrain, can allocate job when resources are enough". */
    @Test
    void softSubGroupsInsideAHardJob() {
        TopologyRun r = fourNodes().podGroup(group(3, NetworkTopologySpec.hard(2),
                policy("task1", SPEC, NetworkTopologySpec.soft(), 1, 0)));
        labelled(r, "p1", SPEC, "master");
        labelled(r, "p2", SPEC, "worker");
        labelled(r, "p3", SPEC, "worker");
        r.run();

        assertThat(r.binds).hasSize(3);
    }

    /** "no network topology at job or subgroup level but has SubJobPolicy, can allocate job successfully". */
    @Test
    void subGroupsWithoutTopology() {
        TopologyRun r = new TopologyRun().nodes("n1", "n2")
                .podGroup(group(2, null, policy("worker", SPEC, null, 1, 2)));
        labelled(r, "p1", SPEC, "worker-0");
        labelled(r, "p2", SPEC, "worker-1");
        r.run();

        assertThat(r.binds).hasSize(2);
    }

    private static TopologyRun fourNodes() {
        return new TopologyRun().nodes("s0-n1", "s0-n2", "s1-n3", "s1-n4")
                .hyperNode("s0", 1, "s0-n1", "s0-n2").hyperNode("s1", 1, "s1-n3", "s1-n4").parent("s2", 2, "s0", "s1");
    }

    private static TopologyRun fiveNodes() {
        return new TopologyRun().nodes("s0-n1", "s0-n2", "s1-n3", "s1-n4", "s2-n5")
                .hyperNode("s0", 1, "s0-n1", "s0-n2").hyperNode("s1", 1, "s1-n3", "s1-n4").hyperNode("s2", 1, "s2-n5")
                .parent("s3", 2, "s0", "s1", "s2");
    }

    private static TopologyRun fivePods(TopologyRun r) {
        labelled(r, "p1", SPEC, "master");
        labelled(r, "p2", INSTANCE, "worker");
        labelled(r, "p3", INSTANCE, "worker");
        labelled(r, "p4", INSTANCE, "worker2");
        return labelled(r, "p5", INSTANCE, "worker2");
    }
}
