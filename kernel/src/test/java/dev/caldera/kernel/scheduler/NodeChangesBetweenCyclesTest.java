package dev.caldera.kernel.scheduler;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.resource.ResourceList;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.Clusters.cpuMem;
import static dev.caldera.kernel.testing.Clusters.queue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The node plugins keep what depends only on labels, taints and cordon across cycles; a node whose labels,
 * taints or cordon change is judged afresh in the next cycle, with Volcano's default configuration.
 */
class NodeChangesBetweenCyclesTest {
    private static final ResourceList NODE = ResourceList.of("cpu", 8000L, "memory", 16 * GI, "pods", 110L);

    private final ClusterCache cache = new ClusterCache();
    private final List<String> binds = new ArrayList<>();
    private final Scheduler scheduler = new Scheduler(cache, SchedulerConf.volcanoDefault(), PluginRegistry.defaults(),
            SchedulerOptions.DEFAULT, new Sinks((uid, key, node) -> binds.add(key + "@" + node), (u, k, r) -> true,
                    (j, p, r) -> { }));

    NodeChangesBetweenCyclesTest() {
        queue(cache, "default", 1);
    }

    private void node(String name, Map<String, String> labels, List<Taint> taints, boolean cordoned) {
        cache.upsertNode(new NodeSpec(name, NODE, labels, taints, cordoned));
    }

    private void pod(String name, PlacementSpec placement) {
        cache.upsertJob(new JobSpec("ns", name, "default", 1, Map.of(), null, null, "Inqueue", 0));
        cache.upsertTask(TaskSpec.builder("ns", name + "-0").job(name).request(cpuMem(1000, GI))
                .placement(placement).build());
    }

    @Test
    void aNodeLabelledBetweenCyclesTakesThePodThatSelectsTheLabel() {
        node("n1", Map.of("disk", "hdd"), List.of(), false);
        pod("wants-ssd", new PlacementSpec(Map.of("disk", "ssd"), null, null, null, null));
        scheduler.runOnce();
        assertThat(binds).isEmpty();

        node("n1", Map.of("disk", "ssd"), List.of(), false);
        scheduler.runOnce();
        assertThat(binds).containsExactly("ns/wants-ssd-0@n1");
    }

    @Test
    void aNodeCordonedBetweenCyclesTakesNoPodUntilUncordoned() {
        node("n1", Map.of(), List.of(), false);
        pod("first", PlacementSpec.NONE);
        scheduler.runOnce();

        node("n1", Map.of(), List.of(), true);
        pod("second", PlacementSpec.NONE);
        scheduler.runOnce();
        assertThat(binds).containsExactly("ns/first-0@n1");

        node("n1", Map.of(), List.of(), false);
        scheduler.runOnce();
        assertThat(binds).containsExactly("ns/first-0@n1", "ns/second-0@n1");
    }

    @Test
    void aNodeTaintedBetweenCyclesTakesNoPodThatDoesNotTolerateIt() {
        node("n1", Map.of(), List.of(), false);
        pod("first", PlacementSpec.NONE);
        scheduler.runOnce();

        node("n1", Map.of(), List.of(new Taint("gpu", "yes", TaintEffect.NO_SCHEDULE)), false);
        pod("second", PlacementSpec.NONE);
        scheduler.runOnce();

        assertThat(binds).containsExactly("ns/first-0@n1");
    }

    @Test
    void aPreferNoScheduleTaintMovedBetweenCyclesMovesThePreference() {
        node("n1", Map.of(), List.of(new Taint("maintenance", "soon", TaintEffect.PREFER_NO_SCHEDULE)), false);
        node("n2", Map.of(), List.of(), false);
        pod("first", PlacementSpec.NONE);
        scheduler.runOnce();

        node("n1", Map.of(), List.of(), false);
        node("n2", Map.of(), List.of(new Taint("maintenance", "soon", TaintEffect.PREFER_NO_SCHEDULE)), false);
        pod("second", PlacementSpec.NONE);
        scheduler.runOnce();

        assertThat(binds).containsExactly("ns/first-0@n2", "ns/second-0@n1");
    }
}
