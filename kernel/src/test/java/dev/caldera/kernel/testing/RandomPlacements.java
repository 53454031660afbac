package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.TaskSpec;
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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded random clusters for the node plugins: nodes with zone/disk/gpus labels, hard and soft taints,
 * some cordoned; running tasks holding host ports; pending tasks with node selectors, required and
 * preferred affinity, tolerations and host ports, all in job ns/job of {@link PluginSessions#cache()}.
 */
public final class RandomPlacements {
    private static final String[] ZONES = {"a", "b", "c"};
    private static final Taint[] TAINTS = {
        new Taint("dedicated", "gpu", TaintEffect.NO_SCHEDULE),
        new Taint("spot", "true", TaintEffect.PREFER_NO_SCHEDULE),
        new Taint("maintenance", "", TaintEffect.NO_EXECUTE),
        new Taint("old", "", TaintEffect.PREFER_NO_SCHEDULE),
    };
    private static final HostPort[] PORTS = {
        new HostPort("TCP", 8080, ""), new HostPort("UDP", 53, "10.0.0.1"), new HostPort("TCP", 9000, "10.0.0.2"),
    };

    private RandomPlacements() {
    }

    /** As {@link #fill(ClusterCache, long, int, int)}, for a plugin test's cluster. */
    public static List<String> fill(PluginCluster cluster, long seed, int nodes, int pending) {
        return fill(cluster.cache, seed, nodes, pending);
    }

    /** {@code nodes} nodes, some running tasks, and {@code pending} pending tasks; returns the pending names. */
    public static List<String> fill(ClusterCache cache, long seed, int nodes, int pending) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int n = 0; n < nodes; n++) {
            cache.upsertNode(node(r, String.format("node-%03d", n)));
            if (r.nextInt(3) == 0) {
                PluginSessions.running(cache, "run-" + n, String.format("node-%03d", n), request(r), placement(r));
            }
        }
        List<String> names = new ArrayList<>();
        for (int t = 0; t < pending; t++) {
            names.add("task-" + t);
            PluginSessions.pending(cache, "task-" + t, request(r), placement(r));
        }
        return names;
    }

    private static NodeSpec node(SplittableRandom r, String name) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("zone", ZONES[r.nextInt(ZONES.length)]);
        if (r.nextBoolean()) {
            labels.put("disk", r.nextBoolean() ? "ssd" : "hdd");
        }
        labels.put("gpus", Integer.toString(r.nextInt(9)));
        List<Taint> taints = new ArrayList<>();
        for (Taint t : TAINTS) {
            if (r.nextInt(5) == 0) {
                taints.add(t);
            }
        }
        Map<String, Long> alloc = new LinkedHashMap<>();
        alloc.put("cpu", 2000L * (1 + r.nextInt(8)));
        alloc.put("memory", Clusters.GI * (2L << r.nextInt(4)));
        alloc.put("pods", 20L);
        if (r.nextInt(3) == 0) {
            alloc.put("nvidia.com/gpu", 4000L);
        }
        return new NodeSpec(name, ResourceList.of(alloc), labels, taints, r.nextInt(10) == 0);
    }

    /** A random request: cpu and memory each five times in six, one whole GPU one time in five. */
    public static ResourceList request(SplittableRandom r) {
        Map<String, Long> req = new LinkedHashMap<>();
        if (r.nextInt(6) != 0) {
            req.put("cpu", 250L * (1 + r.nextInt(8)));
        }
        if (r.nextInt(6) != 0) {
            req.put("memory", (Clusters.GI / 4) * (1 + r.nextInt(8)));
        }
        if (r.nextInt(5) == 0) {
            req.put("nvidia.com/gpu", 1000L);
        }
        return ResourceList.of(req);
    }

    private static PlacementSpec placement(SplittableRandom r) {
        Map<String, String> selector = r.nextInt(4) == 0 ? Map.of("zone", ZONES[r.nextInt(3)]) : Map.of();
        List<SelectorTerm> required = r.nextInt(3) == 0 ? List.of(
                term("zone", SelectorOperator.IN, "a", "b"), term("gpus", SelectorOperator.GT, "3")) : List.of();
        List<PreferredTerm> preferred = r.nextBoolean() ? List.of(
                new PreferredTerm(1 + r.nextInt(50), term("disk", SelectorOperator.IN, "ssd")),
                new PreferredTerm(1 + r.nextInt(50), term("gpus", SelectorOperator.LT, "4"))) : List.of();
        List<Toleration> tolerations = new ArrayList<>();
        for (Taint t : TAINTS) {
            if (r.nextInt(3) == 0) {
                tolerations.add(new Toleration(t.key(), true, "", r.nextBoolean() ? null : t.effect()));
            }
        }
        List<HostPort> ports = r.nextInt(3) == 0 ? List.of(PORTS[r.nextInt(PORTS.length)]) : List.of();
        return new PlacementSpec(selector, required, preferred, tolerations, ports);
    }

    private static SelectorTerm term(String key, SelectorOperator op, String... values) {
        return new SelectorTerm(List.of(new SelectorRequirement(key, op, List.of(values))), List.of());
    }
}
