package dev.caldera.kernel.select;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import dev.caldera.kernel.testing.RandomClusters;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The range selector's remembered verdicts give the same node, the same idle-or-future choice and the same fit
 * errors as evaluating the slice afresh, and over the whole cluster it chooses as the plain {@link ScanSelector}
 * does, over random clusters and random runs of placements.
 */
class RangeSelectorDifferentialTest {

    @Property(tries = 40)
    void overTheWholeClusterItChoosesAsTheScanDoes(@ForAll @LongRange(max = 1_000_000) long seed) {
        ClusterCache cache = new ClusterCache();
        RandomClusters.fill(cache, seed, 16, 10);
        cache.applyChanges();
        Session s = session(cache);
        RangeSelector range = new RangeSelector(s);
        ScanSelector scan = new ScanSelector(s);
        Statement statement = new Statement(s);
        statement.begin();
        for (int task = 0; task < s.taskTable().rows(); task++) {
            if (!s.taskTable().live(task) || s.status(task) != TaskStatus.PENDING) {
                continue;
            }
            int expected = scan.select(task);
            assertThat(range.select(task, s.liveNodes(), 0, s.nodeCount())).as("task %d", task).isEqualTo(expected);
            if (expected >= 0) {
                assertThat(range.fitsIdle()).isEqualTo(scan.fitsIdle());
                if (scan.fitsIdle()) {
                    statement.allocate(task, expected);
                } else {
                    statement.pipeline(task, expected);
                }
            }
        }
    }

    private static Session session(ClusterCache cache) {
        List<PluginOption> plugins = List.of(PluginOption.of("predicates"), PluginOption.of("nodeorder"),
                PluginOption.of("binpack"));
        Session s = new Session(cache, PluginChain.build(List.of(new Tier(plugins)), PluginRegistry.defaults()));
        s.open();
        return s;
    }

    @Property(tries = 60)
    void rememberingChangesNoChoice(@ForAll @LongRange(max = 1_000_000) long seed) {
        ClusterCache cache = new ClusterCache();
        RandomClusters.fill(cache, seed, 16, 10);
        cache.applyChanges();
        Session s = session(cache);
        RangeSelector remembering = new RangeSelector(s);
        RangeSelector fresh = new RangeSelector(s);
        Statement statement = new Statement(s);
        statement.begin();
        int[] nodes = s.liveNodes().clone();
        int from = (int) (seed % 4);
        int to = nodes.length - (int) (seed % 3);
        for (int task = 0; task < s.taskTable().rows(); task++) {
            if (!s.taskTable().live(task) || s.status(task) != TaskStatus.PENDING) {
                continue;
            }
            fresh.reset();
            int expected = fresh.select(task, nodes, from, to);
            int actual = remembering.select(task, nodes, from, to);
            assertThat(actual).as("task %d", task).isEqualTo(expected);
            if (expected < 0) {
                assertThat(remembering.errors().message(s.dims())).isEqualTo(fresh.errors().message(s.dims()));
                continue;
            }
            assertThat(remembering.fitsIdle()).isEqualTo(fresh.fitsIdle());
            if (fresh.fitsIdle()) {
                statement.allocate(task, expected);
            } else {
                statement.pipeline(task, expected);
            }
        }
    }
}
