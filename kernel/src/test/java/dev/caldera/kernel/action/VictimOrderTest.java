package dev.caldera.kernel.action;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.IntArrays;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.Clusters.cpuMem;
import static dev.caldera.kernel.testing.Clusters.node;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order victims on a node are evicted in, written from current Volcano's {@code BuildVictimsPriorityQueue}
 * and {@code VictimQueueOrderFn} (pkg/scheduler/framework/session_plugins.go): different queues in reverse
 * QueueOrder (or a plugin's VictimQueueOrder), one queue and different jobs in reverse JobOrder, one job (or a
 * JobOrder tie) in reverse TaskOrder. Queues "first" (created at 1) and "second" (created at 2) are ordered by
 * creation time; the priority plugin orders jobs and tasks by priority.
 */
class VictimOrderTest {
    private final ClusterCache cache = new ClusterCache();

    VictimOrderTest() {
        node(cache, "n1", 64_000, 64 * GI);
        cache.upsertPriorityClass(new PriorityClassSpec("low", 10, false));
        cache.upsertPriorityClass(new PriorityClassSpec("high", 100, false));
        cache.upsertQueue(new QueueSpec("first", 1, null, null, null, true, null, 0, "Open", 1));
        cache.upsertQueue(new QueueSpec("second", 1, null, null, null, true, null, 0, "Open", 2));
        job("a-low", "first", "low", 1);
        job("b-high", "first", "high", 2);
        job("c-high", "first", "high", 3);
        job("d-low", "second", "low", 4);
        job("preemptor", "first", "high", 5);
        for (String job : List.of("a-low", "b-high", "c-high", "d-low")) {
            for (int i = 0; i < 2; i++) {
                cache.upsertTask(TaskSpec.builder("ns", job + "-" + i).job(job).request(cpuMem(1000, GI))
                        .priority(i == 0 ? 50 : 5).creationMs(10 - i).running("n1").build());
            }
        }
        cache.upsertTask(TaskSpec.builder("ns", "preemptor-0").job("preemptor").request(cpuMem(1000, GI)).build());
    }

    private void job(String name, String queue, String priorityClass, long creationMs) {
        cache.upsertJob(new JobSpec("ns", name, queue, 0, Map.of(), priorityClass, null, "Running", creationMs));
    }

    private List<String> order(PluginRegistry registry, String preemptor, String... victims) {
        PluginChain chain = PluginChain.build(List.of(new Tier(List.of(PluginOption.of("priority"),
                PluginOption.of("victim-queues")))), registry);
        Session s = new Session(cache, chain);
        cache.applyChanges();
        cache.resolveJobPriorities();
        s.open();
        int[] rows = Arrays.stream(victims).mapToInt(v -> cache.taskRow("ns/" + v)).toArray();
        IntArrays.quickSort(rows, new VictimOrder(s).of(cache.taskRow("ns/" + preemptor)));
        return Arrays.stream(rows).mapToObj(r -> cache.tasks().name(r)).toList();
    }

    private List<String> order(String preemptor, String... victims) {
        return order(PluginRegistry.defaults().register("victim-queues", o -> new NoOpinion()), preemptor, victims);
    }

    @Test
    void victimsOfOneJobGoInReverseTaskOrder() {
        assertThat(order("preemptor-0", "a-low-0", "a-low-1")).containsExactly("a-low-1", "a-low-0");
    }

    @Test
    void victimsOfOneQueueAndDifferentJobsGoInReverseJobOrder() {
        assertThat(order("preemptor-0", "b-high-1", "a-low-0", "b-high-0", "a-low-1"))
                .containsExactly("a-low-1", "a-low-0", "b-high-1", "b-high-0");
    }

    /**
     * b-high and c-high tie in JobOrder (same priority): Volcano does not fall back to the jobs' creation time
     * (which would keep each job's victims together) but to reverse TaskOrder across both jobs.
     */
    @Test
    void jobsTiedInJobOrderFallBackToReverseTaskOrder() {
        assertThat(order("preemptor-0", "b-high-0", "c-high-0", "c-high-1", "b-high-1"))
                .containsExactly("c-high-1", "b-high-1", "c-high-0", "b-high-0");
    }

    @Test
    void victimsOfDifferentQueuesGoInReverseQueueOrder() {
        assertThat(order("preemptor-0", "a-low-1", "d-low-0", "b-high-0", "d-low-1"))
                .containsExactly("d-low-1", "d-low-0", "a-low-1", "b-high-0");
    }

    @Test
    void aVictimQueueOrderPluginDecidesBetweenQueues() {
        PluginRegistry registry = PluginRegistry.defaults().register("victim-queues", o -> new PreemptorsQueueLast());
        assertThat(order(registry, "preemptor-0", "d-low-1", "a-low-0", "d-low-0"))
                .containsExactly("d-low-1", "d-low-0", "a-low-0");
        cache.upsertQueue(new QueueSpec("first", 1, null, null, null, true, null, 0, "Open", 3));
        assertThat(order(registry, "preemptor-0", "d-low-1", "a-low-0", "d-low-0"))
                .as("reverse queue order alone would now take queue first's victim first")
                .containsExactly("d-low-1", "d-low-0", "a-low-0");
    }

    /** A plugin that registers a VictimQueueOrder with no opinion. */
    private static final class NoOpinion implements Plugin {
        @Override
        public String name() {
            return "victim-queues";
        }

        @Override
        public void register(Extensions ext) {
            ext.victimQueueOrder((a, b, preemptorQueue) -> 0);
        }
    }

    /** Victims of queues other than the preemptor's go first (capacity's rule has this shape). */
    private static final class PreemptorsQueueLast implements Plugin {
        @Override
        public String name() {
            return "victim-queues";
        }

        @Override
        public void register(Extensions ext) {
            ext.victimQueueOrder((a, b, preemptorQueue) -> Boolean.compare(a == preemptorQueue, b == preemptorQueue));
        }
    }
}
