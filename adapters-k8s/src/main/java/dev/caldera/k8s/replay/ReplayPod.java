package dev.caldera.k8s.replay;

import dev.caldera.kernel.cache.ClusterChange;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;

/**
 * A pod of a trace, converted once: the pending kernel task, the PodGroup to create with it (its shadow group
 * when the pod names none; null when it joins a group the trace defines), what it asks of GPUs and when it
 * comes and goes. The task and the group are held as the cache changes that create them, made (and checked) with
 * the pod, on the thread that makes it: a replay makes its pods on a thread of its own beside the one that replays
 * them, which then hands these changes to the cache without reading the pod's names again
 * ({@link ClusterChange.UpsertTask}, {@link ClusterChange.UpsertJob}).
 *
 * @param index      the pod's position in the trace (the engine's id)
 * @param arrival    its task's creation: Pending, no node
 * @param groupArrival the creation of the PodGroup created with the pod (its key joined once, with the pod), or
 *                   null
 * @param gpuMilli   GPUs asked for, in thousandths (a share of one device, or 1000 per whole device)
 * @param createdMs  arrival, virtual milliseconds
 * @param deletedMs  when the pod is deleted whatever its state, or -1
 * @param durationMs how long it runs once placed, or -1 (until deleted)
 * @param file       the file of its row or event, or its whole {@link #source} when {@code line} is 0
 * @param line       the line of its row or event in {@code file}, or 0
 */
public record ReplayPod(int index, ClusterChange.UpsertTask arrival, ClusterChange.UpsertJob groupArrival,
                        long gpuMilli, long createdMs, long deletedMs, long durationMs, String file, int line) {
    /** The task as created: Pending, no node. */
    public TaskSpec task() {
        return arrival.spec();
    }

    /** The PodGroup created with the pod, or null. */
    public JobSpec group() {
        return groupArrival == null ? null : groupArrival.spec();
    }

    /** That PodGroup's {@code namespace/name} ({@link JobSpec#key}), or null. */
    public String groupKey() {
        return groupArrival == null ? null : groupArrival.key();
    }

    public String uid() {
        return arrival.spec().uid();
    }

    /**
     * {@code file:line} of its row or event, joined when asked for: a long trace's pods are made by the hundred
     * thousand and their sources read only to name one in an error.
     */
    public String source() {
        return line > 0 ? file + ":" + line : file;
    }
}
