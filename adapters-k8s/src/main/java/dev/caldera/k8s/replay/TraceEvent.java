package dev.caldera.k8s.replay;

import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.QueueSpec;

/** What happens at a point of virtual time in a trace. Events of equal time apply in trace order. */
public sealed interface TraceEvent {
    long timeMs();

    /** A node joins the cluster. */
    record AddNode(long timeMs, ReplayNode node) implements TraceEvent {
    }

    /** A node leaves; pods on it are deleted with it. */
    record RemoveNode(long timeMs, String name, String source) implements TraceEvent {
    }

    /** A queue is created or changed. */
    record AddQueue(long timeMs, QueueSpec queue) implements TraceEvent {
    }

    /** A PodGroup (gang) is created; its pods arrive with their own events. */
    record AddGroup(long timeMs, JobSpec group) implements TraceEvent {
    }

    /** A pod is created, pending. */
    record CreatePod(long timeMs, ReplayPod pod) implements TraceEvent {
    }

    /** A pod is deleted: it leaves its node if it runs, it is withdrawn if it still waits. */
    record DeletePod(long timeMs, int pod) implements TraceEvent {
    }
}
