package dev.caldera.kernel.testing;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A network-topology scenario as Volcano's allocate tests write them (TestAllocateWithNetWorkTopologies:
 * queue q1, PodGroups in namespace c1, pods of 2 cpu / 4G on nodes of 2 cpu / 4Gi unless said otherwise), run
 * for one allocate cycle with gang, predicates and network-topology-aware in one tier.
 */
public final class TopologyRun {
    public static final long G = 1_000_000_000L;
    public final ClusterCache cache = new ClusterCache();
    public final Map<String, String> binds = new TreeMap<>();
    public final Map<String, String> phases = new TreeMap<>();
    public final Map<String, String> reasons = new TreeMap<>();
    private final List<PluginOption> extra = new ArrayList<>();
    private Map<String, Object> topologyArgs = Map.of();

    public TopologyRun() {
        cache.upsertQueue(QueueSpec.open("q1", 1));
    }

    public TopologyRun node(String name, long cpuMilli, long memBytes) {
        return node(name, cpuMilli, memBytes, Map.of());
    }

    public TopologyRun node(String name, long cpuMilli, long memBytes, Map<String, String> labels) {
        cache.upsertNode(new NodeSpec(name, ResourceList.of("cpu", cpuMilli, "memory", memBytes, "pods", 10L), labels,
                List.of(), false));
        return this;
    }

    /** Nodes of 2 cpu and 4Gi. */
    public TopologyRun nodes(String... names) {
        for (String n : names) {
            node(n, 2000, 4L << 30);
        }
        return this;
    }

    public TopologyRun hyperNode(String name, int tier, String... nodes) {
        cache.upsertHyperNode(Topologies.ofNodes(name, tier, nodes));
        return this;
    }

    public TopologyRun hyperNode(dev.caldera.kernel.topology.HyperNodeSpec spec) {
        cache.upsertHyperNode(spec);
        return this;
    }

    /** {@code name} with {@code tierName}, of the given node or HyperNode members. */
    public TopologyRun named(String name, int tier, String tierName, boolean ofHyperNodes, String... members) {
        var base = ofHyperNodes ? Topologies.ofHyperNodes(name, tier, members) : Topologies.ofNodes(name, tier, members);
        cache.upsertHyperNode(new dev.caldera.kernel.topology.HyperNodeSpec(name, tier, tierName, base.members()));
        return this;
    }

    public TopologyRun parent(String name, int tier, String... children) {
        cache.upsertHyperNode(Topologies.ofHyperNodes(name, tier, children));
        return this;
    }

    public TopologyRun podGroup(String name, int minMember, NetworkTopologySpec topology) {
        cache.upsertJob(new JobSpec("c1", name, "q1", minMember, Map.of(), null, null, "Inqueue", 0)
                .withTopology(topology, List.of()));
        return this;
    }

    public TopologyRun podGroup(JobSpec spec) {
        cache.upsertJob(spec);
        return this;
    }

    /** A pending pod of 2 cpu / 4G of {@code group}, role {@code role}. */
    public TopologyRun pending(String name, String group, String role) {
        return pod(name, group, role, null, 2000, 4 * G);
    }

    public TopologyRun running(String name, String group, String role, String node) {
        return pod(name, group, role, node, 2000, 4 * G);
    }

    public TopologyRun pod(String name, String group, String role, String node, long cpuMilli, long memBytes) {
        return labelled(name, group, role, node, cpuMilli, memBytes, Map.of());
    }

    /** A pod of {@code group} with pod labels (what sub-group policies select on). */
    public TopologyRun labelled(String name, String group, String role, String node, long cpuMilli, long memBytes,
                                Map<String, String> labels) {
        TaskSpec.Builder b = TaskSpec.builder("c1", name).uid("c1-" + name).job(group).role(role).labels(labels)
                .request(ResourceList.of("cpu", cpuMilli, "memory", memBytes));
        if (node != null) {
            b.running(node);
        }
        cache.upsertTask(b.build());
        return this;
    }

    public TopologyRun pendingWithSelector(String name, String group, String role, Map<String, String> selector) {
        cache.upsertTask(TaskSpec.builder("c1", name).uid("c1-" + name).job(group).role(role)
                .request(ResourceList.of("cpu", 2000L, "memory", 4 * G))
                .placement(new PlacementSpec(selector, List.of(), List.of(), List.of(), List.of())).build());
        return this;
    }

    /** Adds a plugin to the tier (after network-topology-aware). */
    public TopologyRun plugin(String name) {
        extra.add(PluginOption.of(name));
        return this;
    }

    public TopologyRun topologyArguments(Map<String, Object> args) {
        topologyArgs = args;
        return this;
    }

    /** One allocate cycle. */
    public TopologyRun run() {
        return run(1);
    }

    public TopologyRun run(int cycles) {
        List<PluginOption> plugins = new ArrayList<>(List.of(PluginOption.of("gang"), PluginOption.of("predicates"),
                new PluginOption("network-topology-aware", Map.of(),
                        new Arguments("network-topology-aware", topologyArgs))));
        plugins.addAll(extra);
        SchedulerConf conf = new SchedulerConf(List.of("allocate"), List.of(new Tier(plugins)), Map.of());
        Sinks sinks = new Sinks((uid, key, node) -> binds.put(key, node) == null, (u, k, r) -> true,
                (job, phase, reason) -> {
                    phases.put(job, phase);
                    reasons.put(job, Objects.toString(reason, null));
                });
        try (Scheduler s = new Scheduler(cache, conf, PluginRegistry.defaults(), SchedulerOptions.DEFAULT, sinks)) {
            for (int i = 0; i < cycles; i++) {
                s.runOnce();
            }
        }
        return this;
    }

    /** The HyperNode the job's tasks are allocated to, as kept for the next cycle (null: none). */
    public String allocatedHyperNode(String group) {
        return cache.topology().allocatedHyperNode(cache.jobRow("c1/" + group));
    }

    /** Number of bound pods whose node is one of {@code nodes}. */
    public long boundOn(String... nodes) {
        List<String> in = List.of(nodes);
        return binds.values().stream().filter(in::contains).count();
    }
}
