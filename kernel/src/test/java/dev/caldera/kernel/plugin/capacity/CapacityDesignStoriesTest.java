package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.PluginRun;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.resource.ResourceList;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The user stories of current Volcano's capacity design ({@code docs/design/capacity-scheduling.md}), scaled down
 * to 10 A100 and 10 V100 GPUs on two nodes, run over several cycles with the conf of Volcano's capacity guide
 * ({@code docs/user-guide/how_to_use_capacity_plugin.md}: enqueue, allocate, backfill, reclaim; priority, gang
 * with enablePreemptable false, conformance / drf with enablePreemptable false, predicates, capacity, nodeorder).
 * Evicted pods leave and bound pods stay between cycles, as in a cluster.
 */
class CapacityDesignStoriesTest {
    private static final String A100 = "nvidia.com/a100";
    private static final String V100 = "nvidia.com/v100";

    private final PluginCluster cluster = new PluginCluster();
    private final List<String> evicted = new ArrayList<>();
    private final Map<String, Pod> specs = new java.util.HashMap<>();
    private long created;

    /** Story 1: the capability is never exceeded, per GPU model. */
    @Test
    void capabilityIsNeverExceededPerGpuModel() {
        gpuNodes();
        queue("q1", null, gpus(6, 4), null);
        gang("q1", "a", 10, A100);
        gang("q1", "v", 10, V100);
        cycles(2);
        assertThat(held("q1", A100)).isEqualTo(6);
        assertThat(held("q1", V100)).isEqualTo(4);
    }

    /**
     * Story 3: queue1 uses the whole cluster while queue2 is idle; when queue2's jobs arrive, reclaim takes back
     * exactly queue2's deserved, per GPU model, and leaves queue1 at its own deserved.
     */
    @Test
    void anIdleQueuesShareIsBorrowedThenReclaimedExactlyDownToDeserved() {
        gpuNodes();
        queue("q1", gpus(2, 5), null, null);
        queue("q2", gpus(8, 5), null, null);
        gang("q1", "a1", 10, A100);
        gang("q1", "v1", 10, V100);
        cycles(1);
        assertThat(held("q1", A100)).isEqualTo(10);
        assertThat(held("q1", V100)).isEqualTo(10);
        gang("q2", "a2", 8, 8, A100);
        gang("q2", "v2", 5, 5, V100);
        cycles(2);
        assertThat(held("q1", A100)).isEqualTo(2);
        assertThat(held("q1", V100)).isEqualTo(5);
        assertThat(held("q2", A100)).isEqualTo(8);
        assertThat(held("q2", V100)).isEqualTo(5);
    }

    /** Story 4: a queue's guarantee is kept for it even while it is idle; the others share what is left. */
    @Test
    void aGuaranteeIsReservedEvenForAnIdleQueue() {
        gpuNodes();
        queue("q1", gpus(4, 0), null, gpus(4, 0));
        queue("q2", gpus(2, 0), null, null);
        gang("q2", "a2", 10, A100);
        cycles(2);
        assertThat(held("q2", A100)).isEqualTo(6);
        gang("q1", "a1", 4, 4, A100);
        cycles(2);
        assertThat(held("q1", A100)).isEqualTo(4);
    }

    // ------------------------------------------------------------------ fixtures

    private void gpuNodes() {
        node("a100-node", A100);
        node("v100-node", V100);
    }

    private void node(String name, String gpu) {
        cluster.upsertNode(name, ResourceList.of("cpu", 64_000L, "memory", 256L << 30, "pods", 110L, gpu,
                10_000L), Map.of("kubernetes.io/hostname", name), List.of(), false);
    }

    private static ResourceList gpus(int a100, int v100) {
        return ResourceList.of(A100, a100 * 1000L, V100, v100 * 1000L);
    }

    private void queue(String name, ResourceList deserved, ResourceList capability, ResourceList guarantee) {
        cluster.upsertQueue(name, 1, capability, guarantee, deserved, true, null, 0, null, created++);
    }

    /** {@code pods} pods of one GPU each, minMember 1 (an elastic job whose pods may be reclaimed one by one). */
    private void gang(String queue, String name, int pods, String gpu) {
        gang(queue, name, pods, 1, gpu);
    }

    /**
     * A job of {@code pods} pods of one GPU each. Reclaim serves a job only while it starves (fewer than
     * minMember placed), so a job that must get all its pods back by reclaim asks for all of them at once.
     */
    private void gang(String queue, String name, int pods, int minMember, String gpu) {
        cluster.upsertJob("ns", name, queue, minMember, Map.of(), null, null, "Pending", created++);
        for (int i = 0; i < pods; i++) {
            Pod t = Pod.builder("ns", name + "-" + i).job(name).creationMs(created++)
                    .request(ResourceList.of("cpu", 100L, gpu, 1000L)).build();
            specs.put(t.uid(), t);
            cluster.upsertTask(t);
        }
    }

    private void cycles(int n) {
        try (PluginRun s = cluster.scheduler(ACTIONS, tiers()).evictions((u, k, why) -> evicted.add(u))) {
            for (int i = 0; i < n; i++) {
                s.runOnce();
                evicted.forEach(cluster::removeTask);
                evicted.clear();
                startBoundPods();
            }
        }
    }

    /** Bound pods start running on their node (the kubelet's part), so that reclaim may take them later. */
    private void startBoundPods() {
        for (int t = 0; t < cluster.tasks().rows(); t++) {
            if (cluster.tasks().live(t) && cluster.status(t) == TaskStatus.BINDING) {
                Pod was = specs.get(cluster.tasks().uid(t));
                String node = cluster.nodes().name(cluster.nodeOf(t));
                cluster.upsertTask(Pod.builder(was.namespace(), was.name()).job(was.job())
                        .creationMs(was.creationMs()).request(was.request()).running(node).build());
            }
        }
    }

    private static final List<String> ACTIONS = List.of("enqueue", "allocate", "backfill", "reclaim");

    private static List<List<PluginOption>> tiers() {
        return List.of(
                List.of(PluginOption.of("priority"),
                        QueueScenario.only("gang", dev.caldera.kernel.conf.PluginFlag.JOB_ORDER,
                                dev.caldera.kernel.conf.PluginFlag.JOB_READY,
                                dev.caldera.kernel.conf.PluginFlag.JOB_PIPELINED,
                                dev.caldera.kernel.conf.PluginFlag.JOB_STARVING,
                                dev.caldera.kernel.conf.PluginFlag.RECLAIMABLE),
                        PluginOption.of("conformance")),
                List.of(QueueScenario.only("drf", dev.caldera.kernel.conf.PluginFlag.JOB_ORDER),
                        PluginOption.of("predicates"), PluginOption.of("capacity"), PluginOption.of("nodeorder")));
    }

    /** Whole GPUs of {@code gpu} the queue's pods hold (running; pipelined pods do not count yet). */
    private long held(String queue, String gpu) {
        int d = cluster.dims().find(gpu);
        long sum = 0;
        for (int t = 0; t < cluster.tasks().rows(); t++) {
            byte st = cluster.status(t);
            boolean holds = st == TaskStatus.BINDING || st == TaskStatus.BOUND || st == TaskStatus.RUNNING;
            if (cluster.tasks().live(t) && holds && queue.equals(cluster.jobs().queueName(cluster.tasks().job(t)))) {
                Request req = cluster.classes().request(cluster.tasks().taskClass(t));
                sum += req.at(d);
            }
        }
        return sum / 1000;
    }
}
