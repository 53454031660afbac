package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.Clusters.cpuMem;
import static dev.caldera.kernel.testing.Clusters.node;
import static org.assertj.core.api.Assertions.assertThat;

class ClusterCacheTest {
    private final ClusterCache cache = new ClusterCache();

    private TaskSpec.Builder task(String name) {
        return TaskSpec.builder("ns", name).job("job").request(cpuMem(1000, GI));
    }

    private long idleCpu(String node) {
        return cache.nodeUsage().idle(ResourceDimensions.CPU, cache.nodeRow(node));
    }

    /**
     * A first load of at least {@code ClusterCache.BULK} changes into a cache without pods reserves room up front
     * ({@code TaskCache.reserve}); the rows handed out must be exactly those of the same changes applied a hundred at
     * a time (which never reserves): removals in the stream free rows that later pods take, last freed first.
     */
    @Test
    void aBulkFirstLoadHandsOutTheRowsOfSmallApplies() {
        ClusterCache small = new ClusterCache();
        node(cache, "n1", 4_000_000, 8_000 * GI);
        node(small, "n1", 4_000_000, 8_000 * GI);
        List<String> uids = new ArrayList<>();
        int queued = 0;
        for (int i = 0; i < 3000; i++) {
            TaskSpec spec = (i % 3 == 0 ? task("p" + i).running("n1") : task("p" + i)).build();
            uids.add(spec.uid());
            cache.upsertTask(spec);
            small.upsertTask(spec);
            queued++;
            if (i % 7 == 6) { // a pod added a little earlier goes away: its row is the next one handed out
                String gone = uids.get(i - 3);
                cache.removeTask(gone);
                small.removeTask(gone);
                queued++;
            }
            if (queued % 100 == 0 || i == 2999) {
                small.applyChanges();
            }
        }
        assertThat(cache.applyChanges()).isGreaterThanOrEqualTo(1024);
        assertThat(cache.tasks().rows()).isEqualTo(small.tasks().rows());
        for (String uid : uids) {
            assertThat(cache.taskRow(uid)).as(uid).isEqualTo(small.taskRow(uid));
        }
        assertThat(idleCpu("n1")).isEqualTo(small.nodeUsage().idle(ResourceDimensions.CPU, small.nodeRow("n1")));
    }

    /** A job's key is joined once for a PodGroup and the pods after it, but only for the same namespace and name. */
    @Test
    void podsJoinTheJobOfTheirOwnNamespaceAndName() {
        cache.upsertJob(new JobSpec("a", "job", "q", 1, Map.of(), null, null, "Inqueue", 0));
        cache.upsertTask(TaskSpec.builder("a", "p1").job("job").request(cpuMem(1000, GI)).build());
        cache.upsertTask(TaskSpec.builder("b", "p2").job("job").request(cpuMem(1000, GI)).build());
        cache.upsertTask(TaskSpec.builder("b", "p3").job("other").request(cpuMem(1000, GI)).build());
        cache.upsertTask(TaskSpec.builder("a", "p4").job("job").request(cpuMem(1000, GI)).build());
        cache.applyChanges();
        assertThat(cache.jobs().tasks(cache.jobRow("a/job")).toIntArray()).containsExactly(cache.taskRow("a/p1"),
                cache.taskRow("a/p4"));
        assertThat(cache.jobs().tasks(cache.jobRow("b/job")).toIntArray()).containsExactly(cache.taskRow("b/p2"));
        assertThat(cache.jobs().tasks(cache.jobRow("b/other")).toIntArray()).containsExactly(cache.taskRow("b/p3"));
    }

    /**
     * A pod's namespace and role symbols are its own strings' also when pods in a row name the same ones by equal
     * strings, name none, or change them (the write's memo of the last namespace and role).
     */
    @Test
    void podsInARowTakeTheSymbolsOfTheirOwnNamespaceAndRole() {
        String[][] pods = {{"a", "worker"}, {"a", "worker"}, {"a", null}, {"a", "ps"}, {"b", "ps"}, {"b", null},
            {"b", null}, {"a", "worker"}, {"c", "worker"}};
        for (int i = 0; i < pods.length; i++) {
            // new String: equal strings, never the same object, as a reader hands them
            String role = pods[i][1] == null ? null : new String(pods[i][1]);
            cache.upsertTask(TaskSpec.builder(new String(pods[i][0]), "p" + i).job("job").role(role)
                    .request(cpuMem(1000, GI)).build());
        }
        cache.applyChanges();
        for (int i = 0; i < pods.length; i++) {
            int row = cache.taskRow(pods[i][0] + "/p" + i);
            assertThat(cache.symbols().string(cache.tasks().namespace(row))).as("pod %d", i).isEqualTo(pods[i][0]);
            assertThat(cache.symbols().string(cache.tasks().role(row))).as("pod %d", i).isEqualTo(pods[i][1]);
        }
    }

    @Test
    void aRunningTaskTakesItsNodesIdleAndAnUpdateDoesNotCountItTwice() {
        node(cache, "n1", 4000, 8 * GI);
        cache.upsertTask(task("a").running("n1").build());
        cache.upsertTask(task("a").running("n1").build());
        cache.applyChanges();
        assertThat(idleCpu("n1")).isEqualTo(3000);
        assertThat(cache.nodeUsage().used(ResourceDimensions.PODS, cache.nodeRow("n1"))).isEqualTo(1);
    }

    @Test
    void aNodesPlacementVersionMovesOnlyWhenItsLabelsTaintsOrCordonChange() {
        cache.upsertNode(new NodeSpec("n1", ResourceList.of("cpu", 4000L), Map.of("zone", "a"), List.of(), false));
        cache.applyChanges();
        int row = cache.nodeRow("n1");
        int first = cache.nodes().placementVersion(row);

        cache.upsertNode(new NodeSpec("n1", ResourceList.of("cpu", 8000L), Map.of("zone", "a"), List.of(), false));
        cache.applyChanges();
        assertThat(cache.nodes().placementVersion(row)).isEqualTo(first);
        assertThat(idleCpu("n1")).isEqualTo(8000);

        cache.upsertNode(new NodeSpec("n1", ResourceList.of("cpu", 8000L), Map.of("zone", "b"), List.of(), false));
        cache.applyChanges();
        int relabelled = cache.nodes().placementVersion(row);
        assertThat(relabelled).isNotEqualTo(first);

        cache.upsertNode(new NodeSpec("n1", ResourceList.of("cpu", 8000L), Map.of("zone", "b"),
                List.of(new Taint("k", "v", TaintEffect.NO_SCHEDULE)), false));
        cache.applyChanges();
        int tainted = cache.nodes().placementVersion(row);
        assertThat(tainted).isNotEqualTo(relabelled);

        cache.upsertNode(new NodeSpec("n1", ResourceList.of("cpu", 8000L), Map.of("zone", "b"),
                List.of(new Taint("k", "v", TaintEffect.NO_SCHEDULE)), true));
        cache.applyChanges();
        assertThat(cache.nodes().placementVersion(row)).isNotEqualTo(tainted);
    }

    @Test
    void aTaskOnANodeNotYetSeenIsAttachedWhenTheNodeArrives() {
        cache.upsertTask(task("a").running("late").build());
        cache.applyChanges();
        assertThat(cache.taskState().node(cache.taskRow("ns/a"))).isEqualTo(-1);
        node(cache, "late", 4000, 8 * GI);
        cache.applyChanges();
        assertThat(cache.taskState().node(cache.taskRow("ns/a"))).isEqualTo(cache.nodeRow("late"));
        assertThat(idleCpu("late")).isEqualTo(3000);
    }

    @Test
    void removingANodeDetachesItsTasksAndReattachesThemIfItComesBack() {
        node(cache, "n1", 4000, 8 * GI);
        cache.upsertTask(task("a").running("n1").build());
        cache.applyChanges();
        cache.removeNode("n1");
        cache.applyChanges();
        assertThat(cache.liveNodeCount()).isZero();
        assertThat(cache.taskState().node(cache.taskRow("ns/a"))).isEqualTo(-1);
        node(cache, "n1", 4000, 8 * GI);
        cache.applyChanges();
        assertThat(idleCpu("n1")).isEqualTo(3000);
    }

    @Test
    void aFailedBindPutsTheTaskBackToPendingAndFreesTheNode() {
        node(cache, "n1", 4000, 8 * GI);
        cache.upsertTask(task("a").build());
        cache.applyChanges();
        int row = cache.taskRow("ns/a");
        cache.markBinding(row, cache.nodeRow("n1"));
        assertThat(idleCpu("n1")).isEqualTo(3000);
        cache.bindFailed("ns/a", "node gone");
        cache.applyChanges();
        assertThat(cache.taskState().status(row)).isEqualTo(TaskStatus.PENDING);
        assertThat(idleCpu("n1")).isEqualTo(4000);
    }

    @Test
    void anInformerEchoOfAPodBeingBoundDoesNotUndoTheBind() {
        node(cache, "n1", 4000, 8 * GI);
        cache.upsertTask(task("a").build());
        cache.applyChanges();
        int row = cache.taskRow("ns/a");
        cache.markBinding(row, cache.nodeRow("n1"));
        cache.upsertTask(task("a").build());
        cache.applyChanges();
        assertThat(cache.taskState().status(row)).isEqualTo(TaskStatus.BINDING);
        assertThat(idleCpu("n1")).isEqualTo(3000);
    }

    @Test
    void identicalTasksShareOneClassWhichIsFreedWithTheLastOfThem() {
        cache.upsertTask(task("a").build());
        cache.upsertTask(task("b").build());
        cache.upsertTask(task("c").request(cpuMem(2000, GI)).build());
        cache.applyChanges();
        int a = cache.tasks().taskClass(cache.taskRow("ns/a"));
        assertThat(cache.tasks().taskClass(cache.taskRow("ns/b"))).isEqualTo(a);
        assertThat(cache.tasks().taskClass(cache.taskRow("ns/c"))).isNotEqualTo(a);
        cache.removeTask("ns/a");
        cache.removeTask("ns/b");
        cache.applyChanges();
        cache.upsertTask(task("d").request(cpuMem(3000, GI)).build());
        cache.applyChanges();
        assertThat(cache.tasks().taskClass(cache.taskRow("ns/d"))).as("freed class id is reused").isEqualTo(a);
    }

    @Test
    void aScalarResourceSeenFirstOnATaskBecomesADimensionOfEveryNode() {
        node(cache, "n1", 4000, 8 * GI);
        cache.upsertTask(task("a").request(ResourceList.of("cpu", 1000, "nvidia.com/gpu", 1000)).build());
        cache.applyChanges();
        int gpu = cache.dims().find("nvidia.com/gpu");
        assertThat(gpu).isGreaterThan(ResourceDimensions.PODS);
        assertThat(cache.nodes().allocatable(gpu, cache.nodeRow("n1"))).isZero();
        assertThat(cache.classes().request(cache.tasks().taskClass(cache.taskRow("ns/a")), gpu)).isEqualTo(1000);
    }

    @Test
    void jobCountersFollowEveryStatusChange() {
        cache.upsertJob(new JobSpec("ns", "job", "q", 2, Map.of(), null, null, "Inqueue", 0));
        cache.upsertTask(task("a").build());
        cache.upsertTask(task("b").status(TaskStatus.SUCCEEDED).build());
        cache.applyChanges();
        int job = cache.jobRow("ns/job");
        assertThat(cache.jobState().count(job, TaskStatus.PENDING)).isEqualTo(1);
        assertThat(cache.jobState().count(job, TaskStatus.SUCCEEDED)).isEqualTo(1);
        cache.removeTask("ns/a");
        cache.applyChanges();
        assertThat(cache.jobState().count(job, TaskStatus.PENDING)).isZero();
        assertThat(cache.jobState().count(job, JobState.PENDING_BEST_EFFORT)).isZero();
    }

    @Test
    void nodeLabelsAreInternedAndFoundBySymbol() {
        node(cache, "n1", 4000, 8 * GI);
        cache.upsertNode(new NodeSpec("n2", ResourceList.of("cpu", 1000, "pods", 10), Map.of("zone", "a"),
                List.of(), false));
        assertThat(cache.applyChanges()).isEqualTo(2);
        assertThat(cache.nodes().label(cache.nodeRow("n2"), cache.symbols().find("zone")))
                .isEqualTo(cache.symbols().find("a"));
    }

    @Test
    void nodeRanksFollowNameOrder() {
        node(cache, "b", 1000, GI);
        node(cache, "a", 1000, GI);
        node(cache, "c", 1000, GI);
        cache.applyChanges();
        assertThat(cache.nodes().rank(cache.nodeRow("a"))).isZero();
        assertThat(cache.nodes().rank(cache.nodeRow("b"))).isEqualTo(1);
        assertThat(cache.nodes().rank(cache.nodeRow("c"))).isEqualTo(2);
    }
}
