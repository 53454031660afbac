package dev.caldera.kernel.plugin.gang;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.PluginRun;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.resource.ResourceList;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.Clusters.cpuMem;
import static dev.caldera.kernel.testing.Clusters.node;
import static dev.caldera.kernel.testing.Clusters.queue;
import static org.assertj.core.api.Assertions.assertThat;

/** Gang rules seen from the outside: what is bound and what each PodGroup is told. */
class GangPluginTest {
    private final PluginCluster cluster = new PluginCluster();
    private final Map<String, String> reasons = new HashMap<>();
    private final Map<String, String> phases = new HashMap<>();

    private void run(String... plugins) {
        List<PluginOption> options = new java.util.ArrayList<>();
        for (String p : plugins) {
            options.add(PluginOption.of(p));
        }
        try (PluginRun s = cluster.scheduler(List.of("allocate"), List.of(options)).statuses((job, phase, reason) -> {
            phases.put(job, phase);
            reasons.put(job, Objects.toString(reason, null));
        })) {
            s.runOnce();
        }
    }

    private void job(String name, String queue, int minMember, int tasks, long cpuMilli) {
        cluster.upsertJob("ns", name, queue, minMember, Map.of(), null, null, "Inqueue", 0);
        for (int i = 0; i < tasks; i++) {
            cluster.upsertTask(Pod.builder("ns", name + "-" + i).job(name).request(cpuMem(cpuMilli, GI)).build());
        }
    }

    /**
     * Current Volcano keeps an invalid job in the session: allocate skips it ({@code buildAllocateContext} asks
     * JobValid) and gang's {@code OnSessionClose} marks it unschedulable like any job that is not ready; Caldera's
     * message gives the JobValid reason.
     */
    @Test
    void aJobWithFewerValidTasksThanMinMemberIsNotPlacedAndSaysWhy() {
        node(cluster, "n1", 8000, 8 * GI);
        queue(cluster, "q", 1);
        job("short", "q", 3, 2, 1000);
        run("gang");
        assertThat(reasons.get("ns/short"))
                .isEqualTo("3/2 tasks in gang unschedulable: Not enough valid tasks for gang-scheduling, valid: 2, min: 3");
        assertThat(cluster.status(cluster.taskRow("ns/short-0"))).isEqualTo(TaskStatus.PENDING);
    }

    @Test
    void aGangThatDoesNotFitWholeLeavesNoTaskBound() {
        node(cluster, "n1", 3000, 8 * GI);
        queue(cluster, "q", 1);
        job("big", "q", 2, 2, 2000);
        run("gang");
        assertThat(phases.get("ns/big")).isEqualTo("Inqueue");
        assertThat(reasons.get("ns/big"))
                .isEqualTo("2/2 tasks in gang unschedulable: 0/1 nodes are available: 1 Insufficient cpu.");
        assertThat(cluster.used(0, cluster.nodeRow("n1"))).isZero();
    }

    @Test
    void aGangHeldBackByItsQueueSaysSo() {
        node(cluster, "n1", 8000, 8 * GI);
        cluster.upsertQueue("small", 1, ResourceList.of("cpu", 1000L, "memory", 8 * GI), null, null, true,
                null, 0, "Open", 0);
        job("wide", "small", 2, 2, 1000);
        run("gang", "proportion");
        assertThat(reasons.get("ns/wide")).isEqualTo("2/2 tasks in gang unschedulable: queue small cannot take more"
                + " now (its deserved share or capability is reached)");
    }

    @Test
    void aPipelinedGangCountsItsPipelinedTasks() {
        node(cluster, "n1", 4000, 8 * GI);
        queue(cluster, "q", 1);
        cluster.upsertJob("ns", "old", "q", 1, Map.of(), null, null, "Running", 0);
        cluster.upsertTask(Pod.builder("ns", "old-0").job("old").request(cpuMem(2000, GI)).running("n1").build());
        cluster.upsertTask(Pod.builder("ns", "old-1").job("old").request(cpuMem(2000, GI)).running("n1")
                .status(TaskStatus.RELEASING).build());
        job("next", "q", 1, 1, 2000);
        run("gang");
        assertThat(reasons.get("ns/next")).isEqualTo("1/1 tasks in gang unschedulable: pod group is not ready,"
                + " 0 ready, 1 Pipelined, 0 Pending, 1 minAvailable");
    }

    @Test
    void aRunningGangMissingMembersThatCannotBePlacedIsUnknown() {
        node(cluster, "n1", 2000, 8 * GI);
        queue(cluster, "q", 1);
        cluster.upsertJob("ns", "half", "q", 2, Map.of(), null, null, "Running", 0);
        cluster.upsertTask(Pod.builder("ns", "half-0").job("half").request(cpuMem(2000, GI)).running("n1").build());
        cluster.upsertTask(Pod.builder("ns", "half-1").job("half").request(cpuMem(2000, GI)).build());
        run("gang");
        assertThat(phases.get("ns/half")).isEqualTo("Unknown");
    }
}
