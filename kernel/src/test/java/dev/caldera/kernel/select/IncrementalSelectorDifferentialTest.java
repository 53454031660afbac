package dev.caldera.kernel.select;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import dev.caldera.kernel.testing.TestPlugins;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static dev.caldera.kernel.testing.Clusters.GI;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The incremental selector makes exactly the scan selector's decisions: same binds, same nodes, same order,
 * same pipelined tasks, cycle after cycle, on random clusters with selectors, PreferNoSchedule taints,
 * releasing pods (pipelining), tasks of two priorities, pods nominated to nodes in half the clusters, and
 * fractional scores.
 */
class IncrementalSelectorDifferentialTest {

    @Property(tries = 150)
    void incrementalAndScanSelectorsDecideIdentically(@ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        assertThat(run(seed, true)).isEqualTo(run(seed, false));
    }

    @Property(tries = 30)
    void parallelFilteringDecidesLikeOneThread(@ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        assertThat(run(seed, true, 2)).isEqualTo(run(seed, false, 1));
    }

    private static List<String> run(long seed, boolean incremental) {
        return run(seed, incremental, 1);
    }

    private static List<String> run(long seed, boolean incremental, int workers) {
        ClusterCache cache = new ClusterCache();
        fill(cache, new SplittableRandom(seed));
        List<String> decisions = new ArrayList<>();
        Sinks sinks = new Sinks((uid, key, node) -> decisions.add(key + "->" + node), (u, k, r) -> true,
                (j, p, r) -> decisions.add(j + ":" + p));
        SchedulerConf conf = new SchedulerConf(List.of("enqueue", "allocate", "backfill"),
                List.of(new Tier(List.of(PluginOption.of("priority"), PluginOption.of("gang"))),
                        new Tier(List.of(PluginOption.of("test-selector"), PluginOption.of("test-least-cpu"),
                                PluginOption.of("test-taints")))), Map.of());
        SchedulerOptions options = new SchedulerOptions(workers, 0, incremental);
        try (Scheduler scheduler = new Scheduler(cache, conf, TestPlugins.registry(), options, sinks)) {
            IntArrayList pipelined = new IntArrayList();
            for (int cycle = 0; cycle < 3; cycle++) {
                scheduler.runOnce();
                scheduler.pipelinedTasks(pipelined);
                for (int i = 0; i < pipelined.size(); i++) {
                    int t = pipelined.getInt(i);
                    decisions.add(cache.tasks().key(t) + "~>" + cache.nodes().name(scheduler.session().taskState().node(t)));
                }
                finishReleasing(cache);
            }
            // the incremental run must really select from class views, or the property compares the scan with itself
            assertThat(scheduler.incrementalSelections() > 0).as("selections served by class views").isEqualTo(incremental);
        }
        return decisions;
    }

    private static void fill(ClusterCache cache, SplittableRandom r) {
        cache.upsertQueue(QueueSpec.open("q0", 1));
        cache.upsertQueue(QueueSpec.open("q1", 2));
        int nodes = 6 + r.nextInt(30);
        for (int n = 0; n < nodes; n++) {
            List<Taint> taints = new ArrayList<>();
            for (int i = r.nextInt(4); i > 0; i--) {
                taints.add(new Taint("soft-" + i, "x", TaintEffect.PREFER_NO_SCHEDULE));
            }
            long cpu = 1000L * (2 + r.nextInt(7));
            cache.upsertNode(new NodeSpec("n" + n, ResourceList.of("cpu", cpu, "memory", 16 * GI, "pods", 8),
                    Map.of("zone", "z" + r.nextInt(3)), taints, false));
            if (r.nextInt(3) == 0) {
                cache.upsertJob(new JobSpec("sys", "old" + n, "q0", 1, Map.of(), null, null, "Running", 0));
                cache.upsertTask(TaskSpec.builder("sys", "old" + n + "-0").job("old" + n)
                        .request(ResourceList.of("cpu", 1000, "memory", GI)).status(TaskStatus.RELEASING)
                        .nodeName("n" + n).build());
            }
        }
        int jobs = 5 + r.nextInt(25);
        boolean nominations = r.nextBoolean();
        for (int j = 0; j < jobs; j++) {
            int tasks = 1 + r.nextInt(5);
            int min = 1 + r.nextInt(tasks);
            String zone = r.nextInt(3) == 0 ? "z" + r.nextInt(3) : null;
            PlacementSpec placement = zone == null ? PlacementSpec.NONE
                    : new PlacementSpec(Map.of("zone", zone), null, null, null, null);
            ResourceList request = ResourceList.of("cpu", 500L * (1 + r.nextInt(4)), "memory", GI);
            String ns = "ns" + r.nextInt(2);
            cache.upsertJob(new JobSpec(ns, "j" + j, "q" + r.nextInt(2), min, Map.of(), null, null, "Inqueue", j));
            for (int t = 0; t < tasks; t++) {
                String nominated = nominations && r.nextInt(8) == 0 ? "n" + r.nextInt(nodes) : null;
                cache.upsertTask(TaskSpec.builder(ns, "j" + j + "-w-" + t).job("j" + j).request(request)
                        .placement(placement).priority(r.nextInt(2)).creationMs(j).nominatedNodeName(nominated)
                        .build());
            }
        }
    }

    /** Between cycles the releasing pods go away, so pipelined tasks can be bound next time. */
    private static void finishReleasing(ClusterCache cache) {
        for (int t = 0; t < cache.tasks().rows(); t++) {
            if (cache.tasks().live(t) && cache.taskState().status(t) == TaskStatus.RELEASING) {
                cache.removeTask(cache.tasks().uid(t));
            }
        }
    }
}
