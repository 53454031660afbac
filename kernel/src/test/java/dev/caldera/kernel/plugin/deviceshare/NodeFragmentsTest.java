package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.Moves;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static dev.caldera.kernel.testing.PluginSessions.node;
import static dev.caldera.kernel.testing.PluginSessions.task;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fragment memo ({@link NodeFragments}, behind {@link GpuState#typicalFragment} and
 * {@link GpuState#workloadFragment}) never answers with a fragment measured on another state: after a placement
 * on the node in the same session, with another cpu left, after a pod left between sessions, with other devices
 * free but the same cpu and memory, with another mix,
 * and after a node with another GPU model joined (which changes how scarce each model is, so the fill weights;
 * the policy scores kept in {@link ScoreMemo} must go then too).
 * Each case first checks that the fresh measure differs from the memo's earlier value, so a stale key would be
 * seen; and that an unchanged node keeps its entry across sessions (what the memo is for).
 */
class NodeFragmentsTest {
    private static final long GPU = 1_000_000;

    private PluginCluster cluster;
    private SessionView session;
    private DeviceSharePlugin plugin;
    private GpuState state;
    private int n;

    private void open(String policy) {
        cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "n", 32, 4, "T4");
        GpuClusters.node(cluster, "other", 32, 4, "T4");
        GpuClusters.runningShare(cluster, "x", "n", 300, 0b0001);
        GpuClusters.runningShare(cluster, "y", "n", 600, 0b0010);
        GpuClusters.share(cluster, "p", 4, 500);
        session = PluginSessions.open(cluster, GpuClusters.deviceshare(policy));
        plugin = session.plugins().plugin(DeviceSharePlugin.class);
        plugin.workloadMix(mix(500));
        reopen();
    }

    private void reopen() {
        Sessions.close(session);
        cluster.applyChanges();
        Sessions.reopen(session);
        state = plugin.state();
        n = node(cluster, "n");
    }

    /** Halves (or shares of {@code milli}) asking 4 cpus, whole GPUs, and 8-cpu shares that only fit while cpu lasts. */
    private static WorkloadMix mix(long milli) {
        return WorkloadMix.of(List.of(
                new WorkloadMix.Entry(new WorkloadMix.Shape(4000, milli * 1000, 0, Set.of()), 0.4),
                new WorkloadMix.Entry(new WorkloadMix.Shape(8000, 0, 1, Set.of()), 0.3),
                new WorkloadMix.Entry(new WorkloadMix.Shape(24_000, 250 * 1000, 0, Set.of("T4")), 0.2),
                new WorkloadMix.Entry(new WorkloadMix.Shape(1000, 0, 0, Set.of()), 0.1)));
    }

    private double fillNow(int node) {
        return FillFragmentation.after(state.nodes, state.workload, node, state.cpuLeft(node), 0, 0);
    }

    private double fgdNow(int node) {
        return Fragmentation.of(state.nodes, state.typical, node, state.cpuLeft(node));
    }

    private double fillMemo(int node) {
        return state.workloadFragment(node, state.cpuLeft(node));
    }

    private double fgdMemo(int node) {
        return state.typicalFragment(node, state.cpuLeft(node));
    }

    @Test
    void aPlacementOnTheNodeInTheSameSessionIsMeasuredAgain() {
        open("fgdfill");
        double fill = fillMemo(n);
        double fgd = fgdMemo(n);
        Moves st = new Moves(session);
        st.begin();
        st.allocate(task(cluster, "p"), n);

        assertThat(fillNow(n)).isNotEqualTo(fill);
        assertThat(fgdNow(n)).isNotEqualTo(fgd);
        assertThat(fillMemo(n)).isEqualTo(fillNow(n));
        assertThat(fgdMemo(n)).isEqualTo(fgdNow(n));
    }

    @Test
    void anotherCpuLeftIsMeasuredAgain() {
        open("fgdfill");
        long cpu = state.cpuLeft(n);
        double full = state.workloadFragment(n, cpu);
        double typical = state.typicalFragment(n, cpu);
        // with 20 cpus fewer the 24-cpu shares no longer fit: more of the free GPUs is fragment
        long less = cpu - 20_000;
        double fresh = FillFragmentation.after(state.nodes, state.workload, n, less, 0, 0);
        double freshTypical = Fragmentation.of(state.nodes, state.typical, n, less);

        assertThat(fresh).isNotEqualTo(full);
        assertThat(freshTypical).isNotEqualTo(typical);
        assertThat(state.workloadFragment(n, less)).isEqualTo(fresh);
        assertThat(state.typicalFragment(n, less)).isEqualTo(freshTypical);
    }

    @Test
    void aPodThatLeftBetweenSessionsIsMeasuredAgainAndAnUnchangedNodeIsKept() {
        open("fgd");
        double fill = fillMemo(n);
        double fgd = fgdMemo(n);
        int other = node(cluster, "other");
        fillMemo(other);
        long otherKey = NodeFragments.key(state, other, state.cpuLeft(other));
        cluster.removeTask(PluginSessions.NS + "/y");
        reopen();

        assertThat(fillNow(n)).isNotEqualTo(fill);
        assertThat(fgdNow(n)).isNotEqualTo(fgd);
        assertThat(fillMemo(n)).isEqualTo(fillNow(n));
        assertThat(fgdMemo(n)).isEqualTo(fgdNow(n));
        assertThat(state.workloadNow.has(other, otherKey)).as("the unchanged node's entry is kept").isTrue();
    }

    @Test
    void otherDevicesWithTheSameCpuAndMemoryLeftAreMeasuredAgain() {
        open("fgdfill");
        long cpu = state.cpuLeft(n);
        double fill = fillMemo(n);
        double fgd = fgdMemo(n);
        // y (1 cpu, 0.6 of device 1) leaves and z (1 cpu, 0.2 of device 1) comes: only the devices differ
        cluster.removeTask(PluginSessions.NS + "/y");
        GpuClusters.runningShare(cluster, "z", "n", 200, 0b0010);
        reopen();

        assertThat(state.cpuLeft(n)).isEqualTo(cpu);
        assertThat(fillNow(n)).isNotEqualTo(fill);
        assertThat(fgdNow(n)).isNotEqualTo(fgd);
        assertThat(fillMemo(n)).isEqualTo(fillNow(n));
        assertThat(fgdMemo(n)).isEqualTo(fgdNow(n));
    }

    @Test
    void anotherMixIsMeasuredAgain() {
        open("fgdfill");
        double fill = fillMemo(n);
        double fgd = fgdMemo(n);
        plugin.workloadMix(mix(800));
        reopen();

        assertThat(fillNow(n)).isNotEqualTo(fill);
        assertThat(fgdNow(n)).isNotEqualTo(fgd);
        assertThat(fillMemo(n)).isEqualTo(fillNow(n));
        assertThat(fgdMemo(n)).isEqualTo(fgdNow(n));
    }

    @Test
    void aNodeOfAnotherModelMakesTheModelsLessScarceAndTheNodeIsMeasuredAndScoredAgain() {
        open("fgdfill");
        double fill = fillMemo(n);
        double score = session.plugins().score(task(cluster, "p"), n);
        GpuClusters.node(cluster, "g2", 32, 8, "G2");
        reopen();

        // T4 now has 8 of 16 devices instead of 8 of 8: the T4-only shape's fill weight drops by (16 / 8)^2
        assertThat(fillNow(n)).isNotEqualTo(fill);
        assertThat(fillMemo(n)).isEqualTo(fillNow(n));
        // the kept scores (ScoreMemo) go too: the score is a new plugin's on the same cluster, not the old one
        SessionView fresh = PluginSessions.open(cluster, GpuClusters.deviceshare("fgdfill"));
        fresh.plugins().plugin(DeviceSharePlugin.class).workloadMix(mix(500));
        Sessions.close(fresh);
        Sessions.reopen(fresh);
        double freshScore = fresh.plugins().score(task(cluster, "p"), n);
        assertThat(freshScore).isNotEqualTo(score);
        assertThat(session.plugins().score(task(cluster, "p"), n)).isEqualTo(freshScore);
        assertThat(state.nodes.capacity(node(cluster, "g2"))).isEqualTo(GPU);
    }
}
