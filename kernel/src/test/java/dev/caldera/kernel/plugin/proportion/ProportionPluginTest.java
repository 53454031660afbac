package dev.caldera.kernel.plugin.proportion;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.framework.Vote;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.Moves;
import dev.caldera.kernel.testing.Sessions;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Numbers worked out by hand from current Volcano's proportion rules ({@code plugins/proportion/proportion.go}:
 * {@code OnSessionOpen}, the queue order, overused, allocatable, enqueueable, enqueued and reclaimable functions).
 * Every node has 110 pods; each task holds one.
 */
class ProportionPluginTest {
    private static final int CPU = Dimensions.CPU;
    private static final int MEM = Dimensions.MEMORY;
    private static final long G = 1_000_000_000L;

    private final PluginCluster cluster = new PluginCluster();
    private SessionView session;
    private ProportionPlugin plugin;

    @Test
    void deservedIsWaterFilledByWeightAndCappedAtRequestWithResidueKeptExact() {
        node("n1", 10_000, 10 * G);
        queue("q1", 1, null, null);
        queue("q2", 1, null, null);
        queue("q3", 2, null, null);
        pending("q1", "j1", 2, 1000, G);
        pending("q2", "j2", 8, 1000, G / 4);
        pending("q3", "j3", 8, 1000, G / 4);
        open();
        // round 1 (weight 4): q1 2500 -> capped at its request 2000, met; q2 2500; q3 5000; 500 cpu left
        // round 2 (weight 3): q2 + 500/3 = 166, q3 + 1000/3 = 333; 1 cpu left, which no queue can take
        assertThat(deserved("q1")).containsExactly(2000, 2 * G);
        assertThat(deserved("q2")).containsExactly(2666, 2 * G);
        assertThat(deserved("q3")).containsExactly(5333, 2 * G);
    }

    @Test
    void realCapabilityIsCapabilityBoundedByWhatOtherQueuesGuarantee() {
        node("n1", 10_000, 10 * G);
        queue("q1", 1, null, ResourceList.of("cpu", 3000L, "memory", G));
        queue("q2", 1, ResourceList.of("cpu", 8000L), null);
        pending("q1", "j1", 1, 1000, G);
        pending("q2", "j2", 1, 1000, G);
        open();
        assertThat(plugin.realCapability(q("q1"), CPU)).isEqualTo(10_000);
        assertThat(plugin.realCapability(q("q2"), CPU)).isEqualTo(7000);
        assertThat(plugin.realCapability(q("q2"), MEM)).as("unset memory capability").isEqualTo(9 * G);
    }

    /**
     * {@code MinDimensionResource(capability, Infinity)}: a scalar the capability does not list keeps the
     * cluster's amount (v1.7's helpers.Min bounded it to 0 when the capability listed another scalar); a listed
     * one bounds it.
     */
    @Test
    void aScalarTheCapabilityDoesNotListIsBoundedByTheClusterOnly() {
        cluster.upsertNode("n1", ResourceList.of("cpu", 8000L, "memory", 8 * G, "pods", 110L,
                "nvidia.com/gpu", 4000L, "example.com/foo", 2000L), Map.of(), List.of(), false);
        queue("q1", 1, ResourceList.of("cpu", 2000L), null);
        queue("q2", 1, ResourceList.of("cpu", 2000L, "nvidia.com/gpu", 1000L), null);
        pending("q1", "j1", 1, 1000, G);
        pending("q2", "j2", 1, 1000, G);
        open();
        int gpu = session.dims().find("nvidia.com/gpu");
        int foo = session.dims().find("example.com/foo");
        assertThat(plugin.realCapability(q("q1"), gpu)).isEqualTo(4000);
        assertThat(plugin.realCapability(q("q2"), gpu)).isEqualTo(1000);
        assertThat(plugin.realCapability(q("q2"), foo)).isEqualTo(2000);
    }

    @Test
    void guaranteeRaisesDeservedAboveTheWeightedShare() {
        node("n1", 10_000, 10 * G);
        queue("q1", 1, null, ResourceList.of("cpu", 6000L));
        queue("q2", 1, null, null);
        pending("q1", "j1", 8, 1000, G / 8);
        pending("q2", "j2", 8, 1000, G / 8);
        open();
        // q1: 5000 raised to its guarantee 6000; q2: 5000 capped at 10000 - 6000
        assertThat(deserved("q1")[0]).isEqualTo(6000);
        assertThat(deserved("q2")[0]).isEqualTo(4000);
    }

    @Test
    void queueOrderPrefersTheLowerShareAndEventsKeepItCurrent() {
        twoQueuesOnOneNode();
        assertThat(plugin.compareQueues(q("c1"), q("c2"))).isZero();
        Moves st = new Moves(session);
        st.allocate(task("c1/c1-j-0"), node());
        assertThat(plugin.share(q("c1"))).isEqualTo(1.0);
        assertThat(plugin.compareQueues(q("c2"), q("c1"))).isNegative();
        st.discard();
        assertThat(plugin.share(q("c1"))).isZero();
        assertThat(plugin.allocated(q("c1"), CPU)).isZero();
    }

    @Test
    void allocatableHoldsWhileAllocatedPlusRequestFitsDeserved() {
        twoQueuesOnOneNode();
        assertThat(deserved("c1")).containsExactly(1000, 2 * G);
        Moves st = new Moves(session);
        st.allocate(task("c1/c1-j-0"), node());
        assertThat(plugin.allocatable(q("c1"), task("c1/c1-j-1"))).as("cpu 1000 + 1000 > 1000").isFalse();
        assertThat(plugin.allocatable(q("c2"), task("c2/c2-j-0"))).isTrue();
        assertThat(plugin.overused(q("c1"))).as("memory 1G < deserved 2G").isFalse();
    }

    @Test
    void aQueueIsOverusedOnceAllocatedReachesDeservedInEveryDimension() {
        node("n1", 2000, 4 * G);
        queue("c1", 1, null, null);
        queue("c2", 1, null, null);
        pending("c1", "j1", 1, 1000, 2 * G);
        pending("c2", "j2", 1, 1000, 2 * G);
        open();
        assertThat(deserved("c1")).containsExactly(1000, 2 * G);
        new Moves(session).allocate(task("c1/c1-j1-0"), node());
        assertThat(plugin.overused(q("c1"))).isTrue();
        assertThat(plugin.overused(q("c2"))).isFalse();
    }

    /**
     * Current Volcano counts {@code pods} in deserved (water-filled up to the queue's request of one pod per task,
     * a best-effort pod's too) and in {@code Overused}: a queue that reached its cpu and memory but still has a pod
     * of its deserved left is not overused (v1.7, without pods, said it was).
     */
    @Test
    void podsAreAResourceOfDeservedAndOverused() {
        node("n1", 2000, 4 * G);
        queue("c1", 1, null, null);
        queue("c2", 1, null, null);
        pending("c1", "j1", 1, 1000, 2 * G);
        cluster.upsertTask(Pod.builder("c1", "c1-j1-be").job("c1-j1").build());
        pending("c2", "j2", 1, 1000, 2 * G);
        open();
        assertThat(deserved("c1")).containsExactly(1000, 2 * G);
        assertThat(plugin.deserved(q("c1"), Dimensions.PODS)).isEqualTo(2);
        Moves st = new Moves(session);
        st.allocate(task("c1/c1-j1-0"), node());
        assertThat(plugin.overused(q("c1"))).as("pods 1 of a deserved 2").isFalse();
        st.allocate(task("c1/c1-j1-be"), node());
        assertThat(plugin.overused(q("c1"))).isTrue();
    }

    @Test
    void aJobIsEnqueueableWhileTheQueueStaysWithinRealCapability() {
        node("n1", 2000, 2 * G);
        node("n2", 2000, 2 * G);
        queue("q1", 1, ResourceList.of("cpu", 2000L, "memory", 2 * G), null);
        job("ns1", "pg1", "q1", 1, ResourceList.of("cpu", 1000L, "memory", 2 * G), "Running");
        running("ns1", "pod1", "pg1", 1000, 2 * G, "n1");
        job("ns1", "pg5", "q1", 1, ResourceList.of("cpu", 1000L, "memory", G), "Pending");
        job("ns1", "pg6", "q1", 1, ResourceList.of("cpu", 1000L), "Pending");
        job("ns1", "pg7", "q1", 1, null, "Pending");
        open();
        assertThat(plugin.enqueueable(job("ns1/pg5"))).as("memory 2G + 1G > 2G").isEqualTo(Vote.REJECT);
        assertThat(plugin.enqueueable(job("ns1/pg6"))).isEqualTo(Vote.PERMIT);
        assertThat(plugin.inqueue(q("q1"), CPU)).as("the vote reserves nothing").isZero();
        plugin.enqueued(job("ns1/pg6"));
        assertThat(plugin.inqueue(q("q1"), CPU)).as("JobEnqueued reserves").isEqualTo(1000);
        assertThat(plugin.enqueueable(job("ns1/pg6"))).as("cpu 1000 + 1000 + 1000 > 2000").isEqualTo(Vote.REJECT);
        assertThat(plugin.enqueueable(job("ns1/pg7"))).as("no minResources").isEqualTo(Vote.PERMIT);
    }

    /**
     * Current Volcano reserves in {@code JobEnqueued}, which runs only when every plugin permits (v1.7 reserved
     * inside proportion's vote, so a job overcommit then refused still held its minResources).
     */
    @Test
    void aJobALaterPluginRejectsReservesNothing() {
        node("n1", 1000, G);
        queue("q1", 1, null, null);
        queue("q2", 1, null, null);
        job("ns", "other", "q2", 1, null, "Running");
        running("ns", "other-0", "other", 500, G / 4, "n1");
        job("ns", "big", "q1", 1, ResourceList.of("cpu", 1000L, "memory", G / 2), "Pending");
        session = Sessions.open(cluster, List.of(List.of(PluginOption.of("proportion"),
                Sessions.plugin("overcommit", Map.of("overcommit-factor", 1.0), "overcommit"))));
        plugin = session.plugins().plugin(ProportionPlugin.class);
        assertThat(plugin.enqueueable(job("ns/big"))).as("q1 may take the whole cluster").isEqualTo(Vote.PERMIT);
        Sessions.enqueue(session);
        assertThat(session.phase(job("ns/big"))).as("overcommit: 1000 + 500 used > 1000")
                .isEqualTo(dev.caldera.kernel.cluster.JobPhase.PENDING);
        assertThat(plugin.inqueue(q("q1"), CPU)).isZero();
    }

    /** A higher {@code spec.priority} goes first whatever the shares; equal priorities compare shares. */
    @Test
    void queueOrderTakesQueuePriorityBeforeShare() {
        node("n1", 2000, 4 * G);
        cluster.upsertQueue("low", 1, null, null, null, true, null, 0, null, 0);
        cluster.upsertQueue("high", 1, null, null, null, true, null, 10, null, 0);
        job("ns", "busy", "high", 1, null, "Running");
        running("ns", "busy-0", "busy", 1000, G, "n1");
        pending("high", "more", 1, 500, G);
        pending("low", "j", 1, 500, G);
        open();
        assertThat(plugin.share(q("high"))).isGreaterThan(plugin.share(q("low")));
        assertThat(plugin.compareQueues(q("high"), q("low"))).isNegative();
    }

    @Test
    void inqueueCountsInqueueJobsAndWhatRunningJobsStillReserve() {
        node("n1", 8000, 8 * G);
        queue("q1", 1, null, null);
        job("ns", "waiting", "q1", 2, ResourceList.of("cpu", 2000L, "memory", G), "Inqueue");
        job("ns", "started", "q1", 1, ResourceList.of("cpu", 3000L, "memory", 3 * G), "Running");
        running("ns", "started-0", "started", 1000, G, "n1");
        job("ns", "elastic", "q1", 1, null, "Running");
        running("ns", "elastic-0", "elastic", 500, G / 2, "n1");
        open();
        assertThat(plugin.inqueue(q("q1"), CPU)).isEqualTo(2000 + 2000);
        assertThat(plugin.inqueue(q("q1"), MEM)).isEqualTo(G + 2 * G);
        assertThat(plugin.elastic(q("q1"), CPU)).as("a job without minResources is all elastic").isEqualTo(500);
        assertThat(plugin.elastic(q("q1"), MEM)).isEqualTo(G / 2);
    }

    @Test
    void victimsAreOfferedWhileTheirQueueStaysAboveDeserved() {
        node("n1", 4000, 8 * G);
        queue("q1", 1, null, null);
        queue("q2", 1, null, null);
        job("ns", "hog", "q1", 1, null, "Running");
        for (int i = 0; i < 4; i++) {
            running("ns", "hog-" + i, "hog", 1000, G, "n1");
        }
        pending("q2", "want", 2, 1000, G);
        open();
        assertThat(deserved("q1")).containsExactly(2000, 4 * G);
        IntArrayList candidates = new IntArrayList();
        for (int i = 0; i < 4; i++) {
            candidates.add(task("ns/hog-" + i));
        }
        IntArrayList victims = new IntArrayList();
        assertThat(plugin.victims(task("q2/q2-want-0"), candidates, victims)).isEqualTo(Vote.PERMIT);
        assertThat(victims.toIntArray()).containsExactly(task("ns/hog-0"), task("ns/hog-1"));
    }

    /**
     * Current Volcano's ReclaimableFn (plugins/proportion/proportion.go) no longer skips a lender that holds
     * less than the reclaimer asks for (v1.7's {@code LessPartly} check): q1 holds 3 cpu against a deserved 1,
     * the reclaimer wants 4, and two of q1's pods are still offered.
     */
    @Test
    void aLenderHoldingLessThanTheReclaimersRequestIsStillOffered() {
        node("n1", 5000, 8 * G);
        queue("q1", 1, null, null);
        queue("q2", 4, null, null);
        job("ns", "hog", "q1", 1, null, "Running");
        for (int i = 0; i < 3; i++) {
            running("ns", "hog-" + i, "hog", 1000, G, "n1");
        }
        pending("q2", "want", 3, 4000, G);
        open();
        assertThat(plugin.deserved(q("q1"), CPU)).isEqualTo(1000);
        IntArrayList candidates = IntArrayList.of(task("ns/hog-0"), task("ns/hog-1"), task("ns/hog-2"));
        IntArrayList victims = new IntArrayList();
        plugin.victims(task("q2/q2-want-0"), candidates, victims);
        assertThat(victims.toIntArray()).containsExactly(task("ns/hog-0"), task("ns/hog-1"));
    }

    @Test
    void preemptiveUsesTheAllocatableRule() {
        twoQueuesOnOneNode();
        new Moves(session).allocate(task("c1/c1-j-0"), node());
        assertThat(session.plugins().preemptive(q("c1"), task("c1/c1-j-1"))).isFalse();
        assertThat(session.plugins().preemptive(q("c2"), task("c2/c2-j-0"))).isTrue();
    }

    @Test
    void exactPortionTruncatesTowardZeroWithoutOverflow() {
        assertThat(DeservedShares.portion(1000, 1, 3)).isEqualTo(333);
        assertThat(DeservedShares.portion(-1000, 1, 3)).isEqualTo(-333);
        assertThat(DeservedShares.portion(Long.MAX_VALUE / 2, 6, 7)).isEqualTo(
                java.math.BigInteger.valueOf(Long.MAX_VALUE / 2).multiply(java.math.BigInteger.valueOf(6))
                        .divide(java.math.BigInteger.valueOf(7)).longValueExact());
        assertThat((double) DeservedShares.portion(3 * G, 2, 3)).isCloseTo(2 * G, within(1.0));
    }

    // ------------------------------------------------------------------ fixtures

    /** The alloc-two-jobs scenario: 2 cpu / 4G, queues c1 and c2 with two 1 cpu / 1G tasks each. */
    private void twoQueuesOnOneNode() {
        node("n1", 2000, 4 * G);
        queue("c1", 1, null, null);
        queue("c2", 1, null, null);
        pending("c1", "j", 2, 1000, G);
        pending("c2", "j", 2, 1000, G);
        open();
    }

    private void open() {
        session = Sessions.open(cluster, PluginOption.of("proportion"));
        plugin = session.plugins().plugin(ProportionPlugin.class);
    }

    private long[] deserved(String queue) {
        return new long[] {plugin.deserved(q(queue), CPU), plugin.deserved(q(queue), MEM)};
    }

    private int q(String name) {
        return cluster.queueRow(name);
    }

    private int task(String key) {
        return cluster.taskRow(key);
    }

    private int job(String key) {
        return cluster.jobRow(key);
    }

    private int node() {
        return cluster.nodeRow("n1");
    }

    private void node(String name, long cpuMilli, long memoryBytes) {
        cluster.upsertNode(name, ResourceList.of("cpu", cpuMilli, "memory", memoryBytes, "pods", 110L),
                Map.of(), List.of(), false);
    }

    private void queue(String name, int weight, ResourceList capability, ResourceList guarantee) {
        cluster.upsertQueue(name, weight, capability, guarantee, null, true, null, 0, null, 0);
    }

    private void job(String ns, String name, String queue, int minMember, ResourceList min, String phase) {
        cluster.upsertJob(ns, name, queue, minMember, Map.of(), null, min, phase, 0);
    }

    /** Job {@code <queue>/<queue>-<name>} (namespace = queue) with {@code n} pending tasks, Inqueue. */
    private void pending(String queue, String name, int n, long cpuMilli, long memoryBytes) {
        String job = queue + "-" + name;
        job(queue, job, queue, 1, null, "Inqueue");
        for (int i = 0; i < n; i++) {
            cluster.upsertTask(Pod.builder(queue, job + "-" + i).job(job)
                    .request(ResourceList.of("cpu", cpuMilli, "memory", memoryBytes)).build());
        }
    }

    private void running(String ns, String name, String job, long cpuMilli, long memoryBytes, String node) {
        cluster.upsertTask(Pod.builder(ns, name).job(job).running(node)
                .request(ResourceList.of("cpu", cpuMilli, "memory", memoryBytes)).build());
    }
}
