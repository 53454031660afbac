package dev.caldera.kernel.select;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.HostPort;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PreferredTerm;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.Clusters;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.RandomPlacements;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Node equivalence changes no decision: on random clusters made of a few node shapes (so many nodes are alike),
 * with zone, disk and unique hostname labels, hard and soft taints, cordoned nodes, running and releasing pods,
 * pods nominated to nodes and pending tasks with selectors, required and preferred affinity (on the hostname too,
 * and by field in some clusters), tolerations and, in some clusters, host ports, the real node plugins
 * (predicates, nodeorder with every resource scorer, binpack) pick the same node with the incremental selector
 * with the equivalence on, with it off, and with the plain scan, task after task, while placements, pipelines,
 * undos and evictions change the nodes, over two sessions.
 */
class NodeEquivalenceDifferentialTest {
    private static final String[] ZONES = {"a", "b", "c"};
    private static final Taint[] TAINTS = {
        new Taint("dedicated", "gpu", TaintEffect.NO_SCHEDULE),
        new Taint("spot", "true", TaintEffect.PREFER_NO_SCHEDULE),
        new Taint("old", "", TaintEffect.PREFER_NO_SCHEDULE),
    };

    @Property(tries = 120)
    void equivalenceOnOffAndScanDecideIdentically(@ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        ClusterCache cache = PluginSessions.cache();
        boolean ports = r.nextInt(3) == 0;
        boolean byName = r.nextInt(4) == 0;
        boolean byHostname = r.nextInt(4) == 0;
        int nodes = 10 + r.nextInt(40);
        // up to four tasks per node, so nodes fill up and views hold nodes that no longer fit
        List<String> pending = fill(cache, r, nodes, nodes * (1 + r.nextInt(4)), ports, byName, byHostname);
        Session s = PluginSessions.open(cache, plugin("predicates"),
                plugin("nodeorder", "mostrequested.weight", 1, "balancedresource.weight", 2),
                plugin("binpack", "binpack.weight", 3, "binpack.resources", "nvidia.com/gpu"));
        ScanSelector scan = new ScanSelector(s);
        IncrementalSelector on = new IncrementalSelector(s, null, Integer.MAX_VALUE, 256L << 20, true);
        IncrementalSelector off = new IncrementalSelector(s, null, Integer.MAX_VALUE, 256L << 20, false);
        int placed = 0;
        List<Integer> onNodes = new ArrayList<>();
        for (int session = 0; session < 2; session++) {
            onNodes.clear();
            if (session > 0) {
                s.close();
                s.open();
            }
            for (int i = 0; i < pending.size(); i++) {
                int task = PluginSessions.task(cache, pending.get(i));
                if (s.status(task) != TaskStatus.PENDING || s.nodeOf(task) >= 0) {
                    continue;
                }
                int node = scan.select(task);
                boolean idle = scan.fitsIdle();
                String where = "seed " + seed + " session " + session + " task " + pending.get(i);
                assertThat(on.select(task)).as(where + " (equivalence on)").isEqualTo(node);
                assertThat(off.select(task)).as(where + " (equivalence off)").isEqualTo(node);
                if (node < 0) {
                    continue;
                }
                assertThat(on.fitsIdle()).as(where + " (equivalence on)").isEqualTo(idle);
                assertThat(off.fitsIdle()).as(where + " (equivalence off)").isEqualTo(idle);
                placed++;
                change(s, task, node, idle, r, onNodes);
            }
        }
        assertThat(placed).as("seed " + seed + " placed something").isPositive();
        assertThat(off.nodeGroups()).as("equivalence off: a group per node").isEqualTo(s.nodeCount());
        if (!ports && !byName && !byHostname && on.fromViews() > 0) {
            // the property must compare groups, not nodes one by one: most clusters drawn have alike nodes (not
            // all: running, releasing and nominated pods and cordoning can leave a small cluster none, seed 302030)
            Statistics.label("alike nodes grouped").collect(on.nodeGroups() < s.nodeCount());
            Statistics.label("alike nodes grouped").coverage(c -> c.check(true).percentage(p -> p >= 75));
        }
    }

    /**
     * Places the task, and now and then undoes it, undoes a task placed earlier (giving room back on a node that
     * views may hold as full) or evicts a running task, firing the plugins' events.
     */
    private static void change(Session s, int task, int node, boolean idle, SplittableRandom r,
                               List<Integer> onNodes) {
        if (idle) {
            s.allocate(task, node);
        } else {
            s.pipeline(task, node);
        }
        onNodes.add(task);
        if (r.nextInt(5) == 0) {
            s.unplace(task);
            onNodes.remove(onNodes.size() - 1);
        }
        if (r.nextInt(4) == 0 && !onNodes.isEmpty()) {
            int earlier = onNodes.remove(r.nextInt(onNodes.size()));
            s.unplace(earlier);
        }
        if (r.nextInt(7) == 0) {
            int start = r.nextInt(Math.max(1, s.taskTable().rows()));
            for (int i = 0; i < s.taskTable().rows(); i++) {
                int t = (start + i) % s.taskTable().rows();
                if (s.taskTable().live(t) && s.status(t) == TaskStatus.RUNNING) {
                    s.evict(t);
                    break;
                }
            }
        }
    }

    private static List<String> fill(ClusterCache cache, SplittableRandom r, int nodes, int pending, boolean ports,
                                     boolean byName, boolean byHostname) {
        int shapes = 1 + r.nextInt(4);
        for (int n = 0; n < nodes; n++) {
            String name = String.format("node-%03d", n);
            cache.upsertNode(node(r, name, r.nextInt(shapes)));
            int roll = r.nextInt(6);
            if (roll == 0) {
                PluginSessions.running(cache, "run-" + n, name, RandomPlacements.request(r), PlacementSpec.NONE);
            } else if (roll == 1) {
                cache.upsertTask(TaskSpec.builder(PluginSessions.NS, "rel-" + n).job(PluginSessions.JOB)
                        .request(RandomPlacements.request(r)).status(TaskStatus.RELEASING).nodeName(name).build());
            }
        }
        List<String> names = new ArrayList<>();
        for (int t = 0; t < pending; t++) {
            String name = "task-" + t;
            names.add(name);
            String nominated = r.nextInt(10) == 0 ? String.format("node-%03d", r.nextInt(nodes)) : null;
            cache.upsertTask(TaskSpec.builder(PluginSessions.NS, name).job(PluginSessions.JOB).request(RandomPlacements.request(r))
                    .placement(placement(r, nodes, ports, byName, byHostname)).priority(r.nextInt(2)).nominatedNodeName(nominated)
                    .build());
        }
        return names;
    }

    /** Shape {@code shape} decides resources, zone, disk and taints; the hostname label is the node's own. */
    private static NodeSpec node(SplittableRandom r, String name, int shape) {
        SplittableRandom s = new SplittableRandom(shape * 7919L);
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("kubernetes.io/hostname", name);
        labels.put("zone", ZONES[s.nextInt(ZONES.length)]);
        if (s.nextBoolean()) {
            labels.put("disk", s.nextBoolean() ? "ssd" : "hdd");
        }
        List<Taint> taints = new ArrayList<>();
        for (Taint t : TAINTS) {
            if (s.nextInt(4) == 0) {
                taints.add(t);
            }
        }
        Map<String, Long> alloc = new LinkedHashMap<>();
        alloc.put("cpu", 2000L * (1 + s.nextInt(4)));
        alloc.put("memory", Clusters.GI * (2L << s.nextInt(3)));
        alloc.put("pods", 10L);
        if (s.nextInt(3) == 0) {
            alloc.put("nvidia.com/gpu", 4000L);
        }
        // a few nodes differ from their shape: cordoned
        return new NodeSpec(name, ResourceList.of(alloc), labels, taints, r.nextInt(12) == 0);
    }

    private static PlacementSpec placement(SplittableRandom r, int nodes, boolean ports, boolean byName,
                                           boolean byHostname) {
        Map<String, String> selector = r.nextInt(5) == 0 ? Map.of("zone", ZONES[r.nextInt(3)]) : Map.of();
        List<SelectorTerm> required = new ArrayList<>();
        if (r.nextInt(4) == 0) {
            required.add(term("zone", SelectorOperator.IN, "a", "b"));
        }
        if (byHostname && r.nextInt(4) == 0) {
            required.add(term("kubernetes.io/hostname", SelectorOperator.NOT_IN,
                    String.format("node-%03d", r.nextInt(nodes))));
        }
        if (byName && r.nextInt(4) == 0) {
            required.add(new SelectorTerm(List.of(), List.of(new SelectorRequirement("metadata.name",
                    SelectorOperator.IN, List.of(String.format("node-%03d", r.nextInt(nodes)))))));
        }
        List<PreferredTerm> preferred = r.nextBoolean() ? List.of(
                new PreferredTerm(1 + r.nextInt(50), term("disk", SelectorOperator.IN, "ssd")),
                new PreferredTerm(1 + r.nextInt(50), term("zone", SelectorOperator.IN, "c"))) : List.of();
        List<Toleration> tolerations = new ArrayList<>();
        for (Taint t : TAINTS) {
            if (r.nextInt(3) == 0) {
                tolerations.add(new Toleration(t.key(), true, "", r.nextBoolean() ? null : t.effect()));
            }
        }
        List<HostPort> hostPorts = ports && r.nextBoolean() ? List.of(new HostPort("TCP", 8080, "")) : List.of();
        return new PlacementSpec(selector, required, preferred, tolerations, hostPorts);
    }

    private static SelectorTerm term(String key, SelectorOperator op, String... values) {
        return new SelectorTerm(List.of(new SelectorRequirement(key, op, List.of(values))), List.of());
    }
}
