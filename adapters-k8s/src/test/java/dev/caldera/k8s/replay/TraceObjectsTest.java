package dev.caldera.k8s.replay;

import dev.caldera.k8s.convert.Annotations;
import dev.caldera.k8s.convert.NodeConverter;
import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.kernel.plugin.deviceshare.DeviceSharePlugin;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A trace's pod carries the key of the PodGroup made with it, joined once, for the replay to write and remove it; a
 * shape's pod and a node, made of the model objects directly, are what the model's builders build.
 */
class TraceObjectsTest {
    private static final List<TraceObjects.PodShape> SHAPES = List.of(
            new TraceObjects.PodShape(4000, 1L << 30, 250, 0, List.of("T4"), null, null, null),
            new TraceObjects.PodShape(8000, 2L << 30, 0, 2, List.of(), "q", null, "g"),
            new TraceObjects.PodShape(1000, 1L << 20, 0, 0, List.of(), null, null, null),
            new TraceObjects.PodShape(0, 0, 0, 8, List.of("A100", "V100M32"), null, "high", null),
            new TraceObjects.PodShape(96000, 3L << 30, 999, 0, List.of(), "q2", "low", "g2"));

    @Test
    void aShapesPodIsWhatTheBuildersBuild() {
        PodConverter converter = new PodConverter(Set.of(TraceObjects.SCHEDULER));
        for (TraceObjects.PodShape shape : SHAPES) {
            Pod direct = TraceObjects.pod("shape", shape);
            Pod built = builtPod("shape", shape);
            assertThat(direct).as("%s", shape).isEqualTo(built);
            assertThat(converter.task(direct)).as("%s", shape).isEqualTo(converter.task(built));
            assertThat(converter.shadowGroup(direct)).as("%s", shape).isEqualTo(converter.shadowGroup(built));
        }
    }

    @Test
    void aNodeIsWhatTheBuilderBuilds() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("kubernetes.io/hostname", "n1");
        labels.put(TraceObjects.MODEL_LABEL, "T4");
        Map<String, Quantity> allocatable = new LinkedHashMap<>();
        allocatable.put("cpu", new Quantity("96000m"));
        allocatable.put(DeviceSharePlugin.GPU_NUMBER, new Quantity("2"));
        Node built = new NodeBuilder().withNewMetadata().withName("n1").withLabels(labels).endMetadata()
                .withNewStatus().withAllocatable(allocatable).withCapacity(allocatable).endStatus().build();
        Node direct = TraceObjects.node("n1", labels, allocatable);
        assertThat(direct).isEqualTo(built);
        assertThat(NodeConverter.of(direct)).isEqualTo(NodeConverter.of(built));
    }

    /** The shape's pod as TraceObjects made it with fabric8's builders until 2026-11-30. */
    private static Pod builtPod(String name, TraceObjects.PodShape shape) {
        Map<String, Quantity> requests = new LinkedHashMap<>();
        requests.put("cpu", new Quantity(shape.cpuMilli() + "m"));
        requests.put("memory", new Quantity(Long.toString(shape.memoryBytes())));
        Map<String, Quantity> limits = new LinkedHashMap<>(requests);
        if (shape.shareMilli() > 0) {
            limits.put(DeviceSharePlugin.GPU_MEMORY, new Quantity(Long.toString(shape.shareMilli())));
        } else if (shape.gpus() > 0) {
            limits.put(DeviceSharePlugin.GPU_NUMBER, new Quantity(Integer.toString(shape.gpus())));
        }
        Map<String, String> annotations = new LinkedHashMap<>();
        if (shape.group() != null) {
            annotations.put(Annotations.GROUP_NAME, shape.group());
        }
        if (shape.queue() != null) {
            annotations.put(Annotations.QUEUE_NAME, shape.queue());
        }
        PodBuilder b = new PodBuilder().withNewMetadata().withName(name).withNamespace(TraceObjects.NAMESPACE)
                .withUid(name).withAnnotations(annotations).endMetadata()
                .withNewSpec().withSchedulerName(TraceObjects.SCHEDULER).withPriorityClassName(shape.priorityClass())
                .withContainers(new ContainerBuilder().withName("main").withNewResources().withRequests(requests)
                        .withLimits(limits).endResources().build())
                .endSpec();
        if (!shape.models().isEmpty()) {
            b.editSpec().withNewAffinity().withNewNodeAffinity().withNewRequiredDuringSchedulingIgnoredDuringExecution()
                    .addNewNodeSelectorTerm().withMatchExpressions(new NodeSelectorRequirementBuilder()
                            .withKey(TraceObjects.MODEL_LABEL).withOperator("In").withValues(shape.models()).build())
                    .endNodeSelectorTerm().endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity()
                    .endAffinity().endSpec();
        }
        return b.build();
    }

    @Test
    void aPodCarriesItsGroupsKey() {
        TraceObjects objects = new TraceObjects();
        for (TraceObjects.PodShape shape : SHAPES) {
            ReplayPod pod = objects.pod(0, "p-" + shape.gpus(), shape, 5_000, -1, 60_000, "t.csv:2");
            if (shape.group() != null) {
                assertThat(pod.group()).isNull(); // a group the trace defines, not made with the pod
                assertThat(pod.groupKey()).isNull();
                continue;
            }
            assertThat(pod.groupKey()).isEqualTo(pod.group().key()).isEqualTo("default/podgroup-default/" + pod.task()
                    .name());
            assertThat(pod.uid()).isEqualTo("default/" + pod.task().name());
        }
    }
}
