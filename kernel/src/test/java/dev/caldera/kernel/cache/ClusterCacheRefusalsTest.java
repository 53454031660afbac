package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.CacheImage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What the cache refuses, and how it says so: kind, name, field, reason; the tables stay as they were. */
class ClusterCacheRefusalsTest {
    private static final long LIMIT = 1L << 62;
    private final ClusterCache cache = new ClusterCache();
    private final List<RejectedChange> refused = new ArrayList<>();

    ClusterCacheRefusalsTest() {
        cache.rejections(refused::add);
        cache.upsertNode(node("n1", 4000));
        cache.upsertQueue(QueueSpec.open("q", 1));
        cache.upsertJob(new JobSpec("ns", "g", "q", 1, Map.of(), null, null, null, 0));
        cache.upsertTask(TaskSpec.builder("ns", "a").uid("uid-a").job("g").request(ResourceList.of("cpu", 100L))
                .build());
        cache.applyChanges();
    }

    @Test
    void aStatusOnlyTheSchedulerSetsIsRefused() {
        String before = CacheImage.of(cache);
        cache.upsertTask(TaskSpec.builder("ns", "b").uid("uid-b").job("g").status(TaskStatus.ALLOCATED).build());
        assertThat(cache.applyChanges()).isZero();
        assertThat(only()).isEqualTo("Pod ns/b: status: Allocated is a state only the scheduler sets; a pod is "
                + "Pending, Bound, Running, Releasing, Succeeded, Failed or Unknown");
        assertThat(CacheImage.of(cache)).isEqualTo(before);
    }

    @Test
    void aMoveOfAPodTheCacheDoesNotHoldOrToAStatusOnlyTheSchedulerSetsIsRefused() {
        String before = CacheImage.of(cache);
        cache.moveTask("uid-x", TaskStatus.RUNNING, "n1", 0);
        cache.moveTask("uid-a", TaskStatus.BINDING, "n1", 0);
        assertThat(cache.applyChanges()).isZero();
        assertThat(refused).extracting(RuntimeException::getMessage).containsExactly(
                "Pod uid-x: metadata.uid: no pod has uid uid-x in the cache: a move changes a pod written before",
                "Pod ns/a: status: Binding is a state only the scheduler sets; a pod is Pending, Bound, Running, "
                        + "Releasing, Succeeded, Failed or Unknown");
        assertThat(CacheImage.of(cache)).isEqualTo(before);
        cache.moveTask("uid-a", TaskStatus.RUNNING, "n1", 0);
        assertThat(cache.applyChanges()).isEqualTo(1);
        assertThat(cache.taskState().status(cache.taskRow("uid-a"))).isEqualTo(TaskStatus.RUNNING);
        assertThat(cache.taskState().node(cache.taskRow("uid-a"))).isEqualTo(cache.nodeRow("n1"));
    }

    @Test
    void aUidThatNamesAnotherPodIsRefused() {
        cache.upsertTask(TaskSpec.builder("ns", "b").uid("uid-a").job("g").build());
        assertThat(cache.applyChanges()).isZero();
        assertThat(only()).isEqualTo("Pod ns/b: metadata.uid: uid-a is already the uid of Pod ns/a");
        assertThat(cache.tasks().key(cache.taskRow("uid-a"))).isEqualTo("ns/a");
    }

    @Test
    void aNodeThatWouldPushTheClusterTotalPast2To62IsRefusedAndAnUpdateCountsOnlyTheDifference() {
        cache.upsertNode(node("n2", LIMIT - 4000 + 1));
        cache.upsertNode(node("n1", LIMIT));
        cache.upsertNode(node("n2", 1));
        assertThat(cache.applyChanges()).isEqualTo(1);
        String crossed = ": status.allocatable.cpu: the total of nodes' allocatable would exceed 4611686018427387904"
                + " (2^62), more than the kernel adds up exactly in 64 bits";
        assertThat(refused).extracting(RuntimeException::getMessage).containsExactly("Node n2" + crossed,
                "Node n2" + crossed);
        assertThat(cache.nodes().allocatable(0, cache.nodeRow("n1"))).isEqualTo(LIMIT);
        assertThat(cache.nodeRow("n2")).isNegative();
    }

    @Test
    void aPodGroupQueueOrPodPastTheLimitIsRefusedNamingTheResource() {
        cache.upsertJob(new JobSpec("ns", "g", "q", 1, Map.of(), null, ResourceList.of("memory", LIMIT + 1), null, 0));
        cache.upsertQueue(new QueueSpec("q", 1, ResourceList.of("nvidia.com/gpu", LIMIT + 1), null, null, true, null,
                0, null, 0));
        cache.upsertTask(TaskSpec.builder("ns", "a").uid("uid-a").job("g")
                .request(ResourceList.of("cpu", LIMIT + 1)).build());
        assertThat(cache.applyChanges()).isZero();
        assertThat(refused).extracting(r -> r.kind() + " " + r.name() + " " + r.field()).containsExactly(
                "PodGroup ns/g spec.minResources.memory", "Queue q spec.capability.nvidia.com/gpu",
                "Pod ns/a spec.containers[].resources.requests.cpu");
        assertThat(cache.classes().request(cache.tasks().taskClass(cache.taskRow("uid-a")), 0)).isEqualTo(100);
    }

    @Test
    void moreThan128ResourcesOrAnEmptyResourceNameAreRefused() {
        Map<String, Long> many = new LinkedHashMap<>();
        for (int i = 0; i < 126; i++) {
            many.put("example.com/r" + i, 1L);
        }
        cache.upsertNode(new NodeSpec("n9", ResourceList.of(many), Map.of(), List.of(), false));
        cache.upsertNode(new NodeSpec("n9", ResourceList.of("", 1L), Map.of(), List.of(), false));
        assertThat(cache.applyChanges()).isZero();
        assertThat(refused).extracting(RuntimeException::getMessage).containsExactly(
                "Node n9: status.allocatable: it would make 129 distinct resources in the cluster; the kernel keeps "
                        + "at most 128", "Node n9: status.allocatable: a resource name is empty");
        assertThat(cache.dims().count()).isEqualTo(3);
    }

    @Test
    void refusalsAreCountedAndTheNextChangeIsApplied() {
        cache.upsertTask(TaskSpec.builder("ns", "b").uid("uid-b").job("g").status(TaskStatus.BINDING).build());
        cache.upsertTask(TaskSpec.builder("ns", "c").uid("uid-c").job("g").build());
        assertThat(cache.applyChanges()).isEqualTo(1);
        assertThat(cache.rejectedChanges()).isEqualTo(1);
        assertThat(cache.taskRow("uid-c")).isNotNegative();
        assertThat(cache.taskRow("uid-b")).isNegative();
    }

    private String only() {
        assertThat(refused).hasSize(1);
        return refused.get(0).getMessage();
    }

    private static NodeSpec node(String name, long cpu) {
        return new NodeSpec(name, ResourceList.of("cpu", cpu, "pods", 110L), Map.of(), List.of(), false);
    }
}
