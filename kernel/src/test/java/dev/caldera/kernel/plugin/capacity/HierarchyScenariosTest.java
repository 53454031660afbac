package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.resource.ResourceList;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.plugin.capacity.QueueScenario.only;
import static dev.caldera.kernel.plugin.capacity.QueueScenario.res;
import static dev.caldera.kernel.plugin.capacity.QueueScenario.scalars;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hierarchical capacity cases of current Volcano's {@code plugins/capacity/capacity_test.go}:
 * {@code Test_capacityPlugin_OnSessionOpenWithHierarchy} (actions enqueue, reclaim, allocate; capacity with
 * enableHierarchy and job enqueued besides the flat flags) and {@code Test_capacityPlugin_AncestorReclaimScenarios}
 * (the same with {@code ancestorReclaimLevel}, and the priority plugin where the case uses it), rebuilt as kernel
 * specs. Queues are written (name, parent, deserved, capability) as the Volcano test's buildQueueWithParents.
 */
class HierarchyScenariosTest {
    private static final List<String> ACTIONS = List.of("enqueue", "reclaim", "allocate");

    private static QueueScenario tree() {
        return new QueueScenario();
    }

    private static QueueScenario q(QueueScenario s, String name, String parent, ResourceList deserved,
                                   ResourceList capability) {
        return s.queue(name, parent, deserved, capability, null, 0);
    }

    private static void run(QueueScenario s, int level, boolean priority) {
        PluginOption[] extra = priority
                ? new PluginOption[] {only("priority", PluginFlag.JOB_ORDER, PluginFlag.TASK_ORDER)}
                : new PluginOption[0];
        PluginOption[] tier = QueueScenario.volcanoTestTier(true, Map.of("ancestorReclaimLevel", level), extra);
        tier[0] = only("capacity", Map.of("ancestorReclaimLevel", level), PluginFlag.ALLOCATABLE,
                PluginFlag.PREEMPTIVE, PluginFlag.RECLAIMABLE, PluginFlag.QUEUE_ORDER, PluginFlag.HIERARCHY,
                PluginFlag.JOB_ENQUEUED);
        s.run(ACTIONS, tier);
    }

    private static QueueScenario firstTree() {
        QueueScenario s = tree().node("n1", res(8, 8, "pods", 11));
        q(s, "root", null, null, null);
        q(s, "q1", "root", null, res(4, 4));
        q(s, "q2", "root", null, res(4, 4));
        q(s, "q11", "q1", null, res(1, 1));
        return q(s, "q12", "q1", null, res(3, 3));
    }

    /** WithHierarchy case0: Pod allocatable when queue is leaf queue. */
    @Test
    void aLeafQueuesPodIsAllocated() {
        QueueScenario s = firstTree().group("pg1", "q11", 1, "Inqueue").pending("p1", "pg1", res(1, 1));
        run(s, 0, false);
        assertThat(s.binds).containsExactlyEntriesOf(Map.of("ns1/p1", "n1"));
    }

    /** WithHierarchy case1: Pod not allocatable when queue is not leaf queue (the session is refused). */
    @Test
    void aJobInAnInnerQueueIsRefusedAndSaysWhy() {
        QueueScenario s = firstTree().group("pg2", "q1", 1, "Pending").pending("p2", "pg2", res(1, 1));
        run(s, 0, false);
        assertThat(s.binds).isEmpty();
        assertThat(s.capacity().problem()).contains("q1").contains("not a leaf queue");
    }

    private static QueueScenario secondTree() {
        QueueScenario s = tree().node("n1", res(8, 8, "pods", 11));
        q(s, "root", null, null, null);
        q(s, "q3", "root", res(4, 4, "pods", 10), res(4, 4, "pods", 10));
        q(s, "q4", "root", res(2, 2, "pods", 1), res(4, 4, "pods", 4));
        q(s, "q31", "q3", res(2, 2, "pods", 2), res(4, 4, "pods", 4));
        return q(s, "q32", "q3", res(2, 2, "pods", 2), res(4, 4, "pods", 4));
    }

    /** WithHierarchy case2: Pod allocatable when queue has not exceed capability. */
    @Test
    void aGangWithinEveryLevelsCapabilityIsAllocated() {
        QueueScenario s = secondTree().group("pg3", "q31", 2, "Inqueue")
                .pending("p3", "pg3", res(2, 2)).pending("p4", "pg3", res(2, 2));
        run(s, 0, false);
        assertThat(s.binds).containsExactlyInAnyOrderEntriesOf(Map.of("ns1/p3", "n1", "ns1/p4", "n1"));
    }

    /** WithHierarchy case3: a sibling's borrowed pod is reclaimed before a cousin's (victim queue order). */
    @Test
    void reclaimTakesFromTheClosestQueueInTheTreeFirst() {
        QueueScenario s = secondTree().group("pg4", "q4", 1, "Running").group("pg5", "q31", 1, "Running")
                .group("pg6", "q32", 1, "Inqueue")
                .running("p5", "pg4", "n1", res(4, 4)).running("p6", "pg5", "n1", res(2, 2), 0, false)
                .running("p7", "pg5", "n1", res(2, 2)).pending("p8", "pg6", res(2, 2));
        run(s, 0, false);
        assertThat(s.evicted).containsExactly("ns1/p7");
        assertThat(s.pipelined).containsExactlyEntriesOf(Map.of("ns1/p8", "n1"));
    }

    /** WithHierarchy case4: Pod is not allocatable when an ancestor's realCapability is not enough. */
    @Test
    void anAncestorsCapabilityBoundsItsLeaves() {
        QueueScenario s = secondTree();
        q(s, "q33", "q3", res(0, 0, "pods", 2), res(4, 4, "pods", 4));
        s.group("pg5", "q31", 1, "Running").group("pg7", "q32", 1, "Running").group("pg8", "q33", 1, "Inqueue")
                .running("p6", "pg5", "n1", res(2, 2), 0, false).running("p9", "pg7", "n1", res(2, 2))
                .pending("p10", "pg8", res(3, 3));
        run(s, 0, false);
        assertThat(s.binds).isEmpty();
    }

    /** WithHierarchy case5: an unset cpu or memory capability is inherited from the parent. */
    @Test
    void anUnsetCpuCapabilityIsInherited() {
        QueueScenario s = tree().node("n1", res(8, 8, "pods", 11));
        q(s, "root", null, null, null);
        q(s, "q5", "root", null, ResourceList.of("memory", 4 * QueueScenario.GI));
        q(s, "q51", "q5", null, ResourceList.of("memory", 2 * QueueScenario.GI));
        s.group("pg9", "q51", 1, "Running").pending("p11", "pg9", ResourceList.of("cpu", 1000L));
        run(s, 0, false);
        assertThat(s.binds).containsExactlyEntriesOf(Map.of("ns1/p11", "n1"));
    }

    /**
     * WithHierarchy case6: a PodGroup is not enqueued when an ancestor's capability is used up (the Volcano case
     * has no pods; Caldera drops pod-less gangs at session open, so each gang here has one pending pod).
     */
    @Test
    void enqueueStopsAtTheFirstAncestorWithoutRoom() {
        QueueScenario s = tree().node("n1", res(8, 8, "pods", 11));
        q(s, "root", null, null, null);
        q(s, "q6", "root", null, res(2, 4));
        q(s, "q61", "q6", null, null);
        q(s, "q62", "q6", null, null);
        s.group("pg10", "q61", 1, res(2, 4), "Pending").group("pg11", "q62", 1, res(2, 4), "Pending")
                .pending("p10", "pg10", res(2, 4)).pending("p11", "pg11", res(2, 4));
        s.run(List.of("enqueue"), only("capacity", PluginFlag.HIERARCHY, PluginFlag.JOB_ENQUEUED,
                PluginFlag.QUEUE_ORDER), only("gang"));
        assertThat(phase(s, "ns1/pg10")).isEqualTo("Inqueue");
        assertThat(phase(s, "ns1/pg11")).isEqualTo("Pending");
    }

    /** WithHierarchy case7: children's guarantees above the parent's are reported, not fatal. */
    @Test
    void childGuaranteesAboveTheParentAreOnlyReported() {
        QueueScenario s = tree().node("n1", res(8, 8, "pods", 11));
        q(s, "root", null, null, null);
        q(s, "q7", "root", null, res(6, 4));
        s.queue("q71", "q7", null, res(6, 4), res(4, 3), 0);
        s.queue("q72", "q7", null, res(6, 4), res(4, 3), 0);
        s.group("pg", "q71", 1, "Inqueue").pending("p", "pg", res(1, 1));
        run(s, 0, false);
        assertThat(s.capacity().problem()).isNull();
        assertThat(s.capacity().hierarchyWarnings())
                .anyMatch(w -> w.contains("sum of child queue guarantees exceeds parent queue q7"));
        assertThat(s.binds).containsKey("ns1/p");
    }

    /** WithHierarchy case8: a scalar in deserved does not stop the check. */
    @Test
    void aScalarDeservedTreeAdmitsAGpuPod() {
        QueueScenario s = tree().node("n-gpu", res(8, 8, "nvidia.com/gpu", 8, "pods", 10));
        q(s, "root", null, null, null);
        q(s, "q8", "root", res(4, 4, "nvidia.com/gpu", 8), null);
        q(s, "q81", "q8", res(2, 2, "nvidia.com/gpu", 4), null);
        q(s, "q82", "q8", res(2, 2, "nvidia.com/gpu", 4), null);
        s.group("pg12", "q81", 1, "Inqueue").pending("p12", "pg12", res(2, 2, "nvidia.com/gpu", 1));
        run(s, 0, false);
        assertThat(s.binds).containsExactlyEntriesOf(Map.of("ns1/p12", "n-gpu"));
    }

    /** WithHierarchy case9: a scalar listed as 0 in deserved does not stop the check. */
    @Test
    void aZeroScalarInDeservedIsHarmless() {
        QueueScenario s = tree().node("n2", res(8, 8, "nvidia.com/gpu", 8, "pods", 10, "hugepages-1Gi", 0));
        q(s, "root", null, null, null);
        q(s, "q9", "root", res(2, 2, "nvidia.com/gpu", 8, "hugepages-1Gi", 0), null);
        q(s, "q91", "q9", res(2, 2, "nvidia.com/gpu", 4, "hugepages-1Gi", 0), null);
        s.group("pg13", "q91", 1, "Inqueue").pending("p13", "pg13", res(2, 2, "nvidia.com/gpu", 1));
        run(s, 0, false);
        assertThat(s.binds).containsExactlyEntriesOf(Map.of("ns1/p13", "n2"));
    }

    /** WithHierarchy case11: unset scalar capabilities are inherited from the parent (per GPU model too). */
    @Test
    void unsetScalarCapabilitiesAreInherited() {
        QueueScenario s = tree().node("n2", res(8, 8, "nvidia.com/gpu", 8, "pods", 10));
        q(s, "root", null, null, null);
        q(s, "case11_queue1", "root", null, null);
        q(s, "case11_queue11", "case11_queue1", null, res(4, 4, "nvidia.com/gpu", 4));
        q(s, "case11_queue12", "case11_queue1", null, res(4, 4, "nvidia.com/gpu", 4));
        s.group("pg14", "case11_queue11", 1, "Inqueue").group("pg15", "case11_queue12", 1, "Inqueue")
                .pending("p14", "pg14", res(1, 1, "nvidia.com/gpu", 4))
                .pending("p15", "pg15", res(1, 1, "nvidia.com/gpu", 4));
        run(s, 0, false);
        assertThat(s.binds).containsExactlyInAnyOrderEntriesOf(Map.of("ns1/p14", "n2", "ns1/p15", "n2"));
    }

    /** WithHierarchy case12: reclaim when allocated stays within deserved on a single scalar dimension. */
    @Test
    void aSingleScalarWithinDeservedReclaimsAcrossTheTree() {
        QueueScenario s = tree().node("n3", res(16, 16, "nvidia.com/a100", 5, "rdma/hca", 1001, "pods", 11));
        q(s, "root", null, res(16, 16, "nvidia.com/a100", 4), null);
        q(s, "case12_queue1", "root", scalars("nvidia.com/a100", 2), null);
        q(s, "case12_queue11", "case12_queue1", scalars("nvidia.com/a100", 2), null);
        q(s, "case12_queue12", "case12_queue1", null, null);
        ResourceList gpu = res(1, 1, "nvidia.com/a100", 2, "rdma/hca", 1);
        s.group("pg16", "case12_queue11", 1, "Inqueue").group("pg17", "case12_queue12", 1, "Running")
                .group("pg18", "case12_queue12", 1, "Running")
                .pending("p16", "pg16", gpu).running("p17", "pg17", "n3", gpu)
                .running("p18", "pg18", "n3", gpu, 0, false);
        run(s, 0, false);
        assertThat(s.evicted).containsExactly("ns1/p17");
        assertThat(s.pipelined).containsExactlyEntriesOf(Map.of("ns1/p16", "n3"));
    }

    // ------------------------------------------------------------------ Test_capacityPlugin_AncestorReclaimScenarios

    private static final ResourceList A100 = res(1, 1, "nvidia.com/a100", 1, "rdma/hca", 1);

    private static QueueScenario projects() {
        QueueScenario s = tree().node("n1", res(16, 16, "nvidia.com/a100", 4, "rdma/hca", 1001, "pods", 11));
        q(s, "root", null, res(16, 16, "nvidia.com/a100", 4), null);
        q(s, "project1_root", "root", scalars("nvidia.com/a100", 1), scalars("nvidia.com/a100", 2));
        q(s, "project1_non-preemptable", "project1_root", scalars("nvidia.com/a100", 1),
                scalars("nvidia.com/a100", 1));
        q(s, "project1_preemptable", "project1_root", null, null);
        q(s, "project2_root", "root", scalars("nvidia.com/a100", 3), scalars("nvidia.com/a100", 4));
        q(s, "project2_non-preemptable", "project2_root", scalars("nvidia.com/a100", 3),
                scalars("nvidia.com/a100", 3));
        return q(s, "project2_preemptable", "project2_root", null, null);
    }

    /** AncestorReclaim case1: reclaim based on the parent's deserved at level 1. */
    @Test
    void levelOneReclaimsThroughTheParentsDeserved() {
        QueueScenario s = tree().node("n1", res(16, 16, "nvidia.com/a100", 4, "rdma/hca", 1001, "pods", 11));
        q(s, "root", null, res(16, 16, "nvidia.com/a100", 4), null);
        q(s, "case1_queue1", "root", scalars("nvidia.com/a100", 1), null);
        q(s, "case1_queue11", "case1_queue1", null, null);
        q(s, "case1_queue2", "root", null, null);
        s.group("pg1", "case1_queue2", 1, "Running").group("pg2", "case1_queue11", 1, "Inqueue")
                .running("p1", "pg1", "n1", res(1, 1, "nvidia.com/a100", 4, "rdma/hca", 1))
                .pending("p2", "pg2", A100);
        run(s, 1, true);
        assertThat(s.evicted).containsExactly("ns1/p1");
        assertThat(s.pipelined).containsExactlyEntriesOf(Map.of("ns1/p2", "n1"));
    }

    /** AncestorReclaim case2: cross-parent reclaim when the victim's queue and its parent are over deserved. */
    @Test
    void crossParentReclaimTakesTheLowestPriorityBorrowedPod() {
        QueueScenario s = projects();
        for (int i = 1; i <= 4; i++) {
            s.group("pg" + i, "project2_preemptable", 1, "Running")
                    .running("p" + i, "pg" + i, "n1", A100, i == 4 ? 1 : 2, true);
        }
        s.group("pg5", "project1_preemptable", 1, "Pending").pending("p5", "pg5", A100);
        run(s, 1, true);
        assertThat(s.evicted).containsExactly("ns1/p4");
        assertThat(s.pipelined).containsExactlyEntriesOf(Map.of("ns1/p5", "n1"));
    }

    /** AncestorReclaim case4: cross-parent reclaim is blocked when the victim's queue is within deserved. */
    @Test
    void crossParentReclaimSparesAQueueWithinDeserved() {
        QueueScenario s = tree().node("n1", res(8, 8, "nvidia.com/a100", 1, "rdma/hca", 1001, "pods", 11));
        q(s, "root", null, res(16, 16, "nvidia.com/a100", 4), null);
        q(s, "case4_parent1", "root", scalars("nvidia.com/a100", 1), null);
        q(s, "case4_child1", "case4_parent1", scalars("nvidia.com/a100", 1), null);
        q(s, "case4_child1_sibling", "case4_parent1", null, null);
        q(s, "case4_parent2", "root", scalars("nvidia.com/a100", 1), null);
        q(s, "case4_child2", "case4_parent2", scalars("nvidia.com/a100", 1), null);
        s.group("pg1", "case4_child1", 1, "Running").group("pg2", "case4_child2", 1, "Pending")
                .group("pg3", "case4_child1_sibling", 1, "Running")
                .running("p1", "pg1", "n1", A100).pending("p2", "pg2", A100)
                .running("p3", "pg3", "n1", A100, 0, false);
        run(s, 1, true);
        assertThat(s.evicted).isEmpty();
        assertThat(s.pipelined).isEmpty();
    }

    private static QueueScenario levels() {
        QueueScenario s = tree().node("n1", res(2, 2, "pods", 10));
        q(s, "root", null, null, null);
        q(s, "grand-a", "root", res(2, 2), res(4, 4));
        q(s, "parent-a", "grand-a", res(2, 2), res(2, 2));
        q(s, "queue-a", "parent-a", res(2, 2), res(2, 2));
        q(s, "grand-b", "root", res(3, 3), res(4, 4));
        q(s, "parent-b", "grand-b", res(1, 1), res(2, 2));
        return q(s, "queue-b", "parent-b", res(1, 1), res(2, 2));
    }

    private static QueueScenario victimAndReclaimer(QueueScenario s, String victimQueue, String reclaimerQueue) {
        return s.group("pg-victim", victimQueue, 1, "Running").group("pg-reclaimer", reclaimerQueue, 1, "Inqueue")
                .running("p-victim", "pg-victim", "n1", res(2, 2)).pending("p-reclaimer", "pg-reclaimer", res(2, 2));
    }

    /** AncestorReclaim case5 and case6: levels 0 and 1 reclaim (leaf and parent of the victim over deserved). */
    @Test
    void levelsZeroAndOneReclaimWhenLeafAndParentAreOver() {
        for (int level : new int[] {0, 1}) {
            QueueScenario s = victimAndReclaimer(levels(), "queue-b", "queue-a");
            run(s, level, false);
            assertThat(s.evicted).as("level %d", level).containsExactly("ns1/p-victim");
            assertThat(s.pipelined).as("level %d", level)
                    .containsExactlyEntriesOf(Map.of("ns1/p-reclaimer", "n1"));
        }
    }

    /** AncestorReclaim case7: level 2 blocks reclaim because the grandparent is within deserved. */
    @Test
    void levelTwoBlocksWhenTheGrandparentIsWithinDeserved() {
        QueueScenario s = victimAndReclaimer(levels(), "queue-b", "queue-a");
        run(s, 2, false);
        assertThat(s.evicted).isEmpty();
        assertThat(s.pipelined).isEmpty();
    }

    /** AncestorReclaim case8: siblings with no deserved of their own do not reclaim from each other at level 1. */
    @Test
    void siblingsWithoutDeservedDoNotContend() {
        QueueScenario s = tree().node("n1", res(2, 2, "pods", 10));
        q(s, "root", null, null, null);
        q(s, "parent", "root", res(4, 4), res(4, 4));
        q(s, "queue-a", "parent", null, null);
        q(s, "queue-b", "parent", null, null);
        victimAndReclaimer(s, "queue-b", "queue-a");
        run(s, 1, false);
        assertThat(s.evicted).isEmpty();
    }

    /** AncestorReclaim case11: an unbalanced tree blocks reclaim when the depth-2 ancestor is within deserved. */
    @Test
    void unbalancedLevelTwoBlocksWhenTheDepthTwoAncestorIsWithin() {
        QueueScenario s = tree().node("n1", res(4, 4, "pods", 10, "nvidia.com/a100", 2));
        q(s, "root", null, null, null);
        q(s, "shallow-parent", "root", scalars("nvidia.com/a100", 1), null);
        q(s, "queue-shallow", "shallow-parent", scalars("nvidia.com/a100", 1), null);
        q(s, "deep-grand", "root", scalars("nvidia.com/a100", 2), null);
        q(s, "deep-parent", "deep-grand", scalars("nvidia.com/a100", 1), null);
        q(s, "queue-deep", "deep-parent", scalars("nvidia.com/a100", 1), null);
        s.group("pg-victim", "queue-deep", 1, "Running").group("pg-reclaimer", "queue-shallow", 1, "Inqueue")
                .running("p-victim", "pg-victim", "n1", res(1, 1, "nvidia.com/a100", 2))
                .pending("p-reclaimer", "pg-reclaimer", res(1, 1, "nvidia.com/a100", 1));
        run(s, 2, false);
        assertThat(s.evicted).isEmpty();
        assertThat(s.pipelined).isEmpty();
    }

    private static String phase(QueueScenario s, String group) {
        return JobPhase.name(s.cluster.phase(s.cluster.jobRow(group)));
    }
}
