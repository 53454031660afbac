package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.framework.Dimensions;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The node state digests as plain passes over each node's devices, to compare with the ones {@link GpuNodes} keeps
 * as its devices change ({@link GpuState#stateHash}, {@link GpuState#scoreStateHash}, {@link GpuState#devicesHash},
 * {@link GpuNodes#devicesSet}), and its idle devices and most units free on one ({@link GpuNodes#mostFree}).
 */
final class StateDigests {
    private StateDigests() {
    }

    /** Every node row's kept digests equal the passes over its devices as they are now. */
    static void assertKeptAsComputed(GpuState s) {
        GpuNodes g = s.nodes;
        for (int node = 0; node < g.rows(); node++) {
            long cpu = s.session.idle(Dimensions.CPU, node);
            long memory = s.session.idle(Dimensions.MEMORY, node);
            assertThat(s.stateHash(node)).as("state digest of node %d", node).isEqualTo(usage(g, node, cpu * 31 + memory));
            assertThat(s.scoreStateHash(node, cpu + 7)).as("score state digest of node %d", node)
                    .isEqualTo(usage(g, node, (cpu + 7) * 31));
            assertThat(s.devicesHash(node)).as("devices digest of node %d", node).isEqualTo(devices(g, node));
            assertThat(g.devicesSet[node]).as("devices' multiset digest of node %d", node).isEqualTo(set(g, node));
            long most = 0;
            int idle = 0;
            for (int d = 0; d < g.devices(node); d++) {
                most = Math.max(most, g.free(node, d));
                idle += g.holders(node, d) == 0 ? 1 : 0;
            }
            assertThat(g.mostFree[node]).as("most units free on a device of node %d", node).isEqualTo(most);
            assertThat(g.idle(node)).as("idle devices of node %d", node).isEqualTo(idle);
        }
    }

    private static long set(GpuNodes g, int node) {
        long sum = 0;
        for (int d = 0; d < g.devices(node); d++) {
            sum += GpuNodes.deviceTerm(g.free(node, d), g.holders(node, d));
        }
        return sum;
    }

    private static long usage(GpuNodes g, int node, long lead) {
        long h = lead * 1_000_003L + g.modelDigest(node) * 7919L + g.capacity(node);
        for (int d = 0; d < g.devices(node); d++) {
            h = h * 1_000_003L + g.free(node, d) + g.holders(node, d);
        }
        return TieBreak.mix(h);
    }

    private static long devices(GpuNodes g, int node) {
        long h = g.capacity(node) * 31 + g.devices(node);
        for (int d = 0; d < g.devices(node); d++) {
            h = h * 1_000_003L + g.free(node, d);
        }
        return TieBreak.mix(h) | 1;
    }
}
