package dev.caldera.kernel.cache;

import dev.caldera.kernel.topology.HyperNodeSpec;
/**
 * One change to the cluster, queued by an adapter thread and applied by the scheduling thread.
 * Immutable; allocation happens on the adapter side only.
 */
public sealed interface ClusterChange {
    record UpsertNode(NodeSpec spec) implements ClusterChange { }

    record RemoveNode(String name) implements ClusterChange { }

    record UpsertTask(TaskSpec spec) implements ClusterChange { }

    record RemoveTask(String uid) implements ClusterChange { }

    record UpsertJob(JobSpec spec) implements ClusterChange { }

    record RemoveJob(String key) implements ClusterChange { }

    record UpsertQueue(QueueSpec spec) implements ClusterChange { }

    record RemoveQueue(String name) implements ClusterChange { }

    record UpsertPriorityClass(PriorityClassSpec spec) implements ClusterChange { }

    record RemovePriorityClass(String name) implements ClusterChange { }

    record UpsertHyperNode(HyperNodeSpec spec) implements ClusterChange { }

    record RemoveHyperNode(String name) implements ClusterChange { }

    /** The bind of a task handed to the bind sink failed: it goes back to Pending. */
    record BindFailed(String uid, String reason) implements ClusterChange { }
}
