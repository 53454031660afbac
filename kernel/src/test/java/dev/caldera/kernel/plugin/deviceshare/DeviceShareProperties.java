package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.Moves;
import dev.caldera.kernel.testing.PluginRun;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.testing.Sessions;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GPU accounting on random GPU clusters: no device ever holds more than its capacity, a share sits on exactly
 * one device and a whole-GPU pod on exactly its count of devices no one else uses; a discarded statement
 * restores every device and every assignment exactly; and the incremental selector decides exactly as the
 * plain scan with every policy (a node's GPU state change refreshes its verdict and score, never a stale one).
 */
class DeviceShareProperties {
    private static final String[] POLICIES = {null, "bestfit", "gpupacking", "dotprod", "random", "fgd", "fgdfill"};
    private static final String[] MODELS = {"T4", "G2", "V100"};
    private static final String[] TIES = {"shuffled", "random", "rank"};

    @Property(tries = 120)
    void discardRestoresEveryDeviceAndAssignment(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                                @ForAll @IntRange(min = 1, max = 40) int operations) {
        SplittableRandom r = new SplittableRandom(seed);
        PluginCluster cluster = PluginSessions.cluster();
        fill(cluster, r, 6, 12, true);
        SessionView s = PluginSessions.open(cluster, GpuClusters.deviceshare(POLICIES[r.nextInt(POLICIES.length)]));
        DeviceSharePlugin plugin = s.plugins().plugin(DeviceSharePlugin.class);
        String before = image(s, plugin);

        Moves st = new Moves(s);
        st.begin();
        for (int i = 0; i < operations; i++) {
            operate(s, st, r);
            assertAccountingHolds(s, plugin);
            StateDigests.assertKeptAsComputed(plugin.state());
        }
        st.discard();

        assertThat(image(s, plugin)).isEqualTo(before);
        StateDigests.assertKeptAsComputed(plugin.state());
    }

    @Property(tries = 60)
    void scheduledCyclesNeverOverfillADevice(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        PluginCluster cluster = new PluginCluster();
        cluster.openQueue("q", 1);
        fill(cluster, r, 5, 0, false);
        String policy = POLICIES[r.nextInt(POLICIES.length)];
        try (PluginRun scheduler = cluster.scheduler(List.of("allocate"), tiers(policy)).binds(bindRunning(cluster))) {
            DeviceSharePlugin plugin = scheduler.session().plugins().plugin(DeviceSharePlugin.class);
            for (int cycle = 0; cycle < 4; cycle++) {
                addPods(cluster, r, "c" + cycle, 8);
                scheduler.runOnce();
                assertAccountingHolds(scheduler.session(), plugin);
                StateDigests.assertKeptAsComputed(plugin.state());
            }
        }
    }

    /**
     * With each tie-break: the scorer promises to read only the task's request ({@code requestOnly}) with the node
     * order's or no tie-break, not with the random one, which draws with the class's profile too.
     */
    @Property(tries = 120)
    void incrementalAndScanSelectorsDecideIdentically(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        String policy = POLICIES[r.nextInt(POLICIES.length)];
        String ties = TIES[r.nextInt(TIES.length)];
        assertThat(decisions(seed, policy, ties, true)).isEqualTo(decisions(seed, policy, ties, false));
    }

    private static List<String> decisions(long seed, String policy, String ties, boolean incremental) {
        SplittableRandom r = new SplittableRandom(seed);
        PluginCluster cluster = new PluginCluster();
        cluster.openQueue("q", 1);
        fill(cluster, r, 7, 0, false);
        List<String> out = new ArrayList<>();
        PluginRun.Binds running = bindRunning(cluster);
        try (PluginRun scheduler = cluster.scheduler(List.of("allocate"), tiers(policy, DeviceShareOptions.TIE_BREAK,
                ties)).options(1, 0, incremental)
                .binds((uid, key, node) -> out.add(key + "->" + node) && running.bind(uid, key, node))) {
            DeviceSharePlugin plugin = scheduler.session().plugins().plugin(DeviceSharePlugin.class);
            for (int cycle = 0; cycle < 3; cycle++) {
                addPods(cluster, r, "c" + cycle, 10);
                scheduler.runOnce();
                for (int t = 0; t < cluster.tasks().rows(); t++) {
                    if (cluster.tasks().live(t) && plugin.devices(t) != 0) {
                        out.add(cluster.tasks().key(t) + "@" + Long.toBinaryString(plugin.devices(t)));
                    }
                }
            }
        }
        return out;
    }

    /** A bind makes the pod Running on its node with the devices it was given, as a cluster would report it. */
    private static PluginRun.Binds bindRunning(PluginCluster cluster) {
        return (uid, key, node) -> {
            int row = cluster.taskRow(uid);
            int cls = cluster.tasks().taskClass(row);
            Pod spec = Pod.builder("ns", cluster.tasks().name(row)).uid(uid).job(jobName(cluster, row))
                    .request(request(cluster, row)).placement(cluster.profiles().spec(cluster.classes().profile(cls)))
                    .creationMs(cluster.tasks().creationMs(row)).running(node).build();
            cluster.upsertTask(spec);
            return true;
        };
    }

    private static String jobName(PluginCluster cluster, int row) {
        String key = cluster.jobs().key(cluster.tasks().job(row));
        return key.substring(key.indexOf('/') + 1);
    }

    private static ResourceList request(PluginCluster cluster, int row) {
        Request v = cluster.classes().request(cluster.tasks().taskClass(row));
        Map<String, Long> m = new java.util.LinkedHashMap<>();
        for (int d = 0; d < v.length(); d++) {
            if (v.get(d) != 0 && d != 2) {
                m.put(cluster.dims().name(d), v.get(d));
            }
        }
        return ResourceList.of(m);
    }

    private static List<List<PluginOption>> tiers(String policy, Object... keyValues) {
        Object[] args = Arrays.copyOf(new Object[] {DeviceShareOptions.SEED, 3}, 2 + keyValues.length);
        System.arraycopy(keyValues, 0, args, 2, keyValues.length);
        return List.of(List.of(PluginOption.of("priority"), PluginOption.of("gang")), List.of(
                PluginOption.of("predicates"), GpuClusters.deviceshare(policy, args)));
    }

    /** Nodes with 1 to 8 GPUs of a few models; with {@code pods}, pending and running pods of job ns/job. */
    private static void fill(PluginCluster cluster, SplittableRandom r, int nodes, int pods, boolean inJob) {
        for (int n = 0; n < nodes; n++) {
            int gpus = new int[] {1, 2, 4, 8}[r.nextInt(4)];
            GpuClusters.node(cluster, String.format("n%02d", n), 8 + r.nextInt(60), gpus, MODELS[r.nextInt(MODELS.length)]);
        }
        for (int i = 0; i < pods; i++) {
            ResourceList request = randomRequest(r);
            String node = r.nextInt(3) == 0 ? String.format("n%02d", r.nextInt(nodes)) : null;
            GpuClusters.pod(cluster, "p" + i, request, placement(r), node, 0);
        }
    }

    private static void addPods(PluginCluster cluster, SplittableRandom r, String prefix, int pods) {
        for (int i = 0; i < pods; i++) {
            String name = prefix + "-" + i;
            cluster.upsertJob("ns", name, "q", 1, Map.of(), null, null, "Inqueue", i);
            cluster.upsertTask(Pod.builder("ns", name).job(name).request(randomRequest(r)).placement(placement(r))
                    .creationMs(i).build());
        }
    }

    private static ResourceList randomRequest(SplittableRandom r) {
        long cpu = 1000L * (1 + r.nextInt(8));
        return switch (r.nextInt(3)) {
            case 0 -> ResourceList.of("cpu", cpu, "memory", GpuClusters.GI, DeviceSharePlugin.GPU_MEMORY,
                    1000L * (100 + 100 * r.nextInt(9)));
            case 1 -> ResourceList.of("cpu", cpu, "memory", GpuClusters.GI, DeviceSharePlugin.GPU_NUMBER,
                    1000L * (1 + r.nextInt(4)));
            default -> ResourceList.of("cpu", cpu, "memory", GpuClusters.GI);
        };
    }

    private static PlacementSpec placement(SplittableRandom r) {
        return r.nextInt(4) == 0 ? GpuClusters.models(MODELS[r.nextInt(MODELS.length)]) : PlacementSpec.NONE;
    }

    private static void operate(SessionView s, Moves st, SplittableRandom r) {
        List<Integer> pending = new ArrayList<>();
        List<Integer> running = new ArrayList<>();
        for (int t = 0; t < s.tasks().rows(); t++) {
            if (s.tasks().live(t) && s.status(t) == TaskStatus.PENDING) {
                pending.add(t);
            } else if (s.tasks().live(t) && s.status(t) == TaskStatus.RUNNING) {
                running.add(t);
            }
        }
        int node = s.node(r.nextInt(s.nodeCount()));
        int kind = r.nextInt(3);
        if (kind == 0 && !pending.isEmpty()) {
            int t = pending.get(r.nextInt(pending.size()));
            if (s.plugins().predicate(t, node) == 0) {
                st.allocate(t, node);
            }
        } else if (kind == 1 && !pending.isEmpty()) {
            int t = pending.get(r.nextInt(pending.size()));
            if (s.plugins().predicate(t, node) == 0) {
                st.pipeline(t, node);
            }
        } else if (!running.isEmpty()) {
            st.evict(running.get(r.nextInt(running.size())), Moves.PREEMPT);
        }
    }

    /** Devices within capacity and their free units and holders exactly what the placed tasks' masks say. */
    static void assertAccountingHolds(SessionView s, DeviceSharePlugin plugin) {
        GpuNodes g = plugin.gpus();
        long[][] used = new long[g.rows()][64];
        int[][] holders = new int[g.rows()][64];
        for (int t = 0; t < s.tasks().rows(); t++) {
            long mask = plugin.devices(t);
            if (mask == 0) {
                continue;
            }
            int node = s.nodeOf(t);
            Request request = s.requestOf(t);
            int memory = s.dims().find(DeviceSharePlugin.GPU_MEMORY);
            int number = s.dims().find(DeviceSharePlugin.GPU_NUMBER);
            long share = memory >= 0 ? request.at(memory) : 0;
            long whole = number >= 0 ? request.at(number) / 1000 : 0;
            assertThat(Long.bitCount(mask)).as("devices of task %s", s.tasks().key(t)).isEqualTo(share > 0 ? 1 : (int) whole);
            for (long m = mask; m != 0; m &= m - 1) {
                int d = Long.numberOfTrailingZeros(m);
                used[node][d] += share > 0 ? share : g.capacity(node);
                holders[node][d]++;
            }
        }
        for (int node = 0; node < g.rows(); node++) {
            for (int d = 0; d < g.devices(node); d++) {
                long free = g.free(node, d);
                assertThat(free).isBetween(0L, g.capacity(node));
                assertThat(g.capacity(node) - free).as("used units of device %d of node %d", d, node).isEqualTo(used[node][d]);
                assertThat(g.holders(node, d)).isEqualTo(holders[node][d]);
                if (holders[node][d] > 1) {
                    assertThat(used[node][d]).isLessThanOrEqualTo(g.capacity(node));
                }
            }
        }
    }

    private static String image(SessionView s, DeviceSharePlugin plugin) {
        StringBuilder b = new StringBuilder();
        GpuNodes g = plugin.gpus();
        for (int node = 0; node < g.rows(); node++) {
            for (int d = 0; d < g.devices(node); d++) {
                b.append(node).append('/').append(d).append('=').append(g.free(node, d)).append(',')
                        .append(g.holders(node, d)).append(';');
            }
        }
        for (int t = 0; t < s.tasks().rows(); t++) {
            b.append(t).append(':').append(plugin.devices(t)).append(' ');
        }
        byte[] status = new byte[s.tasks().rows()];
        for (int t = 0; t < status.length; t++) {
            status[t] = s.status(t);
        }
        return b.append(Arrays.toString(status)).toString();
    }
}
