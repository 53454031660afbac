package dev.caldera.k8s.simulate;

import dev.caldera.kernel.cache.TaskSpec;

/** Copies of a task spec with a new placement (TaskSpec is a record without withers). */
final class TaskSpecs {
    private TaskSpecs() {
    }

    static TaskSpec placed(TaskSpec t, byte status, String nodeName, String nominatedNodeName) {
        return t.toBuilder().status(status).nodeName(nodeName).nominatedNodeName(nominatedNodeName).build();
    }
}
