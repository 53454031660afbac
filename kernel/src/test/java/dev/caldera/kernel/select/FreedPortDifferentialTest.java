package dev.caldera.kernel.select;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.HostPort;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.Clusters;
import dev.caldera.kernel.testing.PluginSessions;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A verdict that changes within a session must be asked again: every task here asks for the same host port, so a
 * node that took one is refused to the next (predicates, NodePorts), and undoing that placement frees the port and
 * the node. A class view that kept such a refusal, as it may for verdicts that hold for the session, would pass
 * over the freed node where the scan takes it. The incremental selector must pick the scan's node, task after task.
 */
class FreedPortDifferentialTest {
    private static final PlacementSpec PORT_8080 = new PlacementSpec(Map.of(), List.of(), List.of(), List.of(),
            List.of(new HostPort("TCP", 8080, "")));

    @Property(tries = 100)
    void aNodeWhosePortIsFreedIsTakenAsTheScanTakesIt(@ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        ClusterCache cache = PluginSessions.cache();
        int nodes = 2 + r.nextInt(6);
        for (int n = 0; n < nodes; n++) {
            PluginSessions.node(cache, String.format("node-%02d", n), 1000L * (2 + r.nextInt(4)), 8 * Clusters.GI);
        }
        List<String> pending = new ArrayList<>();
        for (int t = 0; t < nodes * 4; t++) {
            pending.add("task-" + t);
            PluginSessions.pending(cache, "task-" + t, ResourceList.of("cpu", 500L, "memory", Clusters.GI), PORT_8080);
        }
        Session s = PluginSessions.open(cache, plugin("predicates"), plugin("nodeorder"));
        ScanSelector scan = new ScanSelector(s);
        IncrementalSelector incremental = new IncrementalSelector(s, null, Integer.MAX_VALUE, 256L << 20, true);
        List<Integer> placed = new ArrayList<>();
        for (String name : pending) {
            int task = PluginSessions.task(cache, name);
            int node = scan.select(task);
            assertThat(incremental.select(task)).as("seed " + seed + " " + name).isEqualTo(node);
            if (node >= 0 && s.status(task) == TaskStatus.PENDING) {
                s.allocate(task, node);
                placed.add(task);
            }
            if (r.nextInt(3) == 0 && !placed.isEmpty()) {
                s.unplace(placed.remove(r.nextInt(placed.size())));
            }
        }
        assertThat(incremental.fromViews()).as("selections served by class views").isPositive();
    }
}
