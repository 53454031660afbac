package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.PluginRun;
import dev.caldera.kernel.testing.Pod;
import net.jqwik.api.ForAll;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The policy scorer with its kept scores ({@link ScoreMemo} per node row, {@link StateScores} per node state)
 * answers what the policy computes from scratch for the node as it is: a cluster of a few node kinds (so that many
 * nodes are alike, and share their scores) goes through cycles of pods arriving, binding and finishing, and after
 * each cycle every live task's score on every node it fits is compared with {@code policy.score} times the weight
 * plus the tie-break, computed directly, and every node's fragment in GPUs ({@link DeviceSharePlugin#fragmentGpus},
 * kept per node state) with FGD's {@link Fragmentation#of} counted from scratch. The workload mix is fixed in most tries (kept scores then live across
 * cycles) and derived from the pods in the others (a new mix each cycle forgets them). With fgdfill, the devices its
 * choice keeps per node state for a shape are compared with those chosen from scratch too. Coverage: over the tries,
 * nodes in the state of another node are scored for the same shape, which is what {@link StateScores} shares, some
 * of them with that node's devices in another order.
 */
class StateScoresProperties {
    private static final String[] POLICIES = {"bestfit", "gpupacking", "dotprod", "random", "fgd", "fgdfill"};
    private static final String[] MODELS = {"T4", "G2", "V100"};

    @Property(tries = 60)
    void keptScoresAndFragmentsAreThoseOfTheNodeAsItIs(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        String policy = POLICIES[r.nextInt(POLICIES.length)];
        World w = new World(r, policy);
        try {
            for (int cycle = 0; cycle < 6; cycle++) {
                w.cycle();
                SHARED.addAndGet(w.compareEveryScore("seed " + seed + " " + policy + " cycle " + cycle));
            }
        } finally {
            w.close();
        }
    }

    /** Pairs scored, over all tries, on a node in the state of another node scored for the same shape before. */
    private static final AtomicInteger SHARED = new AtomicInteger();

    /** Of those, pairs whose node held that state's devices in another order (or other memory). */
    private static final AtomicInteger PERMUTED = new AtomicInteger();

    @AfterContainer
    static void someNodesWereAlike() {
        assertThat(SHARED.get()).as("pairs scored on a node in the state of another").isPositive();
        assertThat(PERMUTED.get()).as("pairs scored on a node in the state of another, its devices in another order")
                .isPositive();
    }

    /** A cluster of alike nodes and its scheduler; bound pods run, and some finish each cycle. */
    private static final class World {
        private final SplittableRandom r;
        private final PluginCluster cluster = new PluginCluster();
        private final PluginRun scheduler;
        private final DeviceSharePlugin plugin;
        private final Map<String, Pod> specs = new HashMap<>();
        private final boolean fixedMix;
        private int pods;

        World(SplittableRandom r, String policy) {
            this.r = r;
            cluster.openQueue("q", 1);
            int kinds = 1 + r.nextInt(3);
            long[] cpus = new long[kinds];
            int[] gpus = new int[kinds];
            String[] models = new String[kinds];
            for (int k = 0; k < kinds; k++) {
                cpus[k] = 8 + r.nextInt(56);
                gpus[k] = new int[] {1, 2, 4, 8}[r.nextInt(4)];
                models[k] = MODELS[r.nextInt(MODELS.length)];
            }
            for (int n = 0, count = 4 * kinds + r.nextInt(7); n < count; n++) {
                int k = n % kinds; // at least four nodes of each kind
                GpuClusters.node(cluster, String.format("n%02d", n), cpus[k], gpus[k], models[k]);
            }
            scheduler = cluster.scheduler(List.of("allocate"), List.of(List.of(PluginOption.of("priority"),
                    PluginOption.of("gang")), List.of(PluginOption.of("predicates"),
                    GpuClusters.deviceshare(policy, DeviceShareOptions.SEED, 7)))).binds(this::bound);
            plugin = scheduler.session().plugins().plugin(DeviceSharePlugin.class);
            fixedMix = r.nextInt(4) != 0;
            if (fixedMix) {
                plugin.workloadMix(mix());
            }
        }

        void cycle() {
            SessionView s = scheduler.session();
            for (int t = 0; t < s.tasks().rows(); t++) {
                if (s.tasks().live(t) && s.status(t) == TaskStatus.RUNNING && r.nextInt(3) == 0) {
                    cluster.removeTask(s.tasks().uid(t));
                }
            }
            for (int i = 0, n = 2 + r.nextInt(8); i < n; i++) {
                String name = "p" + pods++;
                cluster.upsertJob("ns", name, "q", 1, Map.of(), null, null, "Inqueue", pods);
                Pod spec = Pod.builder("ns", name).job(name).request(request()).creationMs(pods).build();
                specs.put(spec.uid(), spec);
                cluster.upsertTask(spec);
            }
            scheduler.runOnce();
        }

        /**
         * Compares the scorer with the policy's own score for every live task on every node it fits; answers how
         * many of the pairs had a node in the same state as an earlier node, for a task of the same shape.
         */
        int compareEveryScore(String where) {
            SessionView s = scheduler.session();
            GpuState state = plugin.state();
            GpuPolicy policy = plugin.gpuPolicy();
            Map<List<Long>, Integer> firstNode = new LinkedHashMap<>();
            int shared = 0;
            for (int i = 0; i < s.nodeCount(); i++) {
                // the replay's fragmentation samples read the fragment kept per node state
                int node = s.node(i);
                long cap = state.nodes.capacity[node];
                double fresh = cap == 0 ? 0 : Fragmentation.of(state.nodes, state.typical, node, state.cpuLeft(node)) / cap;
                assertThat(plugin.fragmentGpus(node)).as("%s: fragment of node %s", where, s.nodes().name(node))
                        .isEqualTo(fresh);
            }
            for (int t = 0; t < s.tasks().rows(); t++) {
                if (!s.tasks().live(t)) {
                    continue;
                }
                int cls = state.classOf(t);
                for (int i = 0; i < s.nodeCount(); i++) {
                    int node = s.node(i);
                    if (plugin.check(t, node) != FitReason.OK) {
                        continue;
                    }
                    long nodeState = state.stateHash(node);
                    double scale = policy.integerScores() ? 1 : 1e-9;
                    double expected = policy.score(state, cls, node) * plugin.weight()
                            + scale * state.jitter(cls, node, nodeState);
                    assertThat(plugin.scorer().score(t, node)).as("%s: task %s on node %s", where,
                            s.tasks().key(t), s.nodes().name(node)).isEqualTo(expected);
                    if (policy instanceof FillPolicy fill) {
                        // the device kept for a shape on a node in this state (by a bind or by this loop) is the one
                        // chosen from scratch
                        assertThat(fill.choose(state, cls, node)).as("%s: devices of task %s on node %s", where,
                                s.tasks().key(t), s.nodes().name(node)).isEqualTo(fill.chooseAfresh(state, cls, node));
                    }
                    Integer first = firstNode.putIfAbsent(List.of(state.classes.shapeHash[cls],
                            state.sharedStateHash(node), (long) state.nodes.count[node]), node);
                    shared += first != null && first != node ? 1 : 0;
                    if (first != null && state.scoreStateHash(first) != state.scoreStateHash(node)) {
                        PERMUTED.incrementAndGet();
                    }
                }
            }
            return shared;
        }

        private boolean bound(String uid, String key, String node) {
            int row = cluster.taskRow(uid);
            cluster.upsertTask(specs.get(uid).toBuilder().running(node).gpuDevices(plugin.devices(row)).build());
            return true;
        }

        /** A few request shapes, so that pods of one shape meet nodes of one state. */
        private ResourceList request() {
            long cpu = 1000L * (1 + r.nextInt(4));
            return switch (r.nextInt(3)) {
                case 0 -> ResourceList.of("cpu", cpu, "memory", GpuClusters.GI, DeviceSharePlugin.GPU_MEMORY,
                        1000L * (250 * (1 + r.nextInt(3))));
                case 1 -> ResourceList.of("cpu", cpu, "memory", GpuClusters.GI, DeviceSharePlugin.GPU_NUMBER,
                        1000L * (1 + r.nextInt(2)));
                default -> ResourceList.of("cpu", cpu, "memory", GpuClusters.GI);
            };
        }

        private WorkloadMix mix() {
            List<WorkloadMix.Entry> entries = new ArrayList<>();
            for (int i = 0, n = 2 + r.nextInt(8); i < n; i++) {
                long cpu = 1000L * r.nextInt(5);
                Set<String> models = r.nextInt(4) == 0 ? Set.of(MODELS[r.nextInt(MODELS.length)]) : Set.of();
                WorkloadMix.Shape shape = switch (r.nextInt(4)) {
                    case 0 -> new WorkloadMix.Shape(cpu, 0, 1 + r.nextInt(4), models);
                    case 1 -> new WorkloadMix.Shape(cpu, 0, 0, Set.of());
                    default -> new WorkloadMix.Shape(cpu, 1000L * (250 * (1 + r.nextInt(3))), 0, models);
                };
                entries.add(new WorkloadMix.Entry(shape, 1 + r.nextInt(50)));
            }
            return WorkloadMix.of(entries);
        }

        void close() {
            scheduler.close();
        }
    }
}
