package dev.caldera.kernel.plugin.drf;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import dev.caldera.kernel.testing.Sessions;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Cluster of 10 cpu / 10 GiB (pods are never part of a share); numbers worked out from Volcano v1.7's drf. */
class DrfPluginTest {
    private static final long GI = 1L << 30;

    private final ClusterCache cache = new ClusterCache();
    private Session session;
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
    void eventsMoveJobAndNamespaceSharesAndDiscardRestoresThem() {
        cluster();
        pendingJob("a", "j", 2000, GI);
        open(PluginOption.of("drf"));
        int task = cache.taskRow("a/j-0");
        Statement st = new Statement(session);
        st.allocate(task, cache.nodeRow("n1"));
        assertThat(plugin.jobShare(job("a/j"))).isEqualTo(0.2);
        assertThat(plugin.namespaceShare(ns("a"))).isEqualTo(0.2);
        st.discard();
        assertThat(plugin.jobShare(job("a/j"))).isZero();
        assertThat(plugin.namespaceAllocated(ns("a"), ResourceDimensions.CPU)).isZero();
    }

    @Test
    void namespaceOrderIsOnUnlessTheFlagSaysFalse() {
        cluster();
        job("a", "j", 3000, GI, 1);
        job("b", "j", 1000, GI, 1);
        open(PluginOption.of("drf"));
        assertThat(session.plugins.compareNamespaces(ns("b"), ns("a"))).isNegative();
        open(Sessions.plugin("drf", Map.of(PluginFlag.NAMESPACE_ORDER, false)));
        assertThat(session.plugins.compareNamespaces(ns("b"), ns("a"))).isZero();
        assertThat(plugin.namespaceShare(ns("a"))).isZero();
    }

    @Test
    void victimsAreTakenWhileThePreemptorStaysBelowTheirJobShare() {
        cluster();
        pendingJob("ns", "small", 1000, GI);
        job("ns", "big", 2000, GI, 3);
        open(PluginOption.of("drf"));
        // preemptor share with its request: 0.1; big after each departure: 0.4, 0.2, 0.0
        IntArrayList victims = victims(cache.taskRow("ns/small-0"), "ns/big-0", "ns/big-1", "ns/big-2");
        assertThat(victims.toIntArray()).containsExactly(cache.taskRow("ns/big-0"), cache.taskRow("ns/big-1"));
    }

    @Test
    void equalSharesWithinShareDeltaStillYieldAVictim() {
        cluster();
        pendingJob("ns", "small", 2000, GI);
        job("ns", "big", 2000, GI, 2);
        open(PluginOption.of("drf"));
        // 0.2 against 0.2 after the first departure: equal counts as a victim
        IntArrayList victims = victims(cache.taskRow("ns/small-0"), "ns/big-0", "ns/big-1");
        assertThat(victims.toIntArray()).containsExactly(cache.taskRow("ns/big-0"));
    }

    @Test
    void aHeavierNamespaceGivesUpAVictimTheJobRuleWouldKeep() {
        cluster();
        pendingJob("a", "small", 1000, GI / 10);
        job("a", "held", 1000, GI / 10, 1);
        job("b", "tiny", 1000, GI / 10, 1);
        job("b", "huge", 5000, GI / 10, 1);
        open(PluginOption.of("drf"));
        // namespace a with the request: 0.2; namespace b without tiny-0: 0.5 -> victim by namespace,
        // although job small (0.1) is above job tiny after it leaves (0.0)
        IntArrayList victims = victims(cache.taskRow("a/small-0"), "b/tiny-0");
        assertThat(victims.toIntArray()).containsExactly(cache.taskRow("b/tiny-0"));
        open(Sessions.plugin("drf", Map.of(PluginFlag.NAMESPACE_ORDER, false)));
        assertThat(victims(cache.taskRow("a/small-0"), "b/tiny-0").isEmpty()).isTrue();
    }

    @Test
    void aLighterVictimNamespaceIsRefusedBeforeTheJobRule() {
        cluster();
        pendingJob("a", "small", 1000, GI / 10);
        job("a", "other", 5000, GI / 10, 1);
        job("b", "victim", 1000, GI / 10, 3);
        open(PluginOption.of("drf"));
        // namespace a with the request: 0.6; namespace b after one departure: 0.2 -> refused,
        // although the job rule alone (0.1 against 0.2) would take it
        assertThat(victims(cache.taskRow("a/small-0"), "b/victim-0").isEmpty()).isTrue();
        open(Sessions.plugin("drf", Map.of(PluginFlag.NAMESPACE_ORDER, false)));
        assertThat(victims(cache.taskRow("a/small-0"), "b/victim-0").toIntArray())
                .containsExactly(cache.taskRow("b/victim-0"));
    }

    // ------------------------------------------------------------------ fixtures

    private IntArrayList victims(int preemptor, String... candidateKeys) {
        IntArrayList candidates = new IntArrayList();
        for (String k : candidateKeys) {
            candidates.add(cache.taskRow(k));
        }
        IntArrayList victims = new IntArrayList();
        plugin.victims(preemptor, candidates, victims);
        return victims;
    }

    private void cluster() {
        node("n1", 5000, 5 * GI);
        node("n2", 5000, 5 * GI);
        cache.upsertQueue(QueueSpec.open("q", 1));
    }

    private void open(PluginOption drf) {
        session = Sessions.open(cache, drf);
        plugin = session.plugins.plugin(DrfPlugin.class);
    }

    private int job(String key) {
        return cache.jobRow(key);
    }

    private int ns(String name) {
        return cache.symbols.find(name);
    }

    private void node(String name, long cpuMilli, long memoryBytes) {
        cache.upsertNode(new NodeSpec(name, ResourceList.of("cpu", cpuMilli, "memory", memoryBytes, "pods", 110L),
                Map.of(), List.of(), false));
    }

    /** A Running job of {@code n} running tasks of the given request, on n1. */
    private void job(String ns, String name, long cpuMilli, long memoryBytes, int n) {
        cache.upsertJob(new JobSpec(ns, name, "q", 1, Map.of(), null, null, "Running", 0));
        for (int i = 0; i < n; i++) {
            cache.upsertTask(TaskSpec.builder(ns, name + "-" + i).job(name).running("n1")
                    .request(ResourceList.of("cpu", cpuMilli, "memory", memoryBytes)).build());
        }
    }

    private void pendingJob(String ns, String name, long cpuMilli, long memoryBytes) {
        cache.upsertJob(new JobSpec(ns, name, "q", 1, Map.of(), null, null, "Inqueue", 0));
        cache.upsertTask(TaskSpec.builder(ns, name + "-0").job(name)
                .request(ResourceList.of("cpu", cpuMilli, "memory", memoryBytes)).build());
    }
}
