package dev.caldera.k8s.replay;

import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;

/**
 * A pod of a trace, converted once: the pending kernel task, the PodGroup to create with it (its shadow group
 * when the pod names none; null when it joins a group the trace defines), what it asks of GPUs and when it
 * comes and goes.
 *
 * @param index      the pod's position in the trace (the engine's id)
 * @param task       the task as created: Pending, no node
 * @param group      the PodGroup created with the pod, or null
 * @param groupKey   that PodGroup's {@code namespace/name} ({@link JobSpec#key}), joined once when the pod is made,
 *                   or null
 * @param gpuMilli   GPUs asked for, in thousandths (a share of one device, or 1000 per whole device)
 * @param createdMs  arrival, virtual milliseconds
 * @param deletedMs  when the pod is deleted whatever its state, or -1
 * @param durationMs how long it runs once placed, or -1 (until deleted)
 * @param source     {@code file:line} of its row or event
 */
public record ReplayPod(int index, TaskSpec task, JobSpec group, String groupKey, long gpuMilli, long createdMs,
                        long deletedMs, long durationMs, String source) {
    public String uid() {
        return task.uid();
    }
}
