package dev.caldera.k8s.simulate;

import dev.caldera.kernel.cache.TaskSpec;

/** Copies of a task spec with a new placement (TaskSpec is a record without withers). */
final class TaskSpecs {
    private TaskSpecs() {
    }

    static TaskSpec placed(TaskSpec t, byte status, String nodeName, String nominatedNodeName) {
        return new TaskSpec(t.uid(), t.namespace(), t.name(), t.job(), t.request(), t.priority(),
                t.priorityClassName(), t.role(), t.preemptable(), t.creationMs(), status, nodeName, nominatedNodeName,
                t.placement(), t.critical(), t.preemptNever(), t.schedulingGated());
    }
}
