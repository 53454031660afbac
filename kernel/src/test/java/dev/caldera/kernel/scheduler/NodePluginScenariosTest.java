package dev.caldera.kernel.scheduler;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.resource.ResourceList;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static dev.caldera.kernel.testing.Clusters.GI;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The conformance cases for the node plugins (conformance/cases/...: cluster.yaml, scheduler.conf,
 * expected.json from Volcano v1.7.0), rebuilt with cache specs and run for one cycle.
 */
class NodePluginScenariosTest {
    private static final String[] ALL_FLAGS = {
        "enableJobOrder", "enableNamespaceOrder", "enableJobReady", "enableJobPipelined", "enableTaskOrder",
        "enablePreemptable", "enableReclaimable", "enableQueueOrder", "enablePredicate", "enableBestNode",
        "enableNodeOrder", "enableTargetJob", "enableReservedNodes", "enableJobEnqueued", "enabledVictim",
        "enableJobStarving",
    };
    private static final Map<String, Object> LEAST_ONLY = weights(1, 0, 0);
    private static final Map<String, Object> TAINTS_ONLY = weights(0, 0, 10);

    private final ClusterCache cache = new ClusterCache();
    private final Map<String, String> binds = new TreeMap<>();
    private final Map<String, String> phases = new TreeMap<>();

    @Test
    void binpackScoreArgs1BindsP1ToN1() {
        binpackScenario("n1");

        assertThat(binds).containsExactly(Map.entry("c1/p1", "n1"));
        assertThat(phases).containsEntry("c1/pg1", "Running");
    }

    @Test
    void binpackDecidesEvenWhenTheBestNodeSortsLastByName() {
        binpackScenario("n9");

        assertThat(binds).containsExactly(Map.entry("c1/p1", "n9"));
    }

    /** The binpack-score-args-1 cluster with its first node named {@code first}. */
    private void binpackScenario(String first) {
        c1Queue();
        node(first, ResourceList.of("cpu", 2000L, "memory", 4 * GI, "pods", 10L), List.of());
        node("n2", ResourceList.of("cpu", 4000L, "memory", 16 * GI, "pods", 10L, "nvidia.com/gpu", 4000L), List.of());
        node("n3", ResourceList.of("cpu", 2000L, "memory", 4 * GI, "pods", 10L, "example.com/foo", 16000L), List.of());
        cache.upsertTask(pod("p2", 1500, 0).running("n3").build());
        cache.upsertTask(pod("p1", 1000, GI).build());
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("binpack.weight", 10);
        args.put("binpack.cpu", 2);
        args.put("binpack.memory", 3);
        args.put("binpack.resources", "nvidia.com/gpu, example.com/foo");
        args.put("binpack.resources.nvidia.com/gpu", 7);
        args.put("binpack.resources.example.com/foo", 8);
        run(new Tier(List.of(option("binpack", args, "enableNodeOrder"))));
    }

    @Test
    void nodeorderLeastAllocatedBindsP1ToTheLargerNode() {
        twoNodes(List.of());
        cache.upsertTask(pod("p1", 1000, 1_000_000_000L).build());

        run(gangAndNodeorder(LEAST_ONLY));

        assertThat(binds).containsExactly(Map.entry("c1/p1", "n2"));
        // current Volcano's getPodGroupPhase: a pod bound in this cycle is Binding, not scheduled yet, and 0 of the
        // 0 scheduled pods this minMember-0 group needs completed
        assertThat(phases).containsEntry("c1/pg1", "Completed");
    }

    @Test
    void nodeorderTaintTolerationPreferredAvoidsThePreferNoScheduleNode() {
        taintScenario("n2");

        assertThat(binds).containsExactly(Map.entry("c1/p1", "n1"));
        assertThat(phases).containsEntry("c1/pg1", "Completed");
    }

    @Test
    void theTaintScoreDecidesEvenWhenTheTaintedNodeSortsFirst() {
        taintScenario("n1");

        assertThat(binds).containsExactly(Map.entry("c1/p1", "n2"));
    }

    /** The nodeorder-taint-toleration-preferred cluster with the PreferNoSchedule taint on {@code tainted}. */
    private void taintScenario(String tainted) {
        c1Queue();
        Taint taint = new Taint("key1", "value1", TaintEffect.PREFER_NO_SCHEDULE);
        for (String name : List.of("n1", "n2")) {
            node(name, ResourceList.of("cpu", 2000L, "memory", 4 * GI, "pods", 10L),
                    name.equals(tainted) ? List.of(taint) : List.of());
        }
        cache.upsertTask(pod("p1", 1000, 1_000_000_000L).build());
        run(gangAndNodeorder(TAINTS_ONLY));
    }

    @Test
    void volcanosMostAllocatedStrategyCaseBindsP1ToTheSmallerNode() {
        twoNodes(List.of());
        cache.upsertTask(pod("p1", 1000, 1_000_000_000L).build());
        Map<String, Object> args = Map.of("leastrequested.weight", 0, "mostrequested.weight", 1);

        run(gangAndNodeorder(args));

        assertThat(binds).containsExactly(Map.entry("c1/p1", "n1"));
    }

    // ---------------------------------------------------------------- cluster.yaml, as specs

    private void c1Queue() {
        cache.upsertQueue(QueueSpec.open("c1", 1));
        cache.upsertJob(new JobSpec("c1", "pg1", "c1", 0, Map.of(), null, null, "Inqueue", 0));
    }

    private void twoNodes(List<Taint> n2Taints) {
        c1Queue();
        node("n1", ResourceList.of("cpu", 2000L, "memory", 4 * GI, "pods", 10L), List.of());
        node("n2", ResourceList.of("cpu", 4000L, "memory", 8 * GI, "pods", 10L), n2Taints);
    }

    private void node(String name, ResourceList allocatable, List<Taint> taints) {
        cache.upsertNode(new NodeSpec(name, allocatable, Map.of(), taints, false));
    }

    private static TaskSpec.Builder pod(String name, long cpuMilli, long memoryBytes) {
        return TaskSpec.builder("c1", name).uid("c1-" + name).job("pg1")
                .request(ResourceList.of("cpu", cpuMilli, "memory", memoryBytes));
    }

    // ---------------------------------------------------------------- scheduler.conf, as objects

    private static Map<String, Object> weights(int least, int balanced, int taint) {
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("leastrequested.weight", least);
        w.put("mostrequested.weight", 0);
        w.put("balancedresource.weight", balanced);
        w.put("nodeaffinity.weight", 0);
        w.put("tainttoleration.weight", taint);
        w.put("podaffinity.weight", 0);
        w.put("podtopologyspread.weight", 0);
        w.put("imagelocality.weight", 0);
        return w;
    }

    private static Tier gangAndNodeorder(Map<String, Object> nodeorderArgs) {
        return new Tier(List.of(option("gang", Map.of(), "enableJobReady"),
                option("nodeorder", nodeorderArgs, "enableNodeOrder")));
    }

    /**
     * A plugin entry setting every flag of the scenario files false except {@code enabled}; flags Caldera
     * does not honour (enableTargetJob, enableReservedNodes, enabledVictim) are dropped as the parser drops them.
     */
    private static PluginOption option(String name, Map<String, Object> args, String enabled) {
        Map<PluginFlag, Boolean> flags = new EnumMap<>(PluginFlag.class);
        for (String key : ALL_FLAGS) {
            PluginFlag flag = PluginFlag.byKey(key);
            if (flag != null) {
                flags.put(flag, key.equals(enabled));
            }
        }
        return new PluginOption(name, flags, new Arguments(name, args));
    }

    private void run(Tier tier) {
        SchedulerConf conf = new SchedulerConf(List.of("allocate"), List.of(tier), Map.of());
        Sinks sinks = new Sinks((uid, key, node) -> binds.put(key, node) == null, (u, k, r) -> true,
                (job, phase, reason) -> phases.put(job, phase));
        try (Scheduler s = new Scheduler(cache, conf, PluginRegistry.defaults(), SchedulerOptions.DEFAULT, sinks)) {
            s.runOnce();
        }
    }
}
