package dev.caldera.k8s.replay;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A trace's pod carries the key of the PodGroup made with it, joined once, for the replay to write and remove it. */
class TraceObjectsTest {
    @Test
    void aPodCarriesItsGroupsKey() {
        TraceObjects objects = new TraceObjects();
        for (TraceObjects.PodShape shape : List.of(
                new TraceObjects.PodShape(4000, 1L << 30, 250, 0, List.of("T4"), null, null, null),
                new TraceObjects.PodShape(8000, 2L << 30, 0, 2, List.of(), "q", null, "g"),
                new TraceObjects.PodShape(1000, 1L << 20, 0, 0, List.of(), null, null, null))) {
            ReplayPod pod = objects.pod(0, "p-" + shape.gpus(), shape, 5_000, -1, 60_000, "t.csv:2");
            if (shape.group() != null) {
                assertThat(pod.group()).isNull(); // a group the trace defines, not made with the pod
                assertThat(pod.groupKey()).isNull();
                continue;
            }
            assertThat(pod.groupKey()).isEqualTo(pod.group().key()).isEqualTo("default/podgroup-default/" + pod.task()
                    .name());
        }
    }
}
