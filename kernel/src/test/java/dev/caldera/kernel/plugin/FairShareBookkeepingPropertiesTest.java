package dev.caldera.kernel.plugin;

import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.plugin.drf.DrfPlugin;
import dev.caldera.kernel.plugin.overcommit.OvercommitPlugin;
import dev.caldera.kernel.plugin.proportion.ProportionPlugin;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.Moves;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Exactness of the event bookkeeping: after any random sequence of allocate, pipeline and evict through a
 * {@link Moves}, each plugin's per-queue and per-job allocation equals a recount from
 * the task states; after a full discard, every attribute equals what a fresh session computes.
 */
class FairShareBookkeepingPropertiesTest {
    private static final long G = 1_000_000_000L;
    private static final List<List<PluginOption>> TIERS = List.of(List.of(PluginOption.of("drf"),
            PluginOption.of("proportion"), PluginOption.of("overcommit")));

    @Property(tries = 200)
    void eventsKeepTotalsExactAndDiscardRestoresThem(
            @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 10_000) Integer> ops) {
        PluginCluster cluster = cluster();
        SessionView session = open(cluster);
        Moves st = new Moves(session);
        for (int op : ops) {
            apply(session, st, op);
            assertTotalsMatchTaskStates(session);
        }
        st.discard();
        assertTotalsMatchTaskStates(session);
        assertSameAsFreshSession(session, open(cluster));
    }

    private static void apply(SessionView s, Moves st, int op) {
        IntArrayList pool = new IntArrayList();
        boolean evict = op % 3 == 2;
        for (int t = 0; t < s.tasks().rows(); t++) {
            byte status = s.status(t);
            if (evict ? status == TaskStatus.RUNNING || status == TaskStatus.ALLOCATED || status == TaskStatus.PIPELINED
                    : status == TaskStatus.PENDING) {
                pool.add(t);
            }
        }
        if (pool.isEmpty()) {
            return;
        }
        int task = pool.getInt((op / 3) % pool.size());
        int node = s.node((op / 7) % s.nodeCount());
        switch (op % 3) {
            case 0 -> st.allocate(task, node);
            case 1 -> st.pipeline(task, node);
            default -> st.evict(task, 0);
        }
    }

    private static void assertTotalsMatchTaskStates(SessionView s) {
        ProportionPlugin proportion = s.plugins().plugin(ProportionPlugin.class);
        DrfPlugin drf = s.plugins().plugin(DrfPlugin.class);
        int dims = s.dims().count();
        long[] queueAlloc = new long[s.queues().rows() * dims];
        long[] jobAlloc = new long[s.jobs().rows() * dims];
        for (int t = 0; t < s.tasks().rows(); t++) {
            byte status = s.status(t);
            if (!s.tasks().live(t) || !(TaskStatus.isAllocated(status) || status == TaskStatus.PIPELINED)) {
                continue;
            }
            Request req = s.requestOf(t);
            for (int d = 0; d < dims; d++) {
                long r = req.at(d);
                queueAlloc[s.queueOf(t) * dims + d] += r;
                jobAlloc[s.jobOf(t) * dims + d] += r;
            }
        }
        for (int d = 0; d < dims; d++) {
            for (int q = 0; q < s.queues().rows(); q++) {
                assertThat(proportion.allocated(q, d)).as("queue %d dim %d", q, d).isEqualTo(queueAlloc[q * dims + d]);
            }
            for (int j = 0; j < s.jobs().rows(); j++) {
                assertThat(drf.jobAllocated(j, d)).as("job %d dim %d", j, d).isEqualTo(jobAlloc[j * dims + d]);
            }
        }
    }

    private static void assertSameAsFreshSession(SessionView s, SessionView fresh) {
        ProportionPlugin p = s.plugins().plugin(ProportionPlugin.class);
        ProportionPlugin pf = fresh.plugins().plugin(ProportionPlugin.class);
        DrfPlugin drf = s.plugins().plugin(DrfPlugin.class);
        DrfPlugin drff = fresh.plugins().plugin(DrfPlugin.class);
        OvercommitPlugin oc = s.plugins().plugin(OvercommitPlugin.class);
        OvercommitPlugin ocf = fresh.plugins().plugin(OvercommitPlugin.class);
        for (int q = 0; q < s.queues().rows(); q++) {
            assertThat(p.share(q)).isEqualTo(pf.share(q));
            for (int d = 0; d < s.dims().count(); d++) {
                assertThat(p.allocated(q, d)).isEqualTo(pf.allocated(q, d));
                assertThat(p.deserved(q, d)).isEqualTo(pf.deserved(q, d));
                assertThat(p.request(q, d)).isEqualTo(pf.request(q, d));
                assertThat(p.inqueue(q, d)).isEqualTo(pf.inqueue(q, d));
                assertThat(p.elastic(q, d)).isEqualTo(pf.elastic(q, d));
            }
        }
        for (int j = 0; j < s.jobs().rows(); j++) {
            assertThat(drf.jobShare(j)).as("job %d share", j).isEqualTo(drff.jobShare(j));
        }
        for (int d = 0; d < s.dims().count(); d++) {
            assertThat(oc.inqueue(d)).isEqualTo(ocf.inqueue(d));
        }
    }

    private static SessionView open(PluginCluster cluster) {
        return cluster.open(TIERS);
    }

    /** Three nodes (one with GPUs), three weighted queues, six jobs over two namespaces. */
    private static PluginCluster cluster() {
        PluginCluster cluster = new PluginCluster();
        for (int n = 0; n < 3; n++) {
            ResourceList alloc = n == 0
                    ? ResourceList.of("cpu", 8000L, "memory", 16 * G, "pods", 110L, "nvidia.com/gpu", 4000L)
                    : ResourceList.of("cpu", 8000L, "memory", 16 * G, "pods", 110L);
            cluster.upsertNode("n" + n, alloc, Map.of(), List.of(), false);
        }
        for (int q = 0; q < 3; q++) {
            ResourceList guarantee = q == 2 ? ResourceList.of("cpu", 2000L) : null;
            ResourceList capability = q == 1 ? ResourceList.of("cpu", 6000L, "memory", 8 * G) : null;
            cluster.upsertQueue("q" + q, q + 1, capability, guarantee, null, true, null, 0, null, 0);
        }
        for (int j = 0; j < 6; j++) {
            String ns = j % 2 == 0 ? "a" : "b";
            ResourceList min = j % 3 == 0 ? ResourceList.of("cpu", 1500L, "memory", 2 * G) : null;
            String phase = j < 3 ? "Running" : "Inqueue";
            cluster.upsertJob(ns, "j" + j, "q" + (j % 3), 1, Map.of(), null, min, phase, 0);
            for (int t = 0; t < 4; t++) {
                long gpu = j == 1 && t < 2 ? 1000L : 0L;
                ResourceList req = ResourceList.of("cpu", 500L + 250L * t, "memory", (t + 1) * G / 2,
                        "nvidia.com/gpu", gpu);
                Pod.Builder b = Pod.builder(ns, "j" + j + "-" + t).job("j" + j).request(req);
                if (j < 3 && t < 2) {
                    b.running("n" + (gpu > 0 ? 0 : t));
                }
                cluster.upsertTask(b.build());
            }
        }
        return cluster;
    }
}
