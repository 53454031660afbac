package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.PluginRun;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.SessionView;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The deviceshare plugin's open lays out and accounts again only the nodes whose tasks may have changed, and
 * leaves every device and assignment as an open that lays out every node: two identical clusters go through the
 * same cycles (gangs that fail and discard, pods bound with the devices the scheduler chose or with none named,
 * pods finishing, pods arriving, nodes rewritten, now and then with other GPUs, added or removed), one opening
 * incrementally, the other made to copy every row at each open; after every cycle both have the same free units
 * and holders on every device, the same devices for every task and the same entry kept for every task row (pending
 * and dead ones too), and they bound the same pods to the same nodes.
 */
class IncrementalDeviceOpenProperties {
    private static final String[] POLICIES = {null, "bestfit", "gpupacking", "dotprod", "random", "fgd", "fgdfill"};
    private static final String[] MODELS = {"T4", "G2", "V100"};

    @Property(tries = 80)
    void incrementalOpenAccountsDevicesAsAWholeOne(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        String policy = POLICIES[new SplittableRandom(seed).nextInt(POLICIES.length)];
        try (World incremental = new World(seed, policy, false); World whole = new World(seed, policy, true)) {
            for (int cycle = 0; cycle < 8; cycle++) {
                incremental.cycle(cycle);
                whole.cycle(cycle);
                String where = "seed " + seed + " cycle " + cycle;
                assertThat(incremental.devices()).as(where + " devices").isEqualTo(whole.devices());
                assertThat(incremental.binds).as(where + " binds").isEqualTo(whole.binds);
                StateDigests.assertKeptAsComputed(incremental.plugin.state());
            }
            assertThat(incremental.incrementalOpens()).as("seed " + seed + " opens that were not whole").isPositive();
        }
    }

    /** One cluster and its scheduler, driven by a random stream of its own (equal seeds, equal streams). */
    private static final class World implements AutoCloseable {
        private final SplittableRandom r;
        private final boolean forceWhole;
        private final PluginCluster cluster = new PluginCluster();
        private final PluginRun scheduler;
        private final DeviceSharePlugin plugin;
        private final List<String> binds = new ArrayList<>();
        private final Map<String, Pod> specs = new LinkedHashMap<>();
        private final List<String> nodes = new ArrayList<>();
        private int pods;
        private int nodeNames;
        private int incrementalOpens;

        World(long seed, String policy, boolean forceWhole) {
            this.r = new SplittableRandom(seed);
            this.forceWhole = forceWhole;
            cluster.openQueue("q", 1);
            for (int n = 5 + r.nextInt(6); n > 0; n--) {
                addNode();
            }
            scheduler = cluster.scheduler(List.of("allocate"), List.of(List.of(PluginOption.of("priority"),
                    PluginOption.of("gang")), List.of(PluginOption.of("predicates"),
                    GpuClusters.deviceshare(policy, DeviceShareOptions.SEED, 5)))).binds(this::bound);
            plugin = scheduler.session().plugins().plugin(DeviceSharePlugin.class);
        }

        void cycle(int cycle) {
            if (cycle > 0) {
                change();
            }
            arrive(2 + r.nextInt(6));
            if (forceWhole) {
                // another reader took the cache's last snapshot: the session copies every row, the plugin lays out all
                cluster.snapshotByAnotherReader();
            }
            scheduler.runOnce();
            if (!scheduler.session().openedWhole()) {
                incrementalOpens++;
            }
        }

        int incrementalOpens() {
            return incrementalOpens;
        }

        /** A bound pod runs on its node, half the time with the devices the scheduler chose named in its spec. */
        private boolean bound(String uid, String key, String node) {
            binds.add(key + "->" + node);
            int row = cluster.taskRow(uid);
            long devices = (uid.hashCode() & 1) == 0 ? plugin.devices(row) : 0;
            cluster.upsertTask(specs.get(uid).toBuilder().running(node).gpuDevices(devices).build());
            return true;
        }

        private void change() {
            SessionView s = scheduler.session();
            for (int t = 0; t < s.tasks().rows(); t++) {
                if (s.tasks().live(t) && s.status(t) == TaskStatus.RUNNING && r.nextInt(4) == 0) {
                    cluster.removeTask(s.tasks().uid(t));
                }
            }
            for (String node : nodes) {
                if (r.nextInt(10) == 0) {
                    // the same GPUs mostly; another count or model one time in three
                    rewrite(node, r.nextInt(3) == 0);
                }
            }
            if (r.nextInt(6) == 0) {
                if (r.nextBoolean() || nodes.size() < 4) {
                    addNode();
                } else {
                    cluster.removeNode(nodes.remove(r.nextInt(nodes.size())));
                }
            }
        }

        private final Map<String, int[]> gpus = new LinkedHashMap<>();

        private void addNode() {
            String name = String.format("n%02d", nodeNames++);
            nodes.add(name);
            rewrite(name, true);
        }

        private void rewrite(String name, boolean reshape) {
            if (reshape || !gpus.containsKey(name)) {
                gpus.put(name, new int[] {new int[] {1, 2, 4, 8}[r.nextInt(4)], r.nextInt(MODELS.length)});
            }
            int[] g = gpus.get(name);
            GpuClusters.node(cluster, name, 8 + r.nextInt(40), g[0], MODELS[g[1]]);
        }

        private void arrive(int count) {
            for (int i = 0; i < count; i++) {
                String name = "p" + pods++;
                int members = r.nextInt(4) == 0 ? 2 + r.nextInt(3) : 1;
                cluster.upsertJob("ns", name, "q", members, Map.of(), null, null, "Inqueue", pods);
                for (int m = 0; m < members; m++) {
                    Pod spec = Pod.builder("ns", name + "-" + m).job(name).request(request())
                            .placement(r.nextInt(4) == 0 ? GpuClusters.models(MODELS[r.nextInt(MODELS.length)])
                                    : dev.caldera.kernel.placement.PlacementSpec.NONE)
                            .creationMs(pods).build();
                    specs.put(spec.uid(), spec);
                    cluster.upsertTask(spec);
                }
            }
        }

        private ResourceList request() {
            long cpu = 1000L * (1 + r.nextInt(8));
            return switch (r.nextInt(3)) {
                case 0 -> ResourceList.of("cpu", cpu, "memory", GpuClusters.GI, DeviceSharePlugin.GPU_MEMORY,
                        1000L * (100 + 100 * r.nextInt(9)));
                case 1 -> ResourceList.of("cpu", cpu, "memory", GpuClusters.GI, DeviceSharePlugin.GPU_NUMBER,
                        1000L * (1 + r.nextInt(4)));
                default -> ResourceList.of("cpu", cpu, "memory", GpuClusters.GI);
            };
        }

        /** Every live node's devices (free units and holders) and every live task's devices, by name. */
        String devices() {
            SessionView s = scheduler.session();
            GpuNodes g = plugin.gpus();
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < s.nodeCount(); i++) {
                int node = s.node(i);
                out.append(s.nodes().name(node)).append(':').append(g.model(node)).append('/').append(g.totalFree(node));
                for (int d = 0; d < g.devices(node); d++) {
                    out.append(' ').append(g.free(node, d)).append('x').append(g.holders(node, d));
                }
                out.append('\n');
            }
            for (int t = 0; t < s.tasks().rows(); t++) {
                if (s.tasks().live(t) && plugin.devices(t) != 0) {
                    out.append(s.tasks().key(t)).append('@').append(Long.toBinaryString(plugin.devices(t))).append('\n');
                }
            }
            // every row's entry as kept for the next session, dead and pending rows too (an incremental open clears
            // only the changed ones of those: the others must be clear already)
            DeviceAssignments a = plugin.assignments();
            for (int t = 0; t < s.tasks().rows(); t++) {
                String node = a.node[t] < 0 ? "-" : s.nodes().name(a.node[t]);
                out.append('#').append(t).append(' ').append(node).append(' ').append(Long.toBinaryString(a.mask[t]))
                        .append(a.kept[t] ? " kept" : "").append(a.uid[t] == null ? "" : " " + a.uid[t]).append('\n');
            }
            return out.toString();
        }

        @Override
        public void close() {
            scheduler.close();
        }
    }
}
