package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.Moves;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The deviceshare plugin's per-placement work allocates nothing once warmed up, whatever the policy: the
 * predicate and the score of every task on every node, and placing then unplacing every task (the allocate
 * and deallocate events, which choose and give back devices), measured with the thread's exact allocation
 * counter as bench's PlacementAllocationTest does.
 */
class DeviceShareAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private long sink;

    @ParameterizedTest
    @ValueSource(strings = {"bestfit", "gpupacking", "dotprod", "random", "fgd", "fgdfill"})
    void filteringScoringAndPlacingAllocateNothing(String policy) {
        PluginCluster cluster = PluginSessions.cluster();
        List<String> pods = new ArrayList<>();
        for (int n = 0; n < 12; n++) {
            GpuClusters.node(cluster, "n" + n, 32 + 8 * n, n % 3 == 0 ? 8 : 2, n % 2 == 0 ? "G2" : "T4");
        }
        for (int i = 0; i < 10; i++) {
            GpuClusters.share(cluster, "s" + i, 1 + i, 100 + 80 * i);
            GpuClusters.whole(cluster, "w" + i, 2 + i, 1 + i % 3);
            GpuClusters.cpuOnly(cluster, "c" + i, 1 + i);
            pods.add("s" + i);
            pods.add("w" + i);
            pods.add("c" + i);
        }
        GpuClusters.runningShare(cluster, "r", "n1", 300, 0);
        SessionView s = PluginSessions.open(cluster, GpuClusters.deviceshare(policy));
        int[] tasks = pods.stream().mapToInt(p -> PluginSessions.task(cluster, p)).toArray();
        int[] nodes = Sessions.liveNodes(s);
        Moves st = new Moves(s);
        for (int i = 0; i < 300; i++) {
            pass(s, st, tasks, nodes);
        }

        // the least of five windows, as NodePluginsAllocationTest: a steady allocation shows in every window, while
        // one deoptimisation running a method once in code without escape analysis (64 B seen once in a CI run,
        // fgdfill) shows in one
        long overhead = -THREADS.getCurrentThreadAllocatedBytes() + THREADS.getCurrentThreadAllocatedBytes();
        long allocated = Long.MAX_VALUE;
        for (int run = 0; run < 5; run++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 50; i++) {
                pass(s, st, tasks, nodes);
            }
            allocated = Math.min(allocated, THREADS.getCurrentThreadAllocatedBytes() - before);
        }

        assertThat(sink).isNotZero();
        assertThat(allocated).as("bytes allocated by %d checks, scores and placements", 50L * tasks.length * nodes.length)
                .isLessThanOrEqualTo(overhead);
    }

    private void pass(SessionView s, Moves st, int[] tasks, int[] nodes) {
        st.begin();
        for (int task : tasks) {
            int best = -1;
            double bestScore = Double.NEGATIVE_INFINITY;
            for (int node : nodes) {
                if (s.plugins().predicate(task, node) == 0) {
                    double score = s.plugins().score(task, node);
                    if (score > bestScore) {
                        bestScore = score;
                        best = node;
                    }
                }
            }
            if (best >= 0) {
                st.allocate(task, best);
                sink += s.plugins().plugin(DeviceSharePlugin.class).devices(task) + 1;
            }
        }
        st.discard();
    }
}
