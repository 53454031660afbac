package dev.caldera.bench.workload;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.resource.ResourceList;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A seeded cluster with network topology for the topology suites: nodes of 8 cpu and 32Gi in racks of
 * {@code leafSize} (tier 1), {@code fanout} racks per spine (tier 2), {@code fanout} spines per zone (tier 3);
 * part of the cpu already taken by single-pod jobs on random nodes; pending gangs of 1-cpu pods whose sizes are
 * drawn from {@code gangSizes}, each (when {@code topology}) in hard mode limited to {@code tierSlack} tiers above
 * the lowest tier one empty HyperNode of which would hold it (at most 3), and with {@code minResources} = the
 * gang's requests (what Volcano's job controller writes). Without {@code topology} the same gangs carry no network
 * topology.
 *
 * @param nodes        node count
 * @param leafSize     nodes per rack
 * @param fanout       racks per spine and spines per zone
 * @param pendingTasks pending pods, in gangs
 * @param gangSizes    the gang sizes to draw from
 * @param busyFraction share of the cpu taken by running pods before the cycle
 * @param topology     whether the gangs ask for hard-mode network topology
 * @param tierSlack    tiers allowed above the tightest that could hold a gang
 * @param seed         everything is derived from it
 */
public record TopologyWorkload(int nodes, int leafSize, int fanout, int pendingTasks, int[] gangSizes,
                               double busyFraction, boolean topology, int tierSlack, long seed) {
    public static final long NODE_CPU_MILLI = 8_000;
    public static final long NODE_MEMORY = 32L << 30;
    private static final long POD_CPU_MILLI = 1_000;
    private static final long POD_MEMORY = 2L << 30;

    /** The cluster as specs, HyperNodes apart, and the HyperNodes. */
    public record Objects(List<QueueSpec> queues, List<NodeSpec> nodes, List<HyperNodeSpec> hyperNodes,
                          List<JobSpec> jobs, List<TaskSpec> tasks) {
        public void feed(ClusterCache cache) {
            queues.forEach(cache::upsertQueue);
            nodes.forEach(cache::upsertNode);
            hyperNodes.forEach(cache::upsertHyperNode);
            jobs.forEach(cache::upsertJob);
            tasks.forEach(cache::upsertTask);
        }

        public String describe() {
            long pending = tasks.stream().filter(t -> t.nodeName() == null).count();
            return nodes.size() + " nodes, " + hyperNodes.size() + " HyperNodes, " + jobs.size() + " jobs, "
                    + (tasks.size() - pending) + " running and " + pending + " pending pods";
        }
    }

    /** The suites' cluster: 6,000 nodes, racks of 8, 8 racks per spine and 8 spines per zone. */
    public static TopologyWorkload suite(int pendingTasks, int[] gangSizes, double busyFraction, boolean topology,
                                         int tierSlack) {
        return new TopologyWorkload(6000, 8, 8, pendingTasks, gangSizes, busyFraction, topology, tierSlack, 15);
    }

    public Objects build() {
        SplittableRandom r = new SplittableRandom(seed);
        List<NodeSpec> nodeSpecs = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            nodeSpecs.add(new NodeSpec(node(n), ResourceList.of("cpu", NODE_CPU_MILLI, "memory", NODE_MEMORY,
                    "pods", 110L), Map.of(), List.of(), false));
        }
        List<JobSpec> jobs = new ArrayList<>();
        List<TaskSpec> tasks = new ArrayList<>();
        busy(r, jobs, tasks);
        gangs(r, jobs, tasks);
        return new Objects(List.of(QueueSpec.open("default", 1)), nodeSpecs, hyperNodes(), jobs, tasks);
    }

    private static String node(int n) {
        return String.format("node-%05d", n);
    }

    /** Racks, spines and zones over the nodes in order. */
    private List<HyperNodeSpec> hyperNodes() {
        List<HyperNodeSpec> out = new ArrayList<>();
        List<String> racks = group(out, 1, "rack", nodes, leafSize, true);
        List<String> spines = group(out, 2, "spine", racks.size(), fanout, false);
        group(out, 3, "zone", spines.size(), fanout, false);
        return out;
    }

    private static List<String> group(List<HyperNodeSpec> out, int tier, String prefix, int members, int size,
                                      boolean ofNodes) {
        List<String> names = new ArrayList<>();
        for (int first = 0; first < members; first += size) {
            List<dev.caldera.kernel.topology.HyperNodeMember> m = new ArrayList<>();
            for (int i = first; i < Math.min(members, first + size); i++) {
                m.add(ofNodes ? dev.caldera.kernel.topology.HyperNodeMember.node(node(i))
                        : dev.caldera.kernel.topology.HyperNodeMember.hyperNode(lowerName(tier - 1, i)));
            }
            String name = lowerName(tier, first / size);
            out.add(new HyperNodeSpec(name, tier, prefix, m));
            names.add(name);
        }
        return names;
    }

    private static String lowerName(int tier, int index) {
        return switch (tier) {
            case 1 -> String.format("rack-%04d", index);
            case 2 -> String.format("spine-%03d", index);
            default -> String.format("zone-%02d", index);
        };
    }

    /** Single-pod jobs of 1 to 4 cpu on random nodes until {@code busyFraction} of the cpu is taken. */
    private void busy(SplittableRandom r, List<JobSpec> jobs, List<TaskSpec> tasks) {
        long[] free = new long[nodes];
        java.util.Arrays.fill(free, NODE_CPU_MILLI);
        long target = (long) (busyFraction * nodes * NODE_CPU_MILLI);
        long taken = 0;
        for (int i = 0; taken < target && i < nodes * 8; i++) {
            int n = r.nextInt(nodes);
            long cpu = 1000L * (1 + r.nextInt(4));
            if (free[n] < cpu) {
                continue;
            }
            free[n] -= cpu;
            taken += cpu;
            String name = "busy-" + i;
            jobs.add(new JobSpec("batch", name, "default", 1, Map.of(), null, null, "Running", 0));
            tasks.add(TaskSpec.builder("batch", name + "-0").job(name).request(ResourceList.of("cpu", cpu,
                    "memory", 4L << 30)).running(node(n)).build());
        }
    }

    private void gangs(SplittableRandom r, List<JobSpec> jobs, List<TaskSpec> tasks) {
        int left = pendingTasks;
        for (int g = 0; left > 0; g++) {
            int size = Math.min(left, gangSizes[r.nextInt(gangSizes.length)]);
            left -= size;
            String name = String.format("gang-%05d", g);
            JobSpec job = new JobSpec("train", name, "default", size, Map.of(), null,
                    ResourceList.of("cpu", size * POD_CPU_MILLI, "memory", size * POD_MEMORY), "Inqueue", g);
            int tier = Math.min(3, tierFor(size) + tierSlack);
            jobs.add(topology ? job.withTopology(NetworkTopologySpec.hard(tier), List.of()) : job);
            for (int i = 0; i < size; i++) {
                tasks.add(TaskSpec.builder("train", name + "-" + i).job(name).creationMs(g)
                        .request(ResourceList.of("cpu", POD_CPU_MILLI, "memory", POD_MEMORY)).build());
            }
        }
    }

    /** The lowest tier one empty HyperNode of which holds {@code size} pods of 1 cpu. */
    private int tierFor(int size) {
        long perNode = NODE_CPU_MILLI / POD_CPU_MILLI;
        long rack = perNode * leafSize;
        if (size <= rack) {
            return 1;
        }
        return size <= rack * fanout ? 2 : 3;
    }
}
