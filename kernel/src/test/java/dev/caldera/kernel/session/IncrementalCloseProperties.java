package dev.caldera.kernel.session;

import dev.caldera.kernel.action.Action;
import dev.caldera.kernel.action.ActionContext;
import dev.caldera.kernel.action.ActionRegistry;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.select.IncrementalSelector;
import dev.caldera.kernel.statement.Statement;
import dev.caldera.kernel.testing.RandomChanges;
import dev.caldera.kernel.testing.RandomClusters;
import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.testing.Clusters;
import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.PluginRun;
import dev.caldera.kernel.testing.Pod;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A reused session's close looks again only at the jobs whose phase or gang condition may have moved (the session's
 * {@code phaseKept}, gang's settled jobs); it must close exactly as one that looks at every job. Two identical
 * clusters go through the same cycles ({@link RandomChanges}: nodes, pods, PodGroups with and without sub-groups,
 * queues, HyperNodes; every action of a full configuration, see {@link #conf}; binds echoed back now and then), one opening
 * incrementally, the other made to open whole at every cycle (another reader takes the cache's snapshot first);
 * after every close both have the same phase, in the session and in the cache, and the same conditions for every
 * job, and they bound the same pods.
 */
class IncrementalCloseProperties {

    @Property(tries = 150)
    void anIncrementalCloseEqualsAWholeOne(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                           @ForAll @IntRange(min = 1, max = 25) int cycles) {
        World incremental = new World(seed, false);
        World whole = new World(seed, true);
        for (int c = 0; c < cycles; c++) {
            incremental.cycle();
            whole.cycle();
            assertThat(incremental.closed()).as("seed %d cycle %d", seed, c).isEqualTo(whole.closed());
        }
    }

    /**
     * A Pending group held back by its closed queue is kept at close (Pending in session and cache); when the queue
     * opens, nothing of the job changed, but enqueue admits it in the session: close must take the session's own
     * writes as changes and write Inqueue to the cache.
     */
    @Example
    void aGroupAdmittedInTheSessionIsClosedInqueueThoughItsRowsDidNotChangeBefore() {
        PluginCluster cluster = new PluginCluster();
        cluster.node("n1", Clusters.cpuMem(4000, 4 * Clusters.GI), Map.of(), List.of(), false);
        cluster.upsertQueue("q", 1, null, null, null, true, null, 0, "Closed", 0);
        cluster.upsertJob("ns", "a", "q", 1, Map.of(), null, Clusters.cpuMem(1000, Clusters.GI), "Pending", 0);
        cluster.upsertTask(Pod.builder("ns", "a-0").job("a").request(Clusters.cpuMem(1000, Clusters.GI)).build());
        try (PluginRun run = cluster.scheduler(List.of("enqueue", "allocate"),
                List.of(List.of(PluginOption.of("proportion"), PluginOption.of("gang"))))) {
            run.runOnce();
            run.runOnce();
            int job = cluster.jobRow("ns/a");
            assertThat(cluster.phase(job)).as("held back by the closed queue").isEqualTo(JobPhase.PENDING);
            cluster.openQueue("q", 1);
            run.runOnce();
            assertThat(cluster.phase(job)).as("admitted once the queue is open").isEqualTo(JobPhase.INQUEUE);
        }
    }

    /** One cache and its reused session, driven by a random stream of its own (equal seeds, equal streams). */
    private static final class World {
        private final ClusterCache cache = new ClusterCache();
        private final boolean forceWhole;
        private final Session session;
        private final List<Action> actions = new ArrayList<>();
        private final RandomChanges changes;
        private final SplittableRandom random;
        private final Map<String, TaskSpec> pods = new HashMap<>();
        private final List<String[]> binds = new ArrayList<>();
        private final List<String> bound = new ArrayList<>();

        World(long seed, boolean forceWhole) {
            this.forceWhole = forceWhole;
            RandomClusters.fill(cache, seed, 6, 8);
            SchedulerConf conf = conf(seed);
            session = new Session(cache, PluginChain.build(conf.tiers(), PluginRegistry.defaults()));
            session.sinks(new Sinks((uid, key, node) -> binds.add(new String[] {uid, node}), (u, k, r) -> true,
                    (j, p, r) -> { }));
            ActionContext context = new ActionContext(conf, new IncrementalSelector(session, null, Integer.MAX_VALUE),
                    new Statement(session));
            for (String name : conf.actions()) {
                actions.add(ActionRegistry.create(name, context));
            }
            changes = new RandomChanges(seed, true);
            random = new SplittableRandom(seed);
        }

        void cycle() {
            changes.submitSome(cache, random, pods);
            for (String[] bind : binds) {
                bound.add(bind[0] + "->" + bind[1]);
            }
            RandomChanges.echoBinds(binds, cache, random, pods);
            cache.applyChanges();
            cache.resolveJobPriorities();
            if (forceWhole) {
                cache.snapshotBy(this);
            }
            session.open();
            for (Action a : actions) {
                a.execute(session);
            }
            session.close();
        }

        /** Every job row's phases (session, cache) and conditions after the close, and the pods bound so far. */
        String closed() {
            StringBuilder out = new StringBuilder();
            for (int j = 0; j < session.jobTable().rows(); j++) {
                out.append(j).append(' ').append(session.jobTable().key(j)).append(' ')
                        .append(session.jobState().phase(j)).append('/').append(cache.jobState().phase(j))
                        .append(session.conditions().isUnschedulable(j) ? " unschedulable" : "")
                        .append(session.conditions().isInvalid(j) ? " invalid" : "").append(' ')
                        .append(session.conditions().reason(j)).append(": ")
                        .append(session.conditions().message(j)).append('\n');
            }
            return out.append(bound).toString();
        }
    }

    /**
     * All the plugins the kernel has, with proportion or (every third seed) capacity; every other seed gang alone in
     * a second tier (victims are then chosen without its veto, so a ready gang can lose pods within a session), and
     * every fourth seed without enqueue (allocate then admits every job of the session itself).
     */
    private static SchedulerConf conf(long seed) {
        String skipped = seed % 3 == 0 ? "proportion" : "capacity";
        boolean gangApart = seed % 2 == 1;
        List<PluginOption> plugins = new ArrayList<>();
        for (String name : new TreeSet<>(PluginRegistry.defaults().names())) {
            if (!name.equals(skipped) && !(gangApart && name.equals("gang"))) {
                plugins.add(PluginOption.of(name));
            }
        }
        List<Tier> tiers = gangApart ? List.of(new Tier(plugins), new Tier(List.of(PluginOption.of("gang"))))
                : List.of(new Tier(plugins));
        List<String> actions = seed % 4 == 0 ? List.of("allocate", "backfill", "preempt", "reclaim")
                : List.of("enqueue", "allocate", "backfill", "preempt", "reclaim");
        return new SchedulerConf(actions, tiers, Map.of());
    }
}
