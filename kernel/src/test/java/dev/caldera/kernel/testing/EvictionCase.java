package dev.caldera.kernel.testing;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.placement.HostPort;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A small cluster for preempt and reclaim rule tests, in whole cpus and GiB, namespace {@code ns}: nodes,
 * queues, PodGroups and pods, then one cycle of the given actions and tiers. What the cycle did is kept as
 * text: {@link #evictions} ({@code pod:reason}, in order), {@link #binds} ({@code pod@node}),
 * {@link #pipelined} (pod to node) and {@link #nominated} (pod to node, from the cache after the cycle).
 */
public final class EvictionCase {
    public final ClusterCache cache = new ClusterCache();
    /** The same cluster as a plugin test reads it. */
    public final PluginCluster cluster = new PluginCluster(cache);
    public final List<String> evictions = new ArrayList<>();
    public final List<String> binds = new ArrayList<>();
    public final Map<String, String> pipelined = new TreeMap<>();
    public final Map<String, String> nominated = new TreeMap<>();
    private PluginRegistry registry = TestPlugins.registry();

    public EvictionCase() {
        cache.upsertPriorityClass(new PriorityClassSpec("low", 10, false));
        cache.upsertPriorityClass(new PriorityClassSpec("high", 1000, false));
    }

    public EvictionCase registry(PluginRegistry r) {
        registry = r;
        return this;
    }

    public EvictionCase node(String name, int cpus) {
        return node(name, cpus, 110);
    }

    public EvictionCase node(String name, int cpus, int pods) {
        cache.upsertNode(new NodeSpec(name, ResourceList.of("cpu", cpus * 1000L, "memory", 64 * Clusters.GI,
                "pods", pods), Map.of("kubernetes.io/hostname", name), List.of(), false));
        return this;
    }

    public EvictionCase taintedNode(String name, int cpus, Taint taint) {
        cache.upsertNode(new NodeSpec(name, ResourceList.of("cpu", cpus * 1000L, "memory", 64 * Clusters.GI,
                "pods", 110), Map.of(), List.of(taint), false));
        return this;
    }

    public EvictionCase queue(String name, int weight, boolean reclaimable) {
        cache.upsertQueue(new QueueSpec(name, weight, null, null, null, reclaimable, null, 0, "Open", 0));
        return this;
    }

    /** An open queue of weight 1, reclaimable, whose {@code status.state} is {@code state} (null: unset). */
    public EvictionCase queueInState(String name, String state) {
        return queue(new QueueSpec(name, 1, null, null, null, true, null, 0, state, 0));
    }

    public EvictionCase queue(QueueSpec spec) {
        cache.upsertQueue(spec);
        return this;
    }

    /** PodGroup {@code ns/name} in {@code queue}, with a priority class ("low", "high" or null). */
    public EvictionCase job(String name, String queue, int minMember, String priorityClass, String phase) {
        cache.upsertJob(new JobSpec("ns", name, queue, minMember, Map.of(), priorityClass, null, phase, 0));
        return this;
    }

    /** A pod of {@code job} asking for {@code cpus} whole cpus and 1 GiB. */
    public static Pod.Builder pod(String name, String job, int cpus) {
        return Pod.builder("ns", name).job(job).request(Clusters.cpuMem(cpus * 1000L, Clusters.GI));
    }

    /** A pod of {@code job} with no request at all (best-effort). */
    public static Pod.Builder bestEffortPod(String name, String job) {
        return Pod.builder("ns", name).job(job);
    }

    /** Placement wanting host port {@code port} (TCP, every address). */
    public static PlacementSpec hostPort(int port) {
        return new PlacementSpec(Map.of(), List.of(), List.of(), List.of(), List.of(new HostPort("TCP", port, "")));
    }

    public EvictionCase add(Pod.Builder pod) {
        cache.upsertTask(pod.build().spec);
        return this;
    }

    /** Runs one cycle of {@code actions} with one tier per list of plugin names. */
    public EvictionCase run(List<String> actions, List<List<String>> tiers) {
        return run(actions, tiers, Map.of());
    }

    /** {@link #run} with the given actions' arguments (the conf's {@code configurations}). */
    public EvictionCase run(List<String> actions, List<List<String>> tiers,
                            Map<String, dev.caldera.kernel.conf.Arguments> actionArguments) {
        List<Tier> conf = new ArrayList<>();
        for (List<String> tier : tiers) {
            conf.add(new Tier(tier.stream().map(PluginOption::of).toList()));
        }
        Sinks sinks = new Sinks((uid, key, node) -> binds.add(key + "@" + node),
                (uid, key, reason) -> evictions.add(key + ":" + reason), (j, p, r) -> { });
        try (Scheduler s = new Scheduler(cache, new SchedulerConf(actions, conf, actionArguments), registry,
                SchedulerOptions.DEFAULT, sinks)) {
            evictions.clear();
            binds.clear();
            s.runOnce();
            record(s);
        }
        return this;
    }

    private void record(Scheduler s) {
        pipelined.clear();
        nominated.clear();
        IntArrayList rows = new IntArrayList();
        s.pipelinedTasks(rows);
        for (int t : rows) {
            pipelined.put(cache.tasks().key(t), cache.nodes().name(s.session().taskState().node(t)));
        }
        for (int t = 0; t < cache.tasks().rows(); t++) {
            int n = cache.tasks().live(t) ? cache.nominations().nodeOf(t) : -1;
            if (n >= 0) {
                nominated.put(cache.tasks().key(t), cache.nodes().name(n));
            }
        }
    }
}
