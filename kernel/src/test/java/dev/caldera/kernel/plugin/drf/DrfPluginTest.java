package dev.caldera.kernel.plugin.drf;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.conf.PluginOption;
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

/**
 * Cluster of 10 cpu / 10 GiB / 220 pods; numbers worked out from current Volcano's drf
 * ({@code pkg/scheduler/plugins/drf/drf.go}: {@code calculateShare}, {@code preemptableFn}, the event handlers).
 */
class DrfPluginTest {
    private static final long GI = 1L << 30;

    private final PluginCluster cluster = new PluginCluster();
    private SessionView session;
    private DrfPlugin plugin;

    @Test
    void aJobsShareIsItsDominantDimensionAndLowerSharesGoFirst() {
        cluster();
        job("ns", "cpu-heavy", 1000 * 2, GI, 1);
        job("ns", "mem-heavy", 1000, 4 * GI, 1);
        open(PluginOption.of("drf"));
        assertThat(plugin.jobShare(job("ns/cpu-heavy"))).isEqualTo(0.2);
        assertThat(plugin.jobShare(job("ns/mem-heavy"))).isEqualTo(0.4);
        assertThat(plugin.compareJobs(job("ns/cpu-heavy"), job("ns/mem-heavy"))).isNegative();
    }

    @Test
    void eventsMoveJobSharesAndDiscardRestoresThem() {
        cluster();
        pendingJob("a", "j", 2000, GI);
        open(PluginOption.of("drf"));
        int task = cluster.taskRow("a/j-0");
        Moves st = new Moves(session);
        st.allocate(task, cluster.nodeRow("n1"));
        assertThat(plugin.jobShare(job("a/j"))).isEqualTo(0.2);
        st.discard();
        assertThat(plugin.jobShare(job("a/j"))).isZero();
        assertThat(plugin.jobAllocated(job("a/j"), Dimensions.CPU)).isZero();
        assertThat(plugin.jobAllocated(job("a/j"), Dimensions.PODS)).isZero();
    }

    /**
     * Current Volcano's {@code calculateShare} walks every resource of the cluster total, and every task holds one
     * {@code pods}: a job of many small pods is dominated by its pod count (v1.7 left pods out).
     */
    @Test
    void podsArePartOfTheDominantShare() {
        cluster();
        job("ns", "many-small", 10, GI / 1024, 44);
        job("ns", "one-big", 1000, GI, 1);
        open(PluginOption.of("drf"));
        assertThat(plugin.jobShare(job("ns/many-small"))).isEqualTo(44.0 / 220);
        assertThat(plugin.jobAllocated(job("ns/many-small"), Dimensions.PODS)).isEqualTo(44);
        assertThat(plugin.compareJobs(job("ns/one-big"), job("ns/many-small"))).isNegative();
    }

    @Test
    void victimsAreTakenWhileThePreemptorStaysBelowTheirJobShare() {
        cluster();
        pendingJob("ns", "small", 1000, GI);
        job("ns", "big", 2000, GI, 3);
        open(PluginOption.of("drf"));
        // preemptor share with its request: 0.1; big after each departure: 0.4, 0.2, 0.0
        IntArrayList victims = victims(cluster.taskRow("ns/small-0"), "ns/big-0", "ns/big-1", "ns/big-2");
        assertThat(victims.toIntArray()).containsExactly(cluster.taskRow("ns/big-0"), cluster.taskRow("ns/big-1"));
    }

    @Test
    void equalSharesWithinShareDeltaStillYieldAVictim() {
        cluster();
        pendingJob("ns", "small", 2000, GI);
        job("ns", "big", 2000, GI, 2);
        open(PluginOption.of("drf"));
        // 0.2 against 0.2 after the first departure: equal counts as a victim
        IntArrayList victims = victims(cluster.taskRow("ns/small-0"), "ns/big-0", "ns/big-1");
        assertThat(victims.toIntArray()).containsExactly(cluster.taskRow("ns/big-0"));
    }

    /**
     * Current Volcano's drf preemptableFn compares job shares only: a victim of a heavier namespace whose job would
     * drop below the preemptor's is kept (v1.7's namespace rule gave it up), and one of a lighter namespace whose
     * job stays above is taken (v1.7 refused it).
     */
    @Test
    void namespacesPlayNoPartInChoosingVictims() {
        cluster();
        pendingJob("a", "small", 1000, GI / 10);
        job("a", "other", 5000, GI / 10, 1);
        job("b", "tiny", 1000, GI / 10, 1);
        job("b", "huge", 5000, GI / 10, 1);
        job("c", "victim", 1000, GI / 10, 3);
        open(PluginOption.of("drf"));
        // small with its request: 0.1; tiny after it leaves: 0.0 -> kept
        assertThat(victims(cluster.taskRow("a/small-0"), "b/tiny-0").isEmpty()).isTrue();
        // victim after one departure: 0.2 -> taken, though namespace a (0.6) is heavier than namespace c (0.2)
        assertThat(victims(cluster.taskRow("a/small-0"), "c/victim-0").toIntArray())
                .containsExactly(cluster.taskRow("c/victim-0"));
    }

    // ------------------------------------------------------------------ fixtures

    private IntArrayList victims(int preemptor, String... candidateKeys) {
        IntArrayList candidates = new IntArrayList();
        for (String k : candidateKeys) {
            candidates.add(cluster.taskRow(k));
        }
        IntArrayList victims = new IntArrayList();
        plugin.victims(preemptor, candidates, victims);
        return victims;
    }

    private void cluster() {
        node("n1", 5000, 5 * GI);
        node("n2", 5000, 5 * GI);
        cluster.openQueue("q", 1);
    }

    private void open(PluginOption drf) {
        session = Sessions.open(cluster, drf);
        plugin = session.plugins().plugin(DrfPlugin.class);
    }

    private int job(String key) {
        return cluster.jobRow(key);
    }

    private void node(String name, long cpuMilli, long memoryBytes) {
        cluster.upsertNode(name, ResourceList.of("cpu", cpuMilli, "memory", memoryBytes, "pods", 110L),
                Map.of(), List.of(), false);
    }

    /** A Running job of {@code n} running tasks of the given request, on n1. */
    private void job(String ns, String name, long cpuMilli, long memoryBytes, int n) {
        cluster.upsertJob(ns, name, "q", 1, Map.of(), null, null, "Running", 0);
        for (int i = 0; i < n; i++) {
            cluster.upsertTask(Pod.builder(ns, name + "-" + i).job(name).running("n1")
                    .request(ResourceList.of("cpu", cpuMilli, "memory", memoryBytes)).build());
        }
    }

    private void pendingJob(String ns, String name, long cpuMilli, long memoryBytes) {
        cluster.upsertJob(ns, name, "q", 1, Map.of(), null, null, "Inqueue", 0);
        cluster.upsertTask(Pod.builder(ns, name + "-0").job(name)
                .request(ResourceList.of("cpu", cpuMilli, "memory", memoryBytes)).build());
    }
}
