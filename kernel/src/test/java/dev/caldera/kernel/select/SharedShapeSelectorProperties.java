package dev.caldera.kernel.select;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.NodeScorer;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PreferredTerm;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.Clusters;
import dev.caldera.kernel.testing.PluginSessions;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.lifecycle.AfterContainer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Task classes of one request and different placement profiles share their views' resource fit and request-only
 * node scores ({@link ShapeView}) and still pick what the scan picks: a few requests, each asked by classes of
 * several profiles (node selectors, required and preferred node affinity, tolerations of hard and soft taints),
 * their tasks selected in a shuffled order so that the classes of one request take turns, placed, sometimes
 * taken back (resources given back), over three sessions with a kept selector (bound pods, new arrivals), with
 * the real node plugins (predicates, nodeorder with random weights, binpack) and, in some runs, a node scorer that
 * reads the task's profile before or after the request-only ones; node equivalence on or off; in some runs a
 * budget of two views, so views and shapes serve other classes and requests with their arrays. Each run must
 * really take fits and scores computed for another class of the same request.
 */
class SharedShapeSelectorProperties {
    private static final int[] BATCH_MODES = {IncrementalSelector.BATCH_BY_PROBE, IncrementalSelector.BATCH_NEVER,
        IncrementalSelector.BATCH_ALWAYS};
    private static final String[] ZONES = {"a", "b", "c"};
    private static final Taint SOFT = new Taint("spot", "true", TaintEffect.PREFER_NO_SCHEDULE);
    private static final Taint HARD = new Taint("dedicated", "x", TaintEffect.NO_SCHEDULE);
    private static final int SESSIONS = 3;

    @Property(tries = 150)
    void classesOfOneRequestDecideLikeTheScan(@ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        new Run(seed, false).check();
    }

    @Property(tries = 80)
    void aProfileScorerBesideTheSharedOnesDecidesLikeTheScan(
            @ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        new Run(seed, true).check();
    }

    /** Batches, over all tries, whose refreshes fell in both shards' words. */
    private static final AtomicLong SPLIT_BATCHES = new AtomicLong();

    @AfterContainer
    static void someBatchesWereSplit() {
        assertThat(SPLIT_BATCHES.get()).as("batches split between two shards").isPositive();
    }

    private static final class Run {
        private final long seed;
        /**
         * Half the seeds (by the seed, as the batch mode) run the kept selector on a pool of two shards, every view
         * build and every batch on them, with more than 64 nodes so that a batch can be split (whole 64-leaf words).
         */
        private final boolean sharded;
        private final ShardPool pool;
        private final boolean profileScorer;
        private final SplittableRandom r;
        private final ClusterCache cache = PluginSessions.cache();
        private final List<String> nodes = new ArrayList<>();
        private final List<ResourceList> requests = new ArrayList<>();
        private final List<PlacementSpec> profiles = new ArrayList<>();
        private final Map<String, TaskSpec> pending = new LinkedHashMap<>();
        private int created;

        Run(long seed, boolean profileScorer) {
            this.seed = seed;
            this.sharded = Math.floorMod(seed / BATCH_MODES.length, 2) == 1;
            this.pool = sharded ? new ShardPool(2) : null;
            this.profileScorer = profileScorer;
            this.r = new SplittableRandom(seed);
        }

        void check() {
            try {
                run();
            } finally {
                if (pool != null) {
                    pool.close();
                }
            }
        }

        private void run() {
            int count = sharded ? 65 + r.nextInt(40) : 8 + r.nextInt(25);
            for (int n = 0; n < count; n++) {
                addNode("node-" + n);
            }
            for (int i = 1 + r.nextInt(3); i > 0; i--) {
                requests.add(request());
            }
            profiles.add(PlacementSpec.NONE);
            // a second profile that accepts every node the first does, so that two classes of a request always fit
            profiles.add(new PlacementSpec(Map.of(), List.of(), List.of(),
                    List.of(new Toleration(SOFT.key(), true, "", null)), List.of()));
            for (int i = 1 + r.nextInt(4); i > 0; i--) {
                profiles.add(placement());
            }
            arrive(Math.max(24, count * (1 + r.nextInt(3))));
            Session s = open();
            boolean equivalence = r.nextInt(4) > 0;
            long budget = r.nextInt(4) == 0 ? 1 : 256L << 20;
            IncrementalSelector kept = new IncrementalSelector(s, pool, sharded ? 0 : Integer.MAX_VALUE, budget,
                    equivalence);
            // catch-ups replayed in batches (one tree replay at the end) after a probe, never, or always; taken
            // from the seed, not from the run's random stream, so that the runs are the ones they were before
            int batchMode = BATCH_MODES[(int) Math.floorMod(seed, BATCH_MODES.length)];
            kept.batchMode = batchMode;
            if (sharded) {
                // every view build and every batch on the two shards, however small
                kept.shardedBatchThreshold = 0;
            }
            int placed = 0;
            for (int session = 0; session < SESSIONS; session++) {
                if (session > 0) {
                    s.close();
                    change(s);
                    cache.applyChanges();
                    cache.resolveJobPriorities();
                    s.open();
                }
                placed += place(s, kept, session);
            }
            assertThat(placed).as("seed " + seed + " placed something").isPositive();
            SPLIT_BATCHES.addAndGet(kept.splitBatches());
            if (batchMode == IncrementalSelector.BATCH_ALWAYS) {
                assertThat(kept.batchReplays()).as("seed " + seed + " catch-ups replayed in batches").isPositive();
                if (sharded) {
                    assertThat(kept.shardedBatches()).as("seed " + seed + " batches replayed on shards")
                            .isPositive();
                }
            } else if (batchMode == IncrementalSelector.BATCH_NEVER) {
                assertThat(kept.batchReplays()).as("seed " + seed + " catch-ups replayed in batches").isZero();
            }
            // the property must compare entries one class computed and another read, not every class on its own
            assertThat(kept.sharedEntries()).as("seed " + seed + " fits and scores shared between classes")
                    .isPositive();
        }

        private Session open() {
            List<PluginOption> tier = new ArrayList<>();
            boolean first = profileScorer && r.nextBoolean();
            if (first) {
                tier.add(PluginOption.of(ProfileScore.NAME));
            }
            tier.add(plugin("predicates"));
            tier.add(plugin("nodeorder", "leastrequested.weight", r.nextInt(3), "mostrequested.weight", r.nextInt(3),
                    "balancedresource.weight", r.nextInt(3)));
            tier.add(plugin("binpack", "binpack.weight", 1 + r.nextInt(5)));
            if (profileScorer && !first) {
                tier.add(PluginOption.of(ProfileScore.NAME));
            }
            PluginRegistry registry = PluginRegistry.defaults().register(ProfileScore.NAME, o -> new ProfileScore());
            Session s = new Session(cache, PluginChain.build(List.of(new Tier(tier)), registry));
            cache.applyChanges();
            cache.resolveJobPriorities();
            s.open();
            return s;
        }

        /** Every pending task in a shuffled order: the kept selector and the scan pick the same node. */
        private int place(Session s, IncrementalSelector kept, int session) {
            ScanSelector scan = new ScanSelector(s);
            List<Integer> order = new ArrayList<>();
            for (int task = 0; task < s.taskTable().rows(); task++) {
                if (s.taskTable().live(task) && s.status(task) == TaskStatus.PENDING && s.nodeOf(task) < 0) {
                    order.add(task);
                }
            }
            for (int i = order.size() - 1; i > 0; i--) {
                int j = r.nextInt(i + 1);
                order.set(j, order.set(i, order.get(j)));
            }
            int placed = 0;
            for (int task : order) {
                int node = scan.select(task);
                boolean idle = scan.fitsIdle();
                String where = "seed " + seed + " session " + session + " task " + s.taskTable().key(task);
                assertThat(kept.select(task)).as(where).isEqualTo(node);
                if (node < 0) {
                    continue;
                }
                assertThat(kept.fitsIdle()).as(where + " fits idle").isEqualTo(idle);
                placed++;
                if (idle) {
                    s.allocate(task, node);
                } else {
                    s.pipeline(task, node);
                }
                if (r.nextInt(6) == 0) {
                    s.unplace(task);
                }
            }
            return placed;
        }

        /** Between sessions: most allocated pods bound where they were placed, some finish, new ones arrive. */
        private void change(Session s) {
            for (int t = 0; t < s.taskTable().rows(); t++) {
                if (!s.taskTable().live(t)) {
                    continue;
                }
                String name = s.taskTable().name(t);
                byte status = s.status(t);
                if (status == TaskStatus.ALLOCATED && r.nextInt(10) < 7) {
                    cache.upsertTask(pending.remove(name).toBuilder().running(s.nodeTable().name(s.nodeOf(t)))
                            .build());
                } else if (status == TaskStatus.RUNNING && r.nextInt(5) == 0) {
                    pending.remove(name);
                    cache.removeTask(s.taskTable().uid(t));
                }
            }
            arrive(4 + r.nextInt(12));
        }

        private void arrive(int count) {
            for (int i = 0; i < count; i++) {
                String name = "task-" + created++;
                TaskSpec spec = TaskSpec.builder(PluginSessions.NS, name).job(PluginSessions.JOB)
                        .request(requests.get(r.nextInt(requests.size())))
                        .placement(profiles.get(r.nextInt(profiles.size()))).build();
                pending.put(name, spec);
                cache.upsertTask(spec);
            }
        }

        /** Nodes of a few shapes, so that many are alike; some tainted, a few cordoned or already busy. */
        private void addNode(String name) {
            nodes.add(name);
            List<Taint> taints = new ArrayList<>();
            if (r.nextInt(4) == 0) {
                taints.add(SOFT);
            }
            if (r.nextInt(6) == 0) {
                taints.add(HARD);
            }
            ResourceList alloc = ResourceList.of("cpu", 2000L * (1 + r.nextInt(3)), "memory",
                    Clusters.GI * (4L << r.nextInt(2)), "pods", 8L);
            cache.upsertNode(new NodeSpec(name, alloc, Map.of("zone", ZONES[r.nextInt(ZONES.length)]), taints,
                    r.nextInt(20) == 0));
            if (r.nextInt(4) == 0) {
                cache.upsertTask(TaskSpec.builder(PluginSessions.NS, "old-" + name).job(PluginSessions.JOB)
                        .request(request()).running(name).build());
            }
        }

        private ResourceList request() {
            return ResourceList.of("cpu", 250L * (1 + r.nextInt(8)), "memory", (Clusters.GI / 4) * (1 + r.nextInt(8)));
        }

        private PlacementSpec placement() {
            Map<String, String> selector = r.nextInt(4) == 0 ? Map.of("zone", ZONES[r.nextInt(3)]) : Map.of();
            List<SelectorTerm> required = r.nextInt(3) == 0
                    ? List.of(term(ZONES[r.nextInt(3)], ZONES[r.nextInt(3)])) : List.of();
            List<PreferredTerm> preferred = r.nextBoolean()
                    ? List.of(new PreferredTerm(1 + r.nextInt(50), term(ZONES[r.nextInt(3)]))) : List.of();
            List<Toleration> tolerations = new ArrayList<>();
            if (r.nextBoolean()) {
                tolerations.add(new Toleration(SOFT.key(), true, "", null));
            }
            if (r.nextBoolean()) {
                tolerations.add(new Toleration(HARD.key(), true, "", null));
            }
            return new PlacementSpec(selector, required, preferred, tolerations, List.of());
        }

        private static SelectorTerm term(String... zones) {
            return new SelectorTerm(List.of(new SelectorRequirement("zone", SelectorOperator.IN, List.of(zones))),
                    List.of());
        }
    }

    /**
     * A node scorer that reads the task's placement profile (not request-only), and the node's cpu: classes of one
     * request get different scores from it, so a selector that shared them would pick differently.
     */
    static final class ProfileScore implements Plugin, NodeScorer {
        static final String NAME = "test-profile-score";
        private SessionView session;

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public void register(Extensions ext) {
            ext.nodeScorer(this);
        }

        @Override
        public void open(SessionView s) {
            session = s;
        }

        @Override
        public double score(int task, int node) {
            int profile = session.classes().profile(session.tasks().taskClass(task));
            long alloc = session.nodes().allocatable(ResourceDimensions.CPU, node);
            double idle = alloc == 0 ? 0 : (double) session.idle(ResourceDimensions.CPU, node) / alloc;
            return (profile % 3) * 7.0 * idle + (profile % 2) * 3.5;
        }

        @Override
        public int nodeInputs() {
            return RESOURCES;
        }
    }
}
