package dev.caldera.kernel.plugin.capacity;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.plugin.capacity.QueueScenario.res;
import static dev.caldera.kernel.plugin.capacity.QueueScenario.scalars;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The flat capacity cases of current Volcano's {@code pkg/scheduler/plugins/capacity/capacity_test.go},
 * {@code Test_capacityPlugin_OnSessionOpenWithoutHierarchy} (actions allocate and reclaim; capacity with
 * allocatable, preemptive, reclaimable and queue order; predicates; gang with job starving), rebuilt as kernel
 * specs. Each test names its Volcano case; the expected binds, evictions and pipelined pods are Volcano's.
 * Volcano picks among equally scored nodes at random; here the first node by name wins, which every case below
 * also allows.
 */
class CapacityScenariosTest {
    private static final List<String> ALLOCATE_RECLAIM = List.of("allocate", "reclaim");

    private static QueueScenario twoNodes() {
        return new QueueScenario().node("n1", res(2, 4, "pods", 10)).node("n2", res(2, 4, "pods", 10));
    }

    private static QueueScenario run(QueueScenario s) {
        return s.run(ALLOCATE_RECLAIM, QueueScenario.volcanoTestTier(false, Map.of()));
    }

    /** case0: Pod allocatable when queue has not exceed capability. */
    @Test
    void aPodFitsWhileItsQueueStaysWithinCapability() {
        QueueScenario s = twoNodes().queue("q1", null, res(2, 2))
                .group("pg1", "q1", 1, "Running").group("pg2", "q1", 1, "Inqueue")
                .running("p1", "pg1", "n1", res(1, 1)).pending("p2", "pg2", res(1, 1));
        run(s);
        assertThat(s.binds).containsExactlyEntriesOf(Map.of("ns1/p2", "n1"));
    }

    /** case1: Pod not allocatable when queue exceed queue capability. */
    @Test
    void aPodBeyondItsQueueCapabilityIsNotAllocated() {
        QueueScenario s = twoNodes().queue("q2", null, res(1.5, 1.5))
                .group("pg3", "q2", 1, "Running").group("pg4", "q2", 1, "Inqueue")
                .running("p3", "pg3", "n1", res(1, 1)).pending("p4", "pg4", res(1, 1));
        run(s);
        assertThat(s.binds).isEmpty();
    }

    /** case2: Can reclaim from other queues when allocated < deserved. */
    @Test
    void aQueueBelowDeservedReclaimsWhatAnotherBorrowed() {
        QueueScenario s = twoNodes().queue("q3", res(2, 4), null).queue("q4", res(2, 4), null)
                .group("pg5", "q3", 1, "Running").group("pg6", "q4", 1, "Inqueue")
                .running("p5", "pg5", "n1", res(2, 4), 0, false).running("p6", "pg5", "n2", res(2, 4))
                .pending("p7", "pg6", res(2, 4));
        run(s);
        assertThat(s.evicted).containsExactly("ns1/p6");
        assertThat(s.pipelined).containsExactlyEntriesOf(Map.of("ns1/p7", "n2"));
    }

    /** case3: cpu and memory overused, the scalar not; a candidate asking only for the scalar reclaims. */
    @Test
    void aScalarOnlyReclaimerTakesFromAQueueAboveItsScalarDeserved() {
        QueueScenario s = new QueueScenario()
                .node("n3", res(2, 4, "nvidia.com/A100", 10, "pods", 10))
                .node("n4", res(2, 4, "nvidia.com/A100", 10, "pods", 10))
                .queue("q5", res(2, 4, "nvidia.com/A100", 10), null)
                .queue("q6", res(2, 4, "nvidia.com/A100", 10), null)
                .group("pg7", "q5", 1, "Running").group("pg8", "q6", 1, "Running").group("pg9", "q6", 1, "Inqueue")
                .running("p8", "pg7", "n3", res(0, 0, "nvidia.com/A100", 10), 0, false)
                .running("p9", "pg7", "n4", res(0, 0, "nvidia.com/A100", 10))
                .running("p10", "pg8", "n3", res(2, 4)).running("p11", "pg8", "n4", res(2, 4))
                .pending("p12", "pg9", res(0, 0, "nvidia.com/A100", 10));
        run(s);
        assertThat(s.evicted).containsExactly("ns1/p9");
        assertThat(s.pipelined).containsExactlyEntriesOf(Map.of("ns1/p12", "n4"));
    }

    /** case4: Pods are assigned according to the order of Queue Priority. */
    @Test
    void theHighestPriorityQueueIsServedFirst() {
        QueueScenario s = new QueueScenario().node("n5", res(2, 4, "pods", 10)).node("n6", res(2, 4, "pods", 10))
                .queue("q7", null, null, res(2, 4), null, 5).queue("q8", null, null, res(2, 4), null, 1)
                .queue("q9", null, null, res(2, 4), null, 10)
                .group("pg10", "q7", 1, "Running").group("pg11", "q8", 1, "Inqueue")
                .group("pg12", "q9", 1, "Inqueue")
                .running("p13", "pg10", "n5", res(2, 4)).pending("p14", "pg11", res(2, 4))
                .pending("p15", "pg12", res(2, 4));
        run(s);
        assertThat(s.binds).containsExactlyEntriesOf(Map.of("ns1/p15", "n6"));
    }

    /** case5: Can reclaim from other queues when allocated + req <= deserved on one dimension. */
    @Test
    void oneDimensionWithinDeservedIsEnoughToReclaim() {
        QueueScenario s = new QueueScenario().node("n1", res(2, 4, "pods", 10))
                .queue("q10", res(2, 2), res(4, 4)).queue("q11", res(0, 0), res(2, 2))
                .group("pg16", "q10", 1, "Running").group("pg17", "q10", 1, "Inqueue")
                .group("pg18", "q11", 1, "Running")
                .running("p16", "pg16", "n1", res(1, 3)).pending("p17", "pg17", res(1, 1))
                .running("p18", "pg18", "n1", res(1, 1));
        run(s);
        assertThat(s.evicted).containsExactly("ns1/p18");
        assertThat(s.pipelined).containsExactlyEntriesOf(Map.of("ns1/p17", "n1"));
    }

    /** case6: Can not reclaim from other queues when allocated + req > deserved. */
    @Test
    void noReclaimWhenEveryRequestedDimensionWouldPassDeserved() {
        QueueScenario s = new QueueScenario().node("n1", res(2, 4, "pods", 10))
                .queue("q12", res(1, 2), res(4, 4)).queue("q13", res(0, 0), res(2, 2))
                .group("pg19", "q12", 1, "Running").group("pg20", "q12", 1, "Inqueue")
                .group("pg21", "q13", 1, "Running")
                .running("p19", "pg19", "n1", res(1, 1)).pending("p20", "pg20", res(1, 2))
                .running("p21", "pg21", "n1", res(1, 1));
        run(s);
        assertThat(s.evicted).isEmpty();
        assertThat(s.pipelined).isEmpty();
    }

    /** case7: allocated lacks the GPU its deserved names; it is not reclaimed on that account. */
    @Test
    void aQueueHoldingNoneOfADeservedScalarIsNotReclaimedForIt() {
        QueueScenario s = new QueueScenario().node("n7", res(4, 8, "nvidia.com/gpu", 4, "pods", 10))
                .queue("queue14", res(2, 4, "nvidia.com/gpu", 2), null).queue("queue15", null, null)
                .queue("queue16", res(2, 4, "nvidia.com/gpu", 2), null)
                .group("pg22", "queue14", 1, "Running").group("pg23", "queue15", 1, "Running")
                .group("pg24", "queue16", 1, "Running").group("pg25", "queue16", 1, "Inqueue")
                .running("p22", "pg22", "n7", res(2, 4))
                .running("p23", "pg23", "n7", res(0, 0, "nvidia.com/gpu", 1))
                .running("p24", "pg24", "n7", res(2, 1, "nvidia.com/gpu", 1))
                .pending("p25", "pg25", res(2, 3, "nvidia.com/gpu", 1));
        run(s);
        assertThat(s.evicted).isEmpty();
        assertThat(s.pipelined).isEmpty();
    }

    /** case8: only victims on the reclaimer's dimensions are taken (p28 holds the only GPU). */
    @Test
    void reclaimEvictsOnlyOnTheReclaimersDimensions() {
        QueueScenario s = new QueueScenario().node("n8", res(4, 8, "nvidia.com/gpu", 1, "pods", 10))
                .queue("queue17", res(2, 2), null).queue("queue18", res(2, 4, "nvidia.com/gpu", 1), null)
                .group("pg26", "queue17", 1, "Running").group("pg27", "queue17", 1, "Running")
                .group("pg28", "queue17", 1, "Running").group("pg29", "queue18", 1, "Running")
                .group("pg30", "queue18", 1, "Inqueue")
                .running("p26", "pg26", "n8", res(0, 4)).running("p27", "pg27", "n8", res(1, 0))
                .running("p28", "pg28", "n8", res(0, 0, "nvidia.com/gpu", 1))
                .running("p29", "pg29", "n8", res(2, 4))
                .pending("p30", "pg30", res(1, 0, "nvidia.com/gpu", 1));
        run(s);
        assertThat(s.evicted).containsExactly("ns1/p28");
        assertThat(s.pipelined).containsExactlyEntriesOf(Map.of("ns1/p30", "n8"));
    }

    /** case9: a victim within its queue's GPU deserved is not reclaimed for cpu and memory. */
    @Test
    void aScalarOnlyQueueWithinDeservedKeepsItsPod() {
        QueueScenario s = new QueueScenario().node("n8", res(4, 8, "nvidia.com/gpu", 1, "pods", 10))
                .queue("queue19", scalars("nvidia.com/gpu", 1), null).queue("queue20", res(2, 2), null)
                .group("pg31", "queue19", 1, "Running").group("pg32", "queue20", 1, "Inqueue")
                .running("p31", "pg31", "n8", res(4, 4, "nvidia.com/gpu", 1))
                .pending("p32", "pg32", res(1, 1));
        run(s);
        assertThat(s.evicted).isEmpty();
        assertThat(s.pipelined).isEmpty();
    }

    /** case10: PreemptiveFn respects capability: no reclaim when allocated + request would pass it. */
    @Test
    void noReclaimBeyondTheReclaimersCapability() {
        QueueScenario s = new QueueScenario().node("n9", res(8, 100, "pods", 10)).node("n10", res(8, 100, "pods", 10))
                .queue("queue21", res(8, 100), res(8, 100)).queue("queue22", null, res(2, 5))
                .group("pg33", "queue21", 1, "Running").group("pg34", "queue21", 1, "Inqueue")
                .group("pg35", "queue22", 1, "Running")
                .running("p33", "pg33", "n9", res(7, 90)).pending("p34", "pg34", res(2, 5))
                .running("p35", "pg35", "n10", res(2, 5));
        run(s);
        assertThat(s.evicted).isEmpty();
        assertThat(s.pipelined).isEmpty();
    }
}
