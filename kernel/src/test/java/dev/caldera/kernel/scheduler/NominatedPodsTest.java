package dev.caldera.kernel.scheduler;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.Clusters.cpuMem;
import static dev.caldera.kernel.testing.Clusters.node;
import static dev.caldera.kernel.testing.Clusters.queue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nominated pods. Volcano writes a preemptor's {@code nominatedNodeName} when its pipeline needed evictions
 * (pkg/scheduler/api/job_info.go, {@code TaskSchedulingReason}) but does not hold the room (its framework handle,
 * pkg/scheduler/plugins/util/k8s/framework.go, leaves {@code NominatedPodsForNode} unimplemented); Caldera holds
 * it against lower-priority pods as kube-scheduler's PodNominator does, and drops a nomination as kube-scheduler
 * does (pkg/scheduler/schedule_one.go, {@code handleSchedulingFailure} clears a pod's nominated node when an
 * attempt fails without a new one): when the pod binds, is deleted, or a cycle leaves it unplaced.
 */
class NominatedPodsTest {
    private final ClusterCache cache = new ClusterCache();
    private final List<String> binds = new ArrayList<>();

    NominatedPodsTest() {
        node(cache, "n1", 4000, 8 * GI);
        queue(cache, "q", 1);
    }

    private void pending(String name, int priority, long cpuMilli, String nominated) {
        pending(name, priority, cpuMilli, nominated, 1);
    }

    /** A job with {@code minMember} above its one task is left out of the session (not valid for the gang). */
    private void pending(String name, int priority, long cpuMilli, String nominated, int minMember) {
        cache.upsertJob(new JobSpec("ns", name, "q", minMember, Map.of(), null, null, "Inqueue", 0));
        cache.upsertTask(TaskSpec.builder("ns", name).job(name).request(cpuMem(cpuMilli, GI)).priority(priority)
                .nominatedNodeName(nominated).build());
    }

    /**
     * A gang of two that this cycle cannot place: its pod {@code name} is nominated to n1, its other pod asks for
     * more than any node has, so the gang is tried, discarded, and its nominated pod stays pending all cycle.
     */
    private void unplaceableGang(String name, int priority, long cpuMilli, String nominated) {
        pending(name, priority, cpuMilli, nominated, 2);
        cache.upsertTask(TaskSpec.builder("ns", name + "-huge").job(name).request(cpuMem(64_000, GI))
                .priority(priority).build());
    }

    private void cycle(boolean incremental) {
        SchedulerConf conf = new SchedulerConf(List.of("allocate"),
                List.of(new Tier(List.of(PluginOption.of("priority"), PluginOption.of("gang")))), Map.of());
        Sinks sinks = new Sinks((uid, key, node) -> binds.add(key + "@" + node), (u, k, r) -> true, (j, p, r) -> { });
        try (Scheduler s = new Scheduler(cache, conf, PluginRegistry.defaults(),
                new SchedulerOptions(1, Integer.MAX_VALUE, incremental), sinks)) {
            s.runOnce();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aLowerPriorityPodCannotTakeTheRoomOfANominatedPod(boolean incremental) {
        unplaceableGang("preemptor", 100, 3000, "n1");
        pending("small", 10, 2000, null);
        cycle(incremental);
        assertThat(binds).as("3 of the node's 4 cpu are held for the nominated preemptor").isEmpty();
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theSamePodFitsOnceTheNominationIsGone(boolean incremental) {
        pending("preemptor", 100, 3000, null, 2);
        pending("small", 10, 2000, null);
        cycle(incremental);
        assertThat(binds).containsExactly("ns/small@n1");
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aHigherPriorityPodMayTakeTheRoomOfANominatedPod(boolean incremental) {
        unplaceableGang("preemptor", 100, 3000, "n1");
        pending("urgent", 1000, 2000, null);
        cycle(incremental);
        assertThat(binds).containsExactly("ns/urgent@n1");
    }

    /**
     * Two pods of equal priority nominated to one node that holds only one of them: each counts the other's
     * nomination as taken. kube-scheduler clears a pod's nomination when a scheduling attempt fails without a
     * new one, so the deadlock lasts one cycle at most; then one of them binds.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void twoPodsNominatedToOneNodeDoNotBlockEachOtherForever(boolean incremental) {
        pending("a", 100, 3000, "n1");
        pending("b", 100, 3000, "n1");
        for (int cycle = 0; cycle < 3 && binds.isEmpty(); cycle++) {
            cycle(incremental);
        }
        assertThat(binds).hasSize(1);
    }

    /** A pod whose PodGroup is not in the session (here: not valid for its gang) will not be scheduled: no room. */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aPodThisCycleWillNotScheduleHoldsNoRoom(boolean incremental) {
        pending("orphan", 100, 3000, "n1", 2);
        pending("small", 10, 2000, null);
        cycle(incremental);
        assertThat(binds).containsExactly("ns/small@n1");
    }

    /** kube-scheduler clears the nomination of a pod whose scheduling attempt failed; so does the scheduler. */
    @Test
    void aNominationIsDroppedWhenItsPodFailsToBePlaced() {
        unplaceableGang("preemptor", 100, 3000, "n1");
        cycle(true);
        assertThat(cache.nominations().nodeOf(cache.taskRow("ns/preemptor"))).isEqualTo(-1);
    }

    @Test
    void aNominationIsDroppedWhenItsPodBindsOrIsDeleted() {
        pending("a", 100, 3000, "n1");
        unplaceableGang("b", 100, 500, "n1");
        cycle(true);
        assertThat(binds).containsExactly("ns/a@n1");
        assertThat(cache.nominations().count()).isZero();
        pending("c", 100, 500, "n1");
        cache.removeTask("ns/c");
        cache.applyChanges();
        assertThat(cache.nominations().count()).isZero();
    }

    /** A pod pipelined again in a later cycle (still waiting for its victims) keeps its nomination. */
    @Test
    void aNominationIsKeptWhileItsPodIsPipelinedAgain() {
        cache.upsertJob(new JobSpec("ns", "old", "q", 1, Map.of(), null, null, "Running", 0));
        cache.upsertTask(TaskSpec.builder("ns", "old-0").job("old").request(cpuMem(3000, GI))
                .status(dev.caldera.kernel.cluster.TaskStatus.RELEASING).nodeName("n1").build());
        pending("preemptor", 100, 3000, "n1");
        for (int i = 0; i < 2; i++) {
            cycle(true);
            assertThat(cache.nominations().nodeOf(cache.taskRow("ns/preemptor"))).isEqualTo(cache.nodeRow("n1"));
        }
        assertThat(binds).isEmpty();
    }

    @Test
    void aNominatedPodGoesToItsNominatedNodeWhenItFits() {
        node(cache, "n0", 8000, 8 * GI);
        pending("preemptor", 100, 3000, "n1");
        cycle(true);
        assertThat(binds).containsExactly("ns/preemptor@n1");
    }
}
