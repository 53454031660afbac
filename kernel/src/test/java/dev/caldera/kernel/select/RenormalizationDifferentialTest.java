package dev.caldera.kernel.select;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PreferredTerm;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.Clusters;
import dev.caldera.kernel.testing.PluginSessions;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A normalized score moves for every candidate when the largest raw value among them moves: here the nodes with
 * the largest sum of preferred node affinity weights fill up first (few pods each) and stop fitting, and freeing a
 * task lets one fit again. Term weights make many distinct sums, and leastrequested and balancedresource score on
 * the same scale as the normalized nodeaffinity, so a view that kept a stale largest value would rank otherwise
 * than the scan. The incremental selector must pick the scan's node, task after task.
 */
class RenormalizationDifferentialTest {
    private static final String[] KEYS = {"p0", "p1", "p2", "p3"};

    @Property(tries = 150)
    void largestRawValueLeavingOrComingBackRanksAsTheScan(@ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        ClusterCache cache = PluginSessions.cache();
        int nodes = 6 + r.nextInt(20);
        for (int n = 0; n < nodes; n++) {
            Map<String, String> labels = new LinkedHashMap<>();
            for (String key : KEYS) {
                if (r.nextBoolean()) {
                    labels.put(key, "y");
                }
            }
            ResourceList alloc = ResourceList.of("cpu", 1000L * (1 + r.nextInt(4)), "memory", 8 * Clusters.GI,
                    "pods", 1L + r.nextInt(4));
            PluginSessions.node(cache, String.format("node-%02d", n), alloc, labels, List.of(), false);
        }
        PlacementSpec prefers = prefers(r);
        List<String> pending = new ArrayList<>();
        for (int t = 0; t < nodes * 3; t++) {
            pending.add("task-" + t);
            PluginSessions.pending(cache, "task-" + t, ResourceList.of("cpu", 250L * (1 + r.nextInt(4)),
                    "memory", Clusters.GI), prefers);
        }
        Session s = PluginSessions.open(cache, plugin("predicates"), plugin("nodeorder", "nodeaffinity.weight", 1));
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
            if (r.nextInt(4) == 0 && !placed.isEmpty()) {
                s.unplace(placed.remove(r.nextInt(placed.size())));
            }
        }
        assertThat(incremental.fromViews()).as("selections served by class views").isPositive();
    }

    /** One preferred term per label key, weights drawn so that sums of different subsets rarely tie. */
    private static PlacementSpec prefers(SplittableRandom r) {
        List<PreferredTerm> terms = new ArrayList<>();
        for (String key : KEYS) {
            terms.add(new PreferredTerm(1 + r.nextInt(100), new SelectorTerm(
                    List.of(new SelectorRequirement(key, SelectorOperator.IN, List.of("y"))), List.of())));
        }
        return new PlacementSpec(Map.of(), List.of(), terms, List.of(), List.of());
    }
}
