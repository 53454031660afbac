package dev.caldera.kernel.plugin;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import dev.caldera.kernel.testing.RandomPlacements;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;

import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Predicates, node scores and batch scores of the real node plugins allocate nothing once warmed up. The figure
 * is the smallest of five measured passes, so that a one-off JIT deoptimization (which re-materializes
 * scalar-replaced objects) on a loaded machine is not mistaken for an allocation per check, which would show in
 * every pass.
 */
class NodePluginsAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private int[] tasks;
    private int[] nodes;
    private double[] scores;
    private long sink;

    @Test
    void filteringAndScoringEveryNodeAllocatesNothing() {
        PluginCluster cluster = PluginSessions.cluster();
        List<String> pending = RandomPlacements.fill(cluster, 7, 32, 24);
        SessionView s = PluginSessions.open(cluster, plugin("predicates"), plugin("nodeorder", "mostrequested.weight", 1),
                plugin("binpack", "binpack.resources", "nvidia.com/gpu"));
        tasks = pending.stream().mapToInt(name -> PluginSessions.task(cluster, name)).toArray();
        nodes = Sessions.liveNodes(s);
        scores = new double[nodes.length];
        for (int i = 0; i < 200; i++) {
            pass(s.plugins());
        }

        long overhead = -THREADS.getCurrentThreadAllocatedBytes() + THREADS.getCurrentThreadAllocatedBytes();
        long allocated = Long.MAX_VALUE;
        for (int run = 0; run < 5; run++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 50; i++) {
                pass(s.plugins());
            }
            allocated = Math.min(allocated, THREADS.getCurrentThreadAllocatedBytes() - before);
        }

        assertThat(sink).isNotZero();
        assertThat(allocated).as("bytes allocated by %d checks", 50L * tasks.length * nodes.length)
                .isLessThanOrEqualTo(overhead);
    }

    private void pass(PluginChain plugins) {
        for (int task : tasks) {
            for (int i = 0; i < nodes.length; i++) {
                sink += plugins.predicate(task, nodes[i]);
                scores[i] = plugins.score(task, nodes[i]);
            }
            plugins.batchScore(task, nodes, nodes.length, scores);
            sink += (long) scores[0];
        }
    }
}
