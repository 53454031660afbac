package dev.caldera.k8s.convert;

import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.resource.ResourceList;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.Queue;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.caldera.k8s.testing.Manifests.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Nodes, PodGroups, Queues and PriorityClasses to kernel specs. */
class ObjectConvertersTest {
    @Test
    void aNodeHasItsAllocatableLabelsTaintsAndCordon() {
        NodeSpec n = NodeConverter.of(read("""
                metadata:
                  name: gpu-1
                  labels: {zone: a}
                spec:
                  unschedulable: true
                  taints: [{key: nvidia.com/gpu, value: present, effect: NoSchedule}]
                status:
                  capacity: {cpu: "64", memory: 512Gi, pods: "110", nvidia.com/gpu: "8"}
                  allocatable: {cpu: 63500m, memory: 500Gi, pods: "110", nvidia.com/gpu: "8"}
                """, Node.class));
        assertThat(n.name()).isEqualTo("gpu-1");
        assertThat(n.allocatable()).isEqualTo(ResourceList.of("cpu", 63_500L, "memory", 500L << 30, "pods", 110L,
                "nvidia.com/gpu", 8_000L));
        assertThat(n.labels()).containsExactly(Map.entry("zone", "a"));
        assertThat(n.taints()).containsExactly(new Taint("nvidia.com/gpu", "present", TaintEffect.NO_SCHEDULE));
        assertThat(n.unschedulable()).isTrue();
    }

    @Test
    void aNodeWithoutAllocatableOffersItsCapacity() {
        NodeSpec n = NodeConverter.of(read("metadata: {name: n1}\nstatus: {capacity: {cpu: 4, memory: 8Gi}}\n",
                Node.class));
        assertThat(n.allocatable()).isEqualTo(ResourceList.of("cpu", 4000L, "memory", 8L << 30));
    }

    @Test
    void nodeErrorsNameTheField() {
        assertThatThrownBy(() -> NodeConverter.of(read("metadata: {name: n1}\nstatus: {allocatable: {memory: -1}}\n",
                Node.class))).hasMessage("Node n1: status.allocatable.memory: '-1' is negative");
        assertThatThrownBy(() -> NodeConverter.of(read("metadata: {name: n1}\nspec: {taints: [{key: a}]}\n",
                Node.class))).hasMessage("Node n1: spec.taints[0].effect is required (NoSchedule, PreferNoSchedule"
                        + " or NoExecute)");
        assertThatThrownBy(() -> NodeConverter.of(read("status: {}\n", Node.class)))
                .hasMessage("Node <unnamed>: metadata.name is required");
    }

    @Test
    void aPodGroupHasItsGangQueuePriorityAndPhase() {
        JobSpec j = PodGroupConverter.of(read("""
                metadata:
                  name: train
                  namespace: ml
                  creationTimestamp: "2024-01-01T00:00:00Z"
                  annotations: {sla-waiting-time: 1h30m}
                spec:
                  minMember: 4
                  minTaskMember: {ps: 1, worker: 3}
                  queue: research
                  priorityClassName: high
                  minResources: {cpu: "8", memory: 16Gi}
                status: {phase: Inqueue}
                """, PodGroup.class));
        assertThat(j.key()).isEqualTo("ml/train");
        assertThat(j.minMember()).isEqualTo(4);
        assertThat(j.minTaskMember()).containsOnly(Map.entry("ps", 1), Map.entry("worker", 3));
        assertThat(j.queue()).isEqualTo("research");
        assertThat(j.priorityClassName()).isEqualTo("high");
        assertThat(j.minResources()).isEqualTo(ResourceList.of("cpu", 8000L, "memory", 16L << 30));
        assertThat(j.phase()).isEqualTo("Inqueue");
        assertThat(j.creationMs()).isEqualTo(1_704_067_200_000L);
        assertThat(j.slaWaitingMs()).isEqualTo(90 * 60_000L);
    }

    @Test
    void aBarePodGroupGoesToTheDefaultQueueAsVolcanoAdmitsIt() {
        JobSpec j = PodGroupConverter.of(read("metadata: {name: pg}\n", PodGroup.class));
        assertThat(j.namespace()).isEqualTo("default");
        assertThat(j.queue()).isEqualTo("default");
        assertThat(j.minMember()).isZero();
        assertThat(j.minResources()).isNull();
        assertThat(j.phase()).isNull();
        assertThat(j.slaWaitingMs()).isEqualTo(-1);
    }

    @Test
    void podGroupErrorsNameTheField() {
        assertThatThrownBy(() -> PodGroupConverter.of(read("metadata: {name: pg, namespace: a}\nspec: {minMember: -1}\n",
                PodGroup.class))).hasMessage("PodGroup a/pg: spec.minMember: must not be negative, got -1");
        assertThatThrownBy(() -> PodGroupConverter.of(read(
                "metadata: {name: pg, namespace: a}\nspec: {minResources: {cpu: lots}}\n", PodGroup.class)))
                .hasMessageStartingWith("PodGroup a/pg: spec.minResources.cpu: 'lots' is not a quantity");
        assertThatThrownBy(() -> PodGroupConverter.of(read(
                "metadata: {name: pg, namespace: a}\nstatus: {phase: Sleeping}\n", PodGroup.class)))
                .hasMessageContaining("status.phase: 'Sleeping' is not one of");
    }

    @Test
    void aQueueHasWeightLimitsAndState() {
        QueueSpec q = QueueConverter.of(read("""
                metadata: {name: research}
                spec:
                  weight: 3
                  capability: {cpu: "100"}
                  guarantee: {resource: {cpu: "10"}}
                  deserved: {cpu: "40"}
                  reclaimable: false
                  parent: root
                  priority: 5
                status: {state: Closed}
                """, Queue.class));
        assertThat(q.weight()).isEqualTo(3);
        assertThat(q.capability()).isEqualTo(ResourceList.of("cpu", 100_000L));
        assertThat(q.guarantee()).isEqualTo(ResourceList.of("cpu", 10_000L));
        assertThat(q.deserved()).isEqualTo(ResourceList.of("cpu", 40_000L));
        assertThat(q.reclaimable()).isFalse();
        assertThat(q.parent()).isEqualTo("root");
        assertThat(q.priority()).isEqualTo(5);
        assertThat(q.state()).isEqualTo("Closed");
    }

    @Test
    void aBareQueueHasWeightOneAndIsReclaimable() {
        QueueSpec q = QueueConverter.of(read("metadata: {name: q}\nspec: {weight: 0}\n", Queue.class));
        assertThat(q.weight()).isEqualTo(1);
        assertThat(q.reclaimable()).isTrue();
        assertThat(q.capability()).isNull();
        assertThatThrownBy(() -> QueueConverter.of(read("metadata: {name: q}\nspec: {weight: -2}\n", Queue.class)))
                .hasMessage("Queue q: spec.weight: must be positive, got -2");
    }

    @Test
    void aPriorityClassNeedsItsValue() {
        assertThat(PriorityClassConverter.of(read("metadata: {name: high}\nvalue: 1000\nglobalDefault: true\n",
                PriorityClass.class))).isEqualTo(new PriorityClassSpec("high", 1000, true));
        assertThatThrownBy(() -> PriorityClassConverter.of(read("metadata: {name: high}\n", PriorityClass.class)))
                .hasMessage("PriorityClass high: value is required");
    }
}
