package dev.caldera.k8s.replay;

import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The running task of a bound pod is its pending task with status, node and devices set, nothing else changed. */
class TraceObjectsTest {
    @Test
    void runningIsThePendingTaskPlacedWithItsDevices() {
        TraceObjects objects = new TraceObjects();
        for (TraceObjects.PodShape shape : List.of(
                new TraceObjects.PodShape(4000, 1L << 30, 250, 0, List.of("T4"), null, null, null),
                new TraceObjects.PodShape(8000, 2L << 30, 0, 2, List.of(), "q", null, "g"),
                new TraceObjects.PodShape(1000, 1L << 20, 0, 0, List.of(), null, null, null))) {
            TaskSpec pending = objects.pod(0, "p-" + shape.gpus(), shape, 5_000, -1, 60_000, "t.csv:2").task();
            TaskSpec running = TraceObjects.running(pending, "node-7", 0b100, TaskStatus.RUNNING);
            assertThat(running).isEqualTo(pending.toBuilder().status(TaskStatus.RUNNING).nodeName("node-7")
                    .nominatedNodeName(null).gpuDevices(0b100).build());
            assertThat(running.sameButPlaceAndDevices(pending)).isTrue();
        }
    }
}
