package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.topology.HyperNodeMember;
import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.plugin.networktopology.NetworkTopologyAwarePlugin;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import dev.caldera.kernel.testing.PluginImage;
import dev.caldera.kernel.testing.RandomTopologies;
import dev.caldera.kernel.testing.SessionImage;
import dev.caldera.kernel.topology.HyperNodeTree;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invariants of the topology-aware path over random racks, spines and gangs ({@link RandomTopologies}):
 * hard mode keeps a job inside one HyperNode of an allowed tier; dry runs leave every session array as it was;
 * the outcome does not depend on the order the HyperNodes arrive in.
 */
class TopologyProperties {
    private static final List<Tier> TIERS = List.of(new Tier(List.of(PluginOption.of("priority"),
            PluginOption.of("gang"), PluginOption.of("predicates"), PluginOption.of("binpack"),
            PluginOption.of("network-topology-aware"))));
    /** {@link #TIERS} with the plugins that keep shares as tasks move (Volcano's default conf has both). */
    private static final List<Tier> WITH_SHARES = List.of(new Tier(List.of(PluginOption.of("priority"),
            PluginOption.of("gang"), PluginOption.of("conformance"))), new Tier(List.of(PluginOption.of("drf"),
            PluginOption.of("predicates"), PluginOption.of("proportion"), PluginOption.of("binpack"),
            PluginOption.of("network-topology-aware"))));

    @Property(tries = 150)
    void aHardJobsPlacedTasksLieInOneHyperNodeOfAnAllowedTier(@ForAll @LongRange(max = 1_000_000) long seed) {
        RandomTopologies t = RandomTopologies.of(seed);
        ClusterCache cache = feed(t, t.hyperNodes);
        try (Scheduler s = scheduler(cache, new TreeMap<>())) {
            s.runOnce();
            Session session = s.session();
            for (JobSpec job : t.jobs) {
                NetworkTopologySpec spec = job.networkTopology();
                int row = cache.jobRow(job.key());
                if (spec != null && spec.mode() == NetworkTopologySpec.Mode.HARD) {
                    assertInsideOneAllowedHyperNode(session, session.jobTable().tasks(row), job.key(), spec.highestTierAllowed());
                }
                assertSubGroupsInside(session, job, row);
            }
        }
    }

    /** Each sub-group of a hard-mode policy, as its pod labels make it, is inside one allowed HyperNode too. */
    private static void assertSubGroupsInside(Session s, JobSpec job, int row) {
        for (var policy : job.subGroupPolicy()) {
            NetworkTopologySpec spec = policy.networkTopology();
            if (spec == null || spec.mode() != NetworkTopologySpec.Mode.HARD) {
                continue;
            }
            Map<String, IntArrayList> byGroup = new TreeMap<>();
            IntArrayList tasks = s.jobTable().tasks(row);
            int key = s.symbolTable().find(RandomTopologies.GROUP_LABEL);
            for (int i = 0; i < tasks.size(); i++) {
                int value = s.taskTable().label(tasks.getInt(i), key);
                byGroup.computeIfAbsent(s.symbolTable().string(value), v -> new IntArrayList()).add(tasks.getInt(i));
            }
            byGroup.forEach((g, members) -> assertInsideOneAllowedHyperNode(s, members, job.key() + " sub-group " + g,
                    spec.highestTierAllowed()));
        }
    }

    /**
     * The tasks the cycle bound or pipelined share a HyperNode of tier <= allowed. (Tasks already running are left
     * out: a job whose only topology is its own, with sub-groups that have none, recovers no allocated HyperNode
     * from them after a restart, as in Volcano, so a random start may have them anywhere.)
     */
    private static void assertInsideOneAllowedHyperNode(Session s, IntArrayList tasks, String what, int allowed) {
        HyperNodeTree tree = s.topologyState().tree();
        int common = -1;
        for (int i = 0; i < tasks.size(); i++) {
            int task = tasks.getInt(i);
            byte status = s.status(task);
            int node = s.taskState().node(task);
            if ((status == TaskStatus.BINDING || status == TaskStatus.PIPELINED) && node >= 0) {
                common = tree.lca(common, tree.chain(tree.chainStart(node)));
            }
        }
        if (common >= 0) {
            assertThat(tree.tier(common)).as("%s: its tasks meet only in %s", what, tree.describe(common))
                    .isLessThanOrEqualTo(allowed);
        }
    }

    /**
     * Every job's search (its dry runs, SaveOperations and Discard, never a commit) leaves the session's arrays
     * ({@link SessionImage}: node, task, job and HyperNode sums, allocated HyperNodes) and everything the plugins
     * told of each statement operation hold ({@link PluginImage#withoutMemos}: drf's job shares, proportion's
     * queue allocations, the predicates' inter-pod counts) exactly as before. (The other plugins keep only
     * per-call scratch, such as the network-topology-aware plugin's stamped HyperNode scores.)
     */
    @Property(tries = 100)
    void dryRunsLeaveEverySessionArrayAsItWas(@ForAll @LongRange(max = 1_000_000) long seed) {
        RandomTopologies t = RandomTopologies.of(seed);
        ClusterCache cache = feed(t, t.hyperNodes);
        cache.applyChanges();
        Session session = new Session(cache, dev.caldera.kernel.framework.PluginChain.build(WITH_SHARES,
                PluginRegistry.defaults()));
        session.open();
        SessionImage before = SessionImage.of(session);
        PluginImage pluginsBefore = PluginImage.withoutMemos(bookkeeping(session));
        SavedPool pool = new SavedPool();
        FlatPlacement flat = new FlatPlacement(session);
        SubJobSearch sub = new SubJobSearch(session, flat, new Statement(session), pool, new SearchReport());
        JobSearch search = new JobSearch(session, sub, new Statement(session), pool);
        NetworkTopologyAwarePlugin plugin = session.plugins().plugin(NetworkTopologyAwarePlugin.class);
        for (int i = 0; i < session.jobCount(); i++) {
            int job = session.job(i);
            if (session.topologyState().handled(job)) {
                search.search(job, new Worksheet(session, job, session.topologyState().subJobs(job)), plugin);
                pool.releaseAll();
            }
        }
        assertThat(SessionImage.of(session)).isEqualTo(before);
        assertThat(pluginsBefore.changesIn(PluginImage.withoutMemos(bookkeeping(session)))).isEmpty();
    }

    /** The plugins of {@link #WITH_SHARES} that register an {@code AllocateListener}. */
    private static Plugin[] bookkeeping(Session s) {
        return Arrays.stream(s.plugins().plugins()).filter(p -> Set.of("drf", "proportion", "predicates")
                .contains(p.name())).toArray(Plugin[]::new);
    }

    /** The HyperNodes arrive in another order, each with its members in another order: the same binds. */
    @Property(tries = 100)
    void theOutcomeDoesNotDependOnHyperNodeOrder(@ForAll @LongRange(max = 1_000_000) long seed) {
        RandomTopologies t = RandomTopologies.of(seed);
        Random random = new Random(seed);
        List<HyperNodeSpec> shuffled = new ArrayList<>();
        for (HyperNodeSpec h : t.hyperNodes) {
            List<HyperNodeMember> members = new ArrayList<>(h.members());
            Collections.shuffle(members, random);
            shuffled.add(new HyperNodeSpec(h.name(), h.tier(), h.tierName(), members));
        }
        Collections.shuffle(shuffled, random);
        Map<String, String> asGiven = cycle(feed(t, t.hyperNodes));
        Map<String, String> reordered = cycle(feed(t, shuffled));
        assertThat(reordered).isEqualTo(asGiven);
    }

    /** Binds of one cycle, and each job's allocated HyperNode afterwards. */
    private static Map<String, String> cycle(ClusterCache cache) {
        Map<String, String> out = new TreeMap<>();
        try (Scheduler s = scheduler(cache, out)) {
            s.runOnce();
        }
        for (int j = 0; j < cache.jobs().rows(); j++) {
            if (cache.jobs().hasSpec(j)) {
                out.put("hypernode of " + cache.jobs().key(j), String.valueOf(cache.topology().allocatedHyperNode(j)));
            }
        }
        return out;
    }

    private static ClusterCache feed(RandomTopologies t, List<HyperNodeSpec> hyperNodes) {
        ClusterCache cache = new ClusterCache();
        cache.upsertQueue(t.queue);
        t.nodes.forEach(cache::upsertNode);
        hyperNodes.forEach(cache::upsertHyperNode);
        t.jobs.forEach(cache::upsertJob);
        t.tasks.forEach(cache::upsertTask);
        return cache;
    }

    private static Scheduler scheduler(ClusterCache cache, Map<String, String> binds) {
        SchedulerConf conf = new SchedulerConf(List.of("allocate"), TIERS, Map.of());
        Sinks sinks = new Sinks((uid, key, node) -> binds.put(key, node) == null, (u, k, r) -> true, (j, p, r) -> { });
        return new Scheduler(cache, conf, PluginRegistry.defaults(), SchedulerOptions.DEFAULT, sinks);
    }
}
