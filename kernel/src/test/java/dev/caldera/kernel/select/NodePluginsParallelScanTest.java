package dev.caldera.kernel.select;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.FitErrors;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.RandomPlacements;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real node plugins (predicates, nodeorder, binpack) give the same decisions whether nodes are filtered
 * and scored on one thread, on two shard workers, or incrementally per task class, on random clusters with
 * labels, taints, cordoned nodes and host ports, while placements, undos and evictions change the nodes; also
 * with a view budget of two views, so views are rebuilt in place for other classes.
 */
class NodePluginsParallelScanTest {
    @Test
    void oneThreadTwoWorkersAndIncrementalSelectionAgree() {
        for (long seed = 1; seed <= 6; seed++) {
            agreeOn(seed);
        }
    }

    private static void agreeOn(long seed) {
        ClusterCache cache = PluginSessions.cache();
        List<String> pending = RandomPlacements.fill(cache, seed, 24, 100);
        Session s = PluginSessions.open(cache, plugin("predicates"),
                plugin("nodeorder", "mostrequested.weight", 1),
                plugin("binpack", "binpack.weight", 3, "binpack.resources", "nvidia.com/gpu"));
        try (ShardPool pool = new ShardPool(2)) {
            ScanSelector single = new ScanSelector(s);
            ScanSelector sharded = new ScanSelector(s, pool, 0);
            IncrementalSelector incremental = new IncrementalSelector(s, pool, 0);
            // a budget of two views: past it, views are rebuilt in place for other classes (their arrays reused)
            IncrementalSelector recycling = new IncrementalSelector(s, pool, 0, 1);
            assertThat(incremental.enabled()).as("the node plugins declare themselves node-local").isTrue();
            int placed = 0;
            for (int i = 0; i < pending.size(); i++) {
                int task = PluginSessions.task(cache, pending.get(i));
                int node = single.select(task);
                boolean idle = single.fitsIdle();
                String where = "seed " + seed + " task " + pending.get(i);
                assertThat(sharded.select(task)).as(where).isEqualTo(node);
                assertThat(incremental.select(task)).as(where).isEqualTo(node);
                assertThat(recycling.select(task)).as(where + " (two views)").isEqualTo(node);
                if (node < 0) {
                    assertSameErrors(single.errors(), sharded.errors(), where);
                    continue;
                }
                assertThat(sharded.fitsIdle()).as(where).isEqualTo(idle);
                assertThat(incremental.fitsIdle()).as(where).isEqualTo(idle);
                assertThat(recycling.fitsIdle()).as(where + " (two views)").isEqualTo(idle);
                placed++;
                change(s, task, node, idle, i);
            }
            assertThat(placed).as("seed " + seed + " placed something").isPositive();
        }
    }

    /** Places the task, and now and then undoes it or evicts a running task, firing the plugins' events. */
    private static void change(Session s, int task, int node, boolean idle, int step) {
        if (idle) {
            s.allocate(task, node);
        } else {
            s.pipeline(task, node);
        }
        if (step % 5 == 4) {
            s.unplace(task);
        }
        if (step % 7 == 3) {
            for (int t = 0; t < s.taskTable().rows(); t++) {
                if (s.taskTable().live(t) && s.status(t) == TaskStatus.RUNNING) {
                    s.evict(t);
                    break;
                }
            }
        }
    }

    private static void assertSameErrors(FitErrors a, FitErrors b, String where) {
        assertThat(b.nodes()).as(where).isEqualTo(a.nodes());
        for (int code = 0; code < Math.max(a.codes(), b.codes()); code++) {
            assertThat(b.get(code)).as(where + " code " + code).isEqualTo(a.get(code));
        }
    }
}
