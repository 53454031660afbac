package dev.caldera.kernel.select;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.Clusters;
import dev.caldera.kernel.testing.PluginSessions;
import org.junit.jupiter.api.Test;

import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A catch-up may take a changed node that did not fit as still not fitting only while no operation of the session
 * gave resources back since the view was synced ({@code NodeJournal.frees} unchanged). The frees count is the
 * session's own: a view synced in one session after one free, used again in the next session after an eviction
 * there (again one free), must not take the two counts for one, or it passes over the node the eviction freed.
 * Every session's journal starts its count at zero, so the counts of consecutive sessions meet easily.
 */
class FreesAcrossSessionsTest {
    private static final ResourceList BIG = ResourceList.of("cpu", 2000L, "memory", Clusters.GI);
    private static final ResourceList SMALL = ResourceList.of("cpu", 500L, "memory", Clusters.GI);

    @Test
    void aNodeFreedByAnEvictionInTheNextSessionIsTakenAsTheScanTakesIt() {
        ClusterCache cache = PluginSessions.cache();
        for (String node : new String[] {"node-1", "node-2", "node-3"}) {
            PluginSessions.node(cache, node, 4000L, 16 * Clusters.GI);
            // 1000 m left: the big task fits nowhere idle; on node-3 it fits once the releasing task has left
            cache.upsertTask(TaskSpec.builder(PluginSessions.NS, "running-" + node).job(PluginSessions.JOB)
                    .request(ResourceList.of("cpu", 3000L, "memory", Clusters.GI)).running(node)
                    .status(node.equals("node-3") ? TaskStatus.RELEASING : TaskStatus.RUNNING).build());
        }
        PluginSessions.pending(cache, "big", BIG, PlacementSpec.NONE);
        PluginSessions.pending(cache, "small", SMALL, PlacementSpec.NONE);
        // no scores: nodes that fit alike are taken in position order, so a freed node-1 or node-2 beats node-3
        Session s = PluginSessions.open(cache, plugin("predicates"));
        IncrementalSelector kept = new IncrementalSelector(s, null, Integer.MAX_VALUE);
        int big = PluginSessions.task(cache, "big");
        int small = PluginSessions.task(cache, "small");

        // first session: one free (an undo), then the big task's view is built and synced at frees == 1
        int node = kept.select(small);
        assertThat(node).isNotNegative();
        s.allocate(small, node);
        s.unplace(small);
        assertThat(s.journal().frees()).isEqualTo(1);
        assertThat(kept.select(big)).isEqualTo(new ScanSelector(s).select(big))
                .isEqualTo(PluginSessions.node(cache, "node-3"));

        // next session, nothing changed in between but the node the undo touched (listed as changed, so evaluated
        // afresh), and the views are kept: an eviction on the other node frees room there for the big task (to
        // take once the running task has left), and the journal's count is 1 again
        s.close();
        cache.applyChanges();
        s.open();
        String other = s.nodeTable().name(node).equals("node-1") ? "node-2" : "node-1";
        s.evict(PluginSessions.task(cache, "running-" + other));
        assertThat(s.journal().frees()).isEqualTo(1);
        ScanSelector scan = new ScanSelector(s);
        int expected = scan.select(big);
        assertThat(expected).isEqualTo(PluginSessions.node(cache, other));
        assertThat(kept.select(big)).as("kept view after the eviction").isEqualTo(expected);
        assertThat(kept.fitsIdle()).isEqualTo(scan.fitsIdle()).isFalse();
        assertThat(kept.carriedSessions()).as("the second session kept the views").isEqualTo(1);
    }
}
