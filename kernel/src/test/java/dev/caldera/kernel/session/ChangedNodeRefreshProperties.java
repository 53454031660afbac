package dev.caldera.kernel.session;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;
import dev.caldera.kernel.plugin.match.NodeTaints;
import dev.caldera.kernel.plugin.match.ProfileNodeMemo;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.PluginSessions;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-node memos refreshed with the session's list of changed nodes ({@link ProfileNodeMemo} and
 * {@link NodeTaints} given the session) hold exactly what a refresh over every node row holds: one session goes
 * through twelve opens of a cluster whose nodes are relabelled, tainted, untainted, rewritten as they were, added and
 * removed, and whose pods come and go with placement profiles (so profile ids are freed and given out again); after
 * each open the memo refreshed incrementally answers every (profile, node) pair as one refreshed in full, both having
 * been given the same values, and the incremental taints equal a fresh full compilation on every row. (Here rather
 * than beside the memos: plugin tests may not build sessions, KernelLayersTest.pluginTestsSeeTheFrameworkAlone.)
 */
class ChangedNodeRefreshProperties {
    private static final String[] ZONES = {"a", "b", "c"};
    private static final Taint[] TAINTS = {new Taint("gpu", "yes", TaintEffect.NO_SCHEDULE),
            new Taint("spot", "", TaintEffect.PREFER_NO_SCHEDULE), new Taint("drain", "now", TaintEffect.NO_EXECUTE)};

    @Property(tries = 60)
    void refreshingTheListedNodesEqualsRefreshingEveryRow(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        ClusterCache cache = PluginSessions.cache();
        List<String> nodes = new ArrayList<>();
        List<String> pods = new ArrayList<>();
        int[] names = {0, 0};
        for (int n = 4 + r.nextInt(6); n > 0; n--) {
            nodes.add(addNode(cache, r, names));
        }
        Session s = PluginSessions.open(cache);
        ProfileNodeMemo listed = new ProfileNodeMemo();
        ProfileNodeMemo full = new ProfileNodeMemo();
        NodeTaints listedTaints = new NodeTaints();
        int incremental = 0;
        for (int open = 0; open < 12; open++) {
            if (open > 0) {
                change(cache, r, nodes, pods, names);
                s.close();
                cache.applyChanges();
                s.open();
            }
            incremental += s.openedWhole() ? 0 : 1;
            listed.refresh(s.profiles(), s.nodes(), s);
            full.refresh(s.profiles(), s.nodes());
            listedTaints.refresh(s);
            NodeTaints fresh = new NodeTaints();
            fresh.refresh(s.nodes(), s.symbols());
            String where = "seed " + seed + " open " + open;
            for (int node = 0; node < s.nodes().rows(); node++) {
                for (int p = 0; p < s.profiles().size(); p++) {
                    assertThat(listed.get(p, node)).as(where + " profile " + p + " node " + node)
                            .isEqualTo(full.get(p, node));
                }
                assertThat(taints(listedTaints, node)).as(where + " taints of node " + node)
                        .isEqualTo(taints(fresh, node));
            }
            for (int k = 0; k < 20; k++) {
                int p = r.nextInt(s.profiles().size());
                int node = r.nextInt(s.nodes().rows());
                int value = r.nextInt(100);
                listed.put(p, node, value);
                full.put(p, node, value);
            }
        }
        assertThat(incremental).as("seed " + seed + ": opens that listed the changed nodes").isPositive();
    }

    private static List<Integer> taints(NodeTaints t, int node) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < t.count(node); i++) {
            out.add(t.key(node, i));
            out.add(t.value(node, i));
            out.add((int) t.effect(node, i));
        }
        return out;
    }

    private static void change(ClusterCache cache, SplittableRandom r, List<String> nodes, List<String> pods,
                               int[] names) {
        for (String node : nodes) {
            if (r.nextInt(4) == 0) {
                upsertNode(cache, r, node);
            }
        }
        if (r.nextInt(6) == 0) {
            nodes.add(addNode(cache, r, names));
        }
        if (nodes.size() > 2 && r.nextInt(8) == 0) {
            cache.removeNode(nodes.remove(r.nextInt(nodes.size())));
        }
        for (int k = r.nextInt(3); k > 0; k--) {
            String name = "p" + names[1]++;
            PluginSessions.pending(cache, name, ResourceList.of("cpu", 1000L), profile(r));
            pods.add(name);
        }
        if (!pods.isEmpty() && r.nextInt(2) == 0) {
            cache.removeTask(PluginSessions.NS + "/" + pods.remove(r.nextInt(pods.size())));
        }
    }

    private static String addNode(ClusterCache cache, SplittableRandom r, int[] names) {
        String name = "n" + names[0]++;
        upsertNode(cache, r, name);
        return name;
    }

    /** The node with a random zone and taints: now and then the same as it had (its placement does not move). */
    private static void upsertNode(ClusterCache cache, SplittableRandom r, String name) {
        List<Taint> taints = new ArrayList<>();
        for (Taint t : TAINTS) {
            if (r.nextInt(3) == 0) {
                taints.add(t);
            }
        }
        cache.upsertNode(new NodeSpec(name, ResourceList.of("cpu", 8000L, "memory", 1L << 34, "pods", 110L),
                Map.of("zone", ZONES[r.nextInt(ZONES.length)]), taints, r.nextInt(10) == 0));
    }

    private static PlacementSpec profile(SplittableRandom r) {
        Map<String, String> selector = r.nextBoolean() ? Map.of() : Map.of("zone", ZONES[r.nextInt(ZONES.length)]);
        List<Toleration> tolerations = r.nextBoolean() ? List.of()
                : List.of(new Toleration("gpu", false, "yes", TaintEffect.NO_SCHEDULE));
        return new PlacementSpec(selector, null, null, tolerations, null);
    }
}
