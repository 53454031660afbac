package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.topology.HyperNodeSpec;

/**
 * One change to the cluster, queued by an adapter thread and applied by the scheduling thread.
 * Immutable; allocation happens on the adapter side only.
 */
public sealed interface ClusterChange {
    record UpsertNode(NodeSpec spec) implements ClusterChange { }

    record RemoveNode(String name) implements ClusterChange { }

    /**
     * A pod created or updated. {@code key} is its {@code namespace/name} ({@link TaskSpec#key}: the uid itself when
     * the uid is that, as an adapter often makes it) and {@code nameIndex} the numeric suffix of its name
     * ({@link TaskTable#parseNameIndex}): worked out, or checked, where the change is made, so that the scheduling
     * thread applying it need not read the pod's name and uid again (a replay makes its pods, and these changes, on a
     * thread of its own; the first read of a new pod's strings on the scheduling thread was a cache miss each).
     */
    record UpsertTask(TaskSpec spec, String key, long nameIndex) implements ClusterChange {
        public UpsertTask {
            if (!spec.hasKey(key)) {
                throw new IllegalArgumentException("the key of Pod " + spec.key() + " is not " + key);
            }
            if (nameIndex != TaskTable.parseNameIndex(spec.name())) {
                throw new IllegalArgumentException("the name index of Pod " + spec.key() + " is "
                        + TaskTable.parseNameIndex(spec.name()) + ", not " + nameIndex);
            }
        }

        public UpsertTask(TaskSpec spec) {
            this(spec, spec.hasKey(spec.uid()) ? spec.uid() : spec.key(), TaskTable.parseNameIndex(spec.name()));
        }
    }

    /**
     * An update of a known pod that only moves it: its last spec with {@code status}, {@code nodeName} (null: none)
     * and {@code gpuDevices}, and no nominated node. The cache applies it as it would {@link UpsertTask} of that spec
     * (the informer's echo of a bind) without the spec being built and compared; a uid no pod has is refused.
     */
    record MoveTask(String uid, byte status, String nodeName, long gpuDevices) implements ClusterChange {
        public MoveTask {
            if (status < 0 || status >= TaskStatus.COUNT) {
                throw new IllegalArgumentException("Pod " + uid + ": unknown task status " + status);
            }
            nodeName = nodeName == null || nodeName.isEmpty() ? null : nodeName; // as TaskSpec has it
        }
    }

    record RemoveTask(String uid) implements ClusterChange { }

    /**
     * A PodGroup written; {@code key} is its {@link JobSpec#key} ({@code namespace/name}), which the cache indexes it
     * by: joined here, on the adapter's thread, or given by a caller that joined it already (checked against the
     * spec without joining it again; a key that is not the spec's is refused with IllegalArgumentException).
     */
    record UpsertJob(JobSpec spec, String key) implements ClusterChange {
        public UpsertJob {
            if (!spec.hasKey(key)) {
                throw new IllegalArgumentException("the key of PodGroup " + spec.key() + " is not " + key);
            }
        }

        public UpsertJob(JobSpec spec) {
            this(spec, spec.key());
        }
    }

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
