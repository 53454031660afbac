package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.conf.ConfException;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.Moves;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.api.Test;

import static dev.caldera.kernel.plugin.deviceshare.GpuClusters.deviceshare;
import static dev.caldera.kernel.testing.PluginSessions.node;
import static dev.caldera.kernel.testing.PluginSessions.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The deviceshare plugin's device bookkeeping, checked against Volcano's gpushare device
 * (pkg/scheduler/api/devices/nvidia/gpushare/device_info.go: NewGPUDevices splits volcano.sh/gpu-memory evenly
 * over volcano.sh/gpu-number devices; share.go: predicateGPUbyMemory takes the lowest-id device with room,
 * predicateGPUbyNumber takes idle devices, a device with any pod is not idle).
 */
class DeviceSharePluginTest {

    @Test
    void aShareMustFitOnOneDeviceNotOnTheNodesTotal() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "n1", 32, 2, "T4");
        GpuClusters.runningShare(cluster, "a", "n1", 500, 0b01);
        GpuClusters.runningShare(cluster, "b", "n1", 500, 0b10);
        GpuClusters.share(cluster, "fits", 1, 500);
        GpuClusters.share(cluster, "too-big", 1, 600);
        SessionView s = PluginSessions.open(cluster, deviceshare(null));

        assertThat(s.plugins().predicate(task(cluster, "fits"), node(cluster, "n1"))).isEqualTo(FitReason.OK);
        assertThat(s.plugins().predicate(task(cluster, "too-big"), node(cluster, "n1"))).isEqualTo(FitReason.GPU_DEVICES);
        assertThat(FitReason.text(FitReason.GPU_DEVICES, s.dims())).contains("GPU");
    }

    @Test
    void wholeDevicesMustBeIdleAndASharedDeviceIsNot() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "n1", 32, 4, "T4");
        GpuClusters.runningShare(cluster, "small", "n1", 100, 0b0100);
        GpuClusters.whole(cluster, "three", 1, 3);
        GpuClusters.whole(cluster, "four", 1, 4);
        GpuClusters.cpuOnly(cluster, "cpu", 1);
        SessionView s = PluginSessions.open(cluster, deviceshare(null));

        assertThat(s.plugins().predicate(task(cluster, "three"), node(cluster, "n1"))).isEqualTo(FitReason.OK);
        assertThat(s.plugins().predicate(task(cluster, "four"), node(cluster, "n1"))).isEqualTo(FitReason.GPU_DEVICES);
        assertThat(s.plugins().predicate(task(cluster, "cpu"), node(cluster, "n1"))).isEqualTo(FitReason.OK);
    }

    @Test
    void withoutAPolicyASharedPodTakesTheLowestDeviceWithRoomAsVolcanoDoes() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "n1", 32, 3, "T4");
        GpuClusters.runningShare(cluster, "a", "n1", 700, 0b001);
        GpuClusters.share(cluster, "p", 1, 400);
        SessionView s = PluginSessions.open(cluster, deviceshare(null));
        DeviceSharePlugin plugin = s.plugins().plugin(DeviceSharePlugin.class);
        Moves st = new Moves(s);
        st.begin();

        st.allocate(task(cluster, "p"), node(cluster, "n1"));

        assertThat(plugin.devices(task(cluster, "p"))).isEqualTo(0b010L);
        assertThat(plugin.gpus().free(node(cluster, "n1"), 1)).isEqualTo(600_000L);
        assertThat(plugin.devices(task(cluster, "a"))).isEqualTo(0b001L);
    }

    @Test
    void bestFitPutsAShareOnTheTightestDeviceWithRoom() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "n1", 32, 3, "T4");
        GpuClusters.runningShare(cluster, "a", "n1", 300, 0b001);
        GpuClusters.runningShare(cluster, "b", "n1", 500, 0b010);
        GpuClusters.share(cluster, "p", 1, 400);
        SessionView s = PluginSessions.open(cluster, deviceshare("bestfit"));
        Moves st = new Moves(s);
        st.begin();

        st.allocate(task(cluster, "p"), node(cluster, "n1"));

        assertThat(s.plugins().plugin(DeviceSharePlugin.class).devices(task(cluster, "p"))).isEqualTo(0b010L);
    }

    @Test
    void discardGivesEveryDeviceBackExactly() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "n1", 64, 4, "T4");
        GpuClusters.runningShare(cluster, "a", "n1", 250, 0b0001);
        GpuClusters.share(cluster, "p", 1, 500);
        GpuClusters.whole(cluster, "w", 1, 2);
        SessionView s = PluginSessions.open(cluster, deviceshare("fgd"));
        DeviceSharePlugin plugin = s.plugins().plugin(DeviceSharePlugin.class);
        int n1 = node(cluster, "n1");
        long[] before = frees(plugin, n1);
        Moves st = new Moves(s);
        st.begin();
        st.allocate(task(cluster, "p"), n1);
        st.allocate(task(cluster, "w"), n1);
        st.evict(task(cluster, "a"), Moves.PREEMPT);
        assertThat(frees(plugin, n1)).isNotEqualTo(before);

        st.discard();

        assertThat(frees(plugin, n1)).containsExactly(before);
        assertThat(plugin.gpus().idle(n1)).isEqualTo(3);
        assertThat(plugin.devices(task(cluster, "a"))).isEqualTo(0b0001L);
        assertThat(plugin.devices(task(cluster, "p"))).isZero();
    }

    @Test
    void anUndoneEvictionTakesBackTheSameDevice() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "n1", 64, 4, "T4");
        GpuClusters.runningShare(cluster, "a", "n1", 250, 0b1000);
        SessionView s = PluginSessions.open(cluster, deviceshare(null));
        DeviceSharePlugin plugin = s.plugins().plugin(DeviceSharePlugin.class);
        Moves st = new Moves(s);
        st.begin();
        st.evict(task(cluster, "a"), Moves.PREEMPT);
        assertThat(plugin.gpus().free(node(cluster, "n1"), 3)).isEqualTo(1_000_000L);

        st.discard();

        assertThat(plugin.devices(task(cluster, "a"))).isEqualTo(0b1000L);
        assertThat(plugin.gpus().free(node(cluster, "n1"), 3)).isEqualTo(750_000L);
    }

    @Test
    void aBoundPodKeepsItsDevicesInTheNextSession() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "n1", 64, 4, "T4");
        GpuClusters.runningShare(cluster, "a", "n1", 300, 0b0001);
        GpuClusters.share(cluster, "p", 1, 500);
        SessionView s = PluginSessions.open(cluster, deviceshare("fgd"));
        DeviceSharePlugin plugin = s.plugins().plugin(DeviceSharePlugin.class);
        Moves st = new Moves(s);
        st.begin();
        st.allocate(task(cluster, "p"), node(cluster, "n1"));
        long chosen = plugin.devices(task(cluster, "p"));
        st.commit();
        Sessions.close(s);

        cluster.applyChanges();
        Sessions.reopen(s);

        assertThat(chosen).isNotZero();
        assertThat(plugin.devices(task(cluster, "p"))).isEqualTo(chosen);
        assertThat(plugin.devices(task(cluster, "a"))).isEqualTo(0b0001L);
    }

    @Test
    void aRunningPodWithoutAnIndexTakesTheLowestDevicesThatFit() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "n1", 64, 2, "T4");
        GpuClusters.runningShare(cluster, "a", "n1", 800, 0b01);
        GpuClusters.runningShare(cluster, "b", "n1", 600, 0);
        SessionView s = PluginSessions.open(cluster, deviceshare(null));
        DeviceSharePlugin plugin = s.plugins().plugin(DeviceSharePlugin.class);

        assertThat(plugin.devices(task(cluster, "b"))).isEqualTo(0b10L);
        assertThat(plugin.gpus().totalFree(node(cluster, "n1"))).isEqualTo(600_000L);
    }

    @Test
    void withoutEitherEnableFlagThePluginDoesNothing() {
        PluginCluster cluster = PluginSessions.cluster();
        GpuClusters.node(cluster, "n1", 32, 1, "T4");
        GpuClusters.share(cluster, "p", 1, 1500);
        SessionView s = PluginSessions.open(cluster, PluginSessions.plugin(DeviceSharePlugin.NAME));

        assertThat(s.plugins().predicate(task(cluster, "p"), node(cluster, "n1"))).isEqualTo(FitReason.OK);
    }

    @Test
    void badArgumentsAreRefusedWithTheKey() {
        assertThatThrownBy(() -> PluginSessions.open(PluginSessions.cluster(), deviceshare("tetris")))
                .isInstanceOf(ConfException.class).hasMessageContaining("deviceshare.SchedulePolicy")
                .hasMessageContaining("fgd");
        assertThatThrownBy(() -> PluginSessions.open(PluginSessions.cluster(),
                deviceshare("fgd", DeviceShareOptions.TIE_BREAK, "coin")))
                .isInstanceOf(ConfException.class).hasMessageContaining("deviceshare.TieBreak");
        assertThatThrownBy(() -> PluginSessions.open(PluginSessions.cluster(),
                deviceshare(null, "deviceshare.VGPUEnable", true)))
                .isInstanceOf(ConfException.class).hasMessageContaining("not supported");
    }

    private static long[] frees(DeviceSharePlugin plugin, int node) {
        long[] out = new long[plugin.gpus().devices(node)];
        for (int d = 0; d < out.length; d++) {
            out[d] = plugin.gpus().free(node, d);
        }
        return out;
    }
}
