package dev.caldera.kernel.session;

import dev.caldera.kernel.action.Action;
import dev.caldera.kernel.action.ActionContext;
import dev.caldera.kernel.action.ActionRegistry;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.ClusterChange;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.plugin.drf.DrfPlugin;
import dev.caldera.kernel.plugin.nodeorder.NodeOrderPlugin;
import dev.caldera.kernel.plugin.overcommit.OvercommitPlugin;
import dev.caldera.kernel.plugin.proportion.ProportionPlugin;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.select.IncrementalSelector;
import dev.caldera.kernel.statement.Statement;
import dev.caldera.kernel.testing.RandomChanges;
import dev.caldera.kernel.testing.RandomClusters;
import dev.caldera.kernel.testing.SessionImage;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A session reused from cycle to cycle opens incrementally (only the rows the cache or its own last cycle wrote are
 * copied, the derived state follows them); it must open exactly as a session that copies everything. Random
 * sequences of valid cache changes ({@link RandomChanges}: nodes added, updated and removed, pods added, bound,
 * finished and deleted, failed binds, PodGroups (with a network topology or sub-group policy or neither), queues,
 * priority classes and HyperNodes changed or removed), each
 * batch followed by an open of the reused session, and in the cycle property by the actions of a full
 * configuration (enqueue, allocate, backfill, preempt, reclaim: binds, pipelines and evictions the next open must
 * take back), their binds echoed back as the informers would. After every open the reused session equals:
 * <ul>
 *   <li>a fresh session opened on the same cache (every state array, {@link SessionImage}; the jobs taking part and
 *       which are valid, which the reused session asks again of its changed jobs only; the left-out jobs' conditions; live nodes and allocatable totals; what the plugins that keep totals across
 *       sessions counted: proportion, drf, nodeorder, overcommit), and</li>
 *   <li>without cycles, a fresh session on a cache rebuilt from the same changes in one batch.</li>
 * </ul>
 */
class IncrementalOpenProperties {

    @Property(tries = 200)
    void anIncrementalOpenEqualsAFreshSessionOnARebuiltCache(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                                             @ForAll @IntRange(min = 1, max = 30) int batches) {
        ClusterCache cache = new ClusterCache();
        RandomClusters.fill(cache, seed, 4, 4);
        SchedulerConf conf = conf(seed);
        Session session = new Session(cache, PluginChain.build(conf.tiers(), PluginRegistry.defaults()));
        RandomChanges changes = new RandomChanges(seed, true);
        SplittableRandom random = new SplittableRandom(seed);
        List<ClusterChange> history = new ArrayList<>();
        for (int b = 0; b < batches; b++) {
            int n = random.nextInt(4);
            for (int k = 0; k < n; k++) {
                ClusterChange c = changes.valid();
                history.add(c);
                cache.submit(c);
            }
            open(cache, session);
            assertEqualsFresh(session, cache, conf, "batch " + b);

            ClusterCache rebuilt = new ClusterCache();
            RandomClusters.fill(rebuilt, seed, 4, 4);
            history.forEach(rebuilt::submit);
            Session fresh = new Session(rebuilt, PluginChain.build(conf.tiers(), PluginRegistry.defaults()));
            open(rebuilt, fresh);
            assertSame(session, fresh, "batch " + b + " against a rebuilt cache");
        }
    }

    /**
     * The case that found SearchReport explaining a hard-mode PodGroup with minResources and no HyperNode of an
     * allowed tier: it described HyperNode -1 (ArrayIndexOutOfBoundsException in HyperNodeTree.describe).
     */
    @Example
    void aHardModeGangWithMinResourcesAndNoAllowedHyperNodeIsExplained() {
        anIncrementalOpenAfterCyclesEqualsAFreshSession(4199, 18);
    }

    @Property(tries = 200)
    void anIncrementalOpenAfterCyclesEqualsAFreshSession(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                                         @ForAll @IntRange(min = 1, max = 25) int cycles) {
        ClusterCache cache = new ClusterCache();
        RandomClusters.fill(cache, seed, 6, 8);
        SchedulerConf conf = conf(seed);
        Map<String, TaskSpec> pods = new HashMap<>();
        List<String[]> binds = new ArrayList<>();
        Session session = new Session(cache, PluginChain.build(conf.tiers(), PluginRegistry.defaults()));
        session.sinks(new Sinks((uid, key, node) -> binds.add(new String[] {uid, node}), (u, k, r) -> true,
                (j, p, r) -> { }));
        IncrementalSelector selector = new IncrementalSelector(session, null, Integer.MAX_VALUE);
        ActionContext context = new ActionContext(conf, selector, new Statement(session));
        List<Action> actions = new ArrayList<>();
        for (String name : conf.actions()) {
            actions.add(ActionRegistry.create(name, context));
        }
        RandomChanges changes = new RandomChanges(seed, true);
        SplittableRandom random = new SplittableRandom(seed);
        int placed = 0;
        for (int c = 0; c < cycles; c++) {
            changes.submitSome(cache, random, pods);
            RandomChanges.echoBinds(binds, cache, random, pods);
            open(cache, session);
            assertEqualsFresh(session, cache, conf, "cycle " + c);
            for (Action a : actions) {
                a.execute(session);
            }
            placed += binds.size();
            session.close();
        }
        assertThat(placed).as("binds over all tries (not checked per try)").isGreaterThanOrEqualTo(0);
    }

    private static void open(ClusterCache cache, Session session) {
        cache.applyChanges();
        cache.resolveJobPriorities();
        session.open();
    }

    /** Opens a fresh session on the same cache, compares, and hands the cache's snapshot back to {@code session}. */
    private static void assertEqualsFresh(Session session, ClusterCache cache, SchedulerConf conf, String when) {
        Session fresh = new Session(cache, PluginChain.build(conf.tiers(), PluginRegistry.defaults()));
        fresh.open();
        assertThat(cache.snapshotBy(session)).as("the fresh session took the snapshot").isFalse();
        assertSame(session, fresh, when);
    }

    private static void assertSame(Session s, Session fresh, String when) {
        assertThat(SessionImage.of(s)).as("state arrays at %s", when).isEqualTo(SessionImage.of(fresh));
        for (int j = 0; j < Math.max(s.jobTable().rows(), fresh.jobTable().rows()); j++) {
            assertThat(s.topologyState().handled(j)).as("job %d handled by topology at %s", j, when)
                    .isEqualTo(fresh.topologyState().handled(j));
        }
        assertThat(java.util.stream.IntStream.range(0, s.jobCount()).map(s::job).toArray()).as("jobs taking part at %s", when).containsExactly(java.util.stream.IntStream.range(0, fresh.jobCount()).map(fresh::job).toArray());
        for (int j = 0; j < Math.max(s.jobTable().rows(), fresh.jobTable().rows()); j++) {
            assertThat(s.inSession(j)).as("job %d in session at %s", j, when).isEqualTo(fresh.inSession(j));
            assertThat(s.validAtOpen(j)).as("job %d valid at %s", j, when).isEqualTo(fresh.validAtOpen(j));
            assertThat(new Object[] {s.conditions().isInvalid(j), s.conditions().reason(j), s.conditions().message(j)})
                    .as("job %d's conditions at %s", j, when).containsExactly(fresh.conditions().isInvalid(j),
                            fresh.conditions().reason(j), fresh.conditions().message(j));
        }
        int[] live = java.util.Arrays.copyOf(s.liveNodes(), s.nodeCount());
        assertThat(live).as("live nodes at %s", when)
                .containsExactly(java.util.Arrays.copyOf(fresh.liveNodes(), fresh.nodeCount()));
        for (int d = 0; d < Math.max(s.dims().count(), fresh.dims().count()); d++) {
            assertThat(s.totalAllocatable(d)).as("total allocatable %d at %s", d, when)
                    .isEqualTo(fresh.totalAllocatable(d));
        }
        assertPluginsCountAlike(s, fresh, when);
    }

    /**
     * What the plugins that keep totals across sessions counted at open: proportion's queue attributes, overcommit's
     * used and inqueue, drf's job shares (jobs of the session), nodeorder's per-node requests. (Not
     * {@code PluginImage}: a plugin reused across sessions also holds caches a fresh one has not filled yet, and
     * arrays grown to other capacities.)
     */
    private static void assertPluginsCountAlike(Session s, Session fresh, String when) {
        for (int i = 0; i < s.plugins().plugins().length; i++) {
            Plugin mine = s.plugins().plugins()[i];
            Plugin theirs = fresh.plugins().plugins()[i];
            int dims = s.dims().count();
            if (mine instanceof ProportionPlugin p && theirs instanceof ProportionPlugin f) {
                for (int q = 0; q < s.queueTable().rows(); q++) {
                    assertThat(p.share(q)).as("proportion share of queue %d at %s", q, when).isEqualTo(f.share(q));
                    for (int d = 0; d < dims; d++) {
                        assertThat(new long[] {p.allocated(q, d), p.request(q, d), p.inqueue(q, d), p.elastic(q, d),
                            p.deserved(q, d), p.realCapability(q, d)})
                                .as("proportion allocated, request, inqueue, elastic, deserved, realCapability of queue"
                                        + " %d dim %d at %s", q, d, when)
                                .containsExactly(f.allocated(q, d), f.request(q, d), f.inqueue(q, d), f.elastic(q, d),
                                        f.deserved(q, d), f.realCapability(q, d));
                    }
                }
            } else if (mine instanceof DrfPlugin p && theirs instanceof DrfPlugin f) {
                for (int k = 0; k < s.jobCount(); k++) {
                    int job = s.job(k);
                    assertThat(p.jobShare(job)).as("drf share of job %d at %s", job, when).isEqualTo(f.jobShare(job));
                    for (int d = 0; d < dims; d++) {
                        assertThat(p.jobAllocated(job, d)).as("drf allocated of job %d dim %d at %s", job, d, when)
                                .isEqualTo(f.jobAllocated(job, d));
                    }
                }
            } else if (mine instanceof OvercommitPlugin p && theirs instanceof OvercommitPlugin f) {
                for (int d = 0; d < dims; d++) {
                    assertThat(new long[] {p.used(d), p.inqueue(d)}).as("overcommit used, inqueue dim %d at %s", d,
                            when).containsExactly(f.used(d), f.inqueue(d));
                }
            } else if (mine instanceof NodeOrderPlugin) {
                int longs = 8 * s.nodeTable().rows(); // NodeRequests.STRIDE longs per node: sums and allocatable
                assertThat(nodeRequests(mine, "requests", longs)).as("nodeorder node rows at %s", when)
                        .containsExactly(nodeRequests(theirs, "requests", longs));
                int classLongs = 5 * s.classes().size(); // ClassRequests.STRIDE longs per class
                assertThat(nodeRequests(mine, "classRequests", classLongs)).as("nodeorder class rows at %s", when)
                        .containsExactly(nodeRequests(theirs, "classRequests", classLongs));
            }
        }
    }

    /** The first {@code longs} of the {@code rows} of nodeorder's field {@code field} (NodeRequests, ClassRequests). */
    private static long[] nodeRequests(Plugin nodeOrder, String field, int longs) {
        try {
            Field f = NodeOrderPlugin.class.getDeclaredField(field);
            f.setAccessible(true);
            Object requests = f.get(nodeOrder);
            Field c = requests.getClass().getDeclaredField("rows");
            c.setAccessible(true);
            long[] all = (long[]) c.get(requests);
            return java.util.Arrays.copyOf(all, Math.min(longs, all.length));
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** All the plugins the kernel has, with proportion or (every third seed) capacity. */
    private static SchedulerConf conf(long seed) {
        String skipped = seed % 3 == 0 ? "proportion" : "capacity";
        List<PluginOption> plugins = new ArrayList<>();
        for (String name : new java.util.TreeSet<>(PluginRegistry.defaults().names())) {
            if (!name.equals(skipped)) {
                plugins.add(PluginOption.of(name));
            }
        }
        return new SchedulerConf(List.of("enqueue", "allocate", "backfill", "preempt", "reclaim"),
                List.of(new Tier(plugins)), Map.of());
    }
}
