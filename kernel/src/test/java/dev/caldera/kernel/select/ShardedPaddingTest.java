package dev.caldera.kernel.select;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.Clusters;
import dev.caldera.kernel.testing.PluginSessions;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A class view's tree holds the padding leaf past its built leaves, written again by a build only up to where the
 * old padding starts ({@code LeafTree.paddedFrom}); so whatever adds leaves must raise {@code paddedFrom} past them,
 * or a later build on fewer leaves leaves their ids in the padding. A sharded catch-up adds its new leaves with
 * {@code ClassView.pad} on the scheduling thread. This test drives that sequence on a pool of two shards, views built
 * on the scheduling thread (the build on shards writes all the padding, which would hide the hole): a view is built;
 * pods of another class bound in another zone make nodes leave their groups, and the view's catch-up replays that
 * in a batch on the shards, padding the new leaves (which stay no-fit: the view's class is held to its zone, so the
 * batch plays no tree and nothing raises {@code paddedFrom} but {@code pad}); in the next session those pods are gone,
 * the nodes group again and the view is built again on fewer leaves. Every selection is compared with the full scan,
 * and after each one every view's tree is checked: each leaf entry from {@code paddedFrom} on, and from the built
 * leaves on, holds the padding leaf. The leaves such a hole leaves behind are no-fit ones (a leaf that fits is made
 * by a refresh or a tree played on the shards, both of which cover it), so the decisions alone do not show it; the
 * check on the tree does.
 */
class ShardedPaddingTest {
    private static final ResourceList SMALL = ResourceList.of("cpu", 250L, "memory", Clusters.GI / 4);
    /** Most of a node: the other zone's pods spread over several nodes. */
    private static final ResourceList LARGE = ResourceList.of("cpu", 3000L, "memory", Clusters.GI);
    private static final int PER_ZONE = 80;
    private static final int SESSIONS = 5;

    @Test
    void aViewBuiltOnFewerLeavesAfterAShardedBatchPaddedSomeKeepsItsPadding() throws Exception {
        ClusterCache cache = PluginSessions.cache();
        for (String zone : new String[] {"a", "b"}) {
            for (int i = 0; i < PER_ZONE; i++) {
                // two sizes per zone: four groups, with room for several pods each
                long cpu = 4000L * (1 + i % 2);
                PluginSessions.node(cache, "node-" + zone + "-" + i,
                        ResourceList.of("cpu", cpu, "memory", 16 * Clusters.GI, "pods", 110L),
                        Map.of("zone", zone), List.of(), false);
            }
        }
        int created = 0;
        Session s = PluginSessions.open(cache, plugin("predicates"));
        try (ShardPool pool = new ShardPool(2)) {
            // builds on this thread (buildTree and its paddedFrom), every catch-up a batch on the two shards
            IncrementalSelector kept = new IncrementalSelector(s, pool, Integer.MAX_VALUE);
            kept.batchMode = IncrementalSelector.BATCH_ALWAYS;
            kept.shardedBatchThreshold = 0;
            int grown = 0;
            int rebuiltOnFewer = 0;
            int last = 0;
            for (int session = 0; session < SESSIONS; session++) {
                if (session > 0) {
                    // the other zone's pods are gone: their nodes are alike again
                    s.close();
                    for (int t = 0; t < s.taskTable().rows(); t++) {
                        if (s.taskTable().live(t) && s.taskTable().name(t).startsWith("b-")) {
                            cache.removeTask(s.taskTable().uid(t));
                        }
                    }
                    cache.applyChanges();
                    s.open();
                    // a session the selector sits out: the next one groups the nodes again (no carry-over)
                    s.close();
                    cache.applyChanges();
                    s.open();
                }
                String a = "a-" + created++;
                PluginSessions.pending(cache, a, SMALL, inZone("a"));
                List<String> bs = new ArrayList<>();
                for (int i = 0; i < 3 + session; i++) {
                    String b = "b-" + created++;
                    bs.add(b);
                    PluginSessions.pending(cache, b, LARGE, inZone("b"));
                }
                s.close();
                cache.applyChanges();
                s.open();
                // the zone-a class's view is built (again, on the regrouped, fewer leaves after the first session)
                int aTask = PluginSessions.task(cache, a);
                check(s, kept, aTask, "session " + session + " " + a + " built");
                int before = kept.leaves();
                if (session > 0 && before < last) {
                    rebuiltOnFewer++;
                }
                for (String b : bs) {
                    int t = PluginSessions.task(cache, b);
                    int node = check(s, kept, t, "session " + session + " " + b);
                    assertThat(node).as(b + " placed").isNotNegative();
                    s.allocate(t, node);
                }
                // the zone-b nodes left their groups: the zone-a view's catch-up pads them, on the shards
                long batches = kept.shardedBatches();
                check(s, kept, aTask, "session " + session + " " + a + " caught up");
                assertThat(kept.shardedBatches()).as("session " + session + " catch-up on the shards")
                        .isGreaterThan(batches);
                last = kept.leaves();
                if (last > before) {
                    grown++;
                }
            }
            assertThat(grown).as("sessions whose binds grew the zone-a view's leaves").isEqualTo(SESSIONS);
            assertThat(rebuiltOnFewer).as("sessions that built the view again on fewer leaves")
                    .isEqualTo(SESSIONS - 1);
        }
    }

    /** The kept selector and the scan pick the same node for {@code task}; then every view's padding holds. */
    private static int check(Session s, IncrementalSelector kept, int task, String where) throws Exception {
        assertThat(s.status(task)).isEqualTo(TaskStatus.PENDING);
        ScanSelector scan = new ScanSelector(s);
        int node = scan.select(task);
        assertThat(kept.select(task)).as(where).isEqualTo(node);
        if (node >= 0) {
            assertThat(kept.fitsIdle()).as(where).isEqualTo(scan.fitsIdle());
        }
        assertThat(kept.fromViews()).as(where + ": answered by a view").isPositive();
        paddingHolds(kept, where);
        return node;
    }

    /** Every view's leaf entries from paddedFrom on, and from its built leaves on, hold the padding leaf. */
    @SuppressWarnings("unchecked")
    private static void paddingHolds(IncrementalSelector kept, String where) throws Exception {
        Long2ObjectOpenHashMap<ClassView> views = (Long2ObjectOpenHashMap<ClassView>) field(IncrementalSelector.class,
                "views").get(kept);
        for (ClassView view : views.values()) {
            int[] tree = view.tree.entries;
            int leaves = view.tree.leaves;
            int size = view.size;
            int paddedFrom = view.tree.paddedFrom;
            int built = view.built();
            for (int l = Math.min(paddedFrom, built); l < leaves; l++) {
                assertThat(tree[leaves + l]).as(where + ": leaf entry " + l + " of a view built on " + built
                        + " leaves, padded from " + paddedFrom).isEqualTo(size);
            }
        }
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        Field f = type.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    private static PlacementSpec inZone(String zone) {
        SelectorTerm term = new SelectorTerm(
                List.of(new SelectorRequirement("zone", SelectorOperator.IN, List.of(zone))), List.of());
        return new PlacementSpec(Map.of(), List.of(term), List.of(), List.of(), List.of());
    }
}
