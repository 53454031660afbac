package dev.caldera.kernel.cache;

import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.JobTable;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.NodeUsage;
import dev.caldera.kernel.cluster.Nominations;
import dev.caldera.kernel.cluster.QueueTable;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.cluster.TaskClasses;
import dev.caldera.kernel.cluster.TaskState;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.placement.InterPodProfiles;
import dev.caldera.kernel.placement.PlacementProfiles;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.topology.TopologyCache;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

/**
 * The scheduler's view of the cluster, kept current by an adapter and read by sessions.
 * <p>
 * Two sides with two threading contracts:
 * <ul>
 *   <li>{@link #submit} and the {@code upsert*}/{@code remove*} helpers may be called from any thread at
 *       any time: they only enqueue an immutable {@link ClusterChange} on a lock-free MPSC queue (a cache made by
 *       {@link #oneThread()} takes them from the scheduling thread only, on a plain queue).</li>
 *   <li>Everything else belongs to the scheduling thread: {@link #applyChanges()} drains the queue into
 *       the struct-of-arrays tables at the start of a cycle; a session then reads the spec tables by
 *       reference and copies only the small mutable state arrays ({@link NodeUsage}, {@link TaskState},
 *       {@link JobState}); commits write back through {@link #markBinding} and friends.</li>
 * </ul>
 * One class per entity applies its changes: {@link NodeCache}, {@link TaskCache}, {@link JobCache},
 * {@link QueueCache}, {@link PriorityClasses} and, for HyperNodes, the {@link TopologyCache}. Each first checks the
 * whole change against the cache's state and refuses it ({@link RejectedChange}: kind, name, field, reason) before
 * touching anything, so a refused change leaves every table exactly as it was; it is reported to the
 * {@link #rejections} sink (by default a warning in the log, with the stack trace at debug level) and the next
 * change is applied. Rows of removed entities are reused. Node ranks (name order, the deterministic tie-break) are
 * recomputed only when the node set changed.
 */
public final class ClusterCache {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterCache.class);

    private final ResourceDimensions dims = new ResourceDimensions();
    private final Symbols symbols = new Symbols();
    private final PlacementProfiles profiles = new PlacementProfiles();
    private final InterPodProfiles interPodProfiles = new InterPodProfiles();
    private final NodeTable nodes = new NodeTable(dims.count());
    private final NodeUsage nodeUsage = new NodeUsage(dims.count());
    private final TaskTable tasks = new TaskTable();
    private final TaskState taskState = new TaskState();
    private final TaskClasses classes = new TaskClasses();
    private final JobTable jobs = new JobTable();
    private final JobState jobState = new JobState();
    private final QueueTable queues = new QueueTable();
    private final PriorityClasses priorityClasses = new PriorityClasses();
    private final Nominations nominations = new Nominations();
    /** HyperNodes, their tree, and the jobs' network topology (see {@link TopologyCache}). */
    private final TopologyCache topology = new TopologyCache();

    /**
     * The changes not applied yet: a lock-free MPSC queue when any thread may submit, a plain one when only the
     * scheduling thread does ({@link #oneThread}).
     */
    private final Queue<ClusterChange> changes;
    private final NodeCache nodeCache;
    private final QueueCache queueCache;
    private final JobCache jobCache;
    private final TaskCache taskCache;
    private final boolean[] flag = new boolean[1];
    /**
     * The node rows by name, for the topology's refresh: made once, since a bound method reference written at the
     * call is a new object at every {@link #applyChanges} under C1 (no escape analysis), about 0.3 us a cycle.
     */
    private final ToIntFunction<String> nodeRowOf;
    /** How many changes {@link #applyChanges} takes from the queue and looks ahead at before applying them. */
    private static final int AHEAD = 32;
    /**
     * Queued changes from which {@link #applyChanges} into a cache without pods first makes room for that many pods
     * (an adapter's or a dump's first load; see {@link TaskCache#reserve}).
     */
    private static final int BULK = 1024;
    private final ClusterChange[] ahead = new ClusterChange[AHEAD];
    private Consumer<RejectedChange> rejections = ClusterCache::logRejection;
    private long rejectedChanges;
    /** The session that took the last copy of the state tables ({@link #snapshotBy}). */
    private Object snapshotReader;
    /** The dimension count {@link #growDims} last gave the tables room for. */
    private int grownDims = -1;


    // ------------------------------------------------------------------ the tables (written by the entity caches)

    public ResourceDimensions dims() {
        return dims;
    }

    public Symbols symbols() {
        return symbols;
    }

    public PlacementProfiles profiles() {
        return profiles;
    }

    public InterPodProfiles interPodProfiles() {
        return interPodProfiles;
    }

    public NodeTable nodes() {
        return nodes;
    }

    public NodeUsage nodeUsage() {
        return nodeUsage;
    }

    public TaskTable tasks() {
        return tasks;
    }

    public TaskState taskState() {
        return taskState;
    }

    public TaskClasses classes() {
        return classes;
    }

    public JobTable jobs() {
        return jobs;
    }

    public JobState jobState() {
        return jobState;
    }

    public QueueTable queues() {
        return queues;
    }

    public PriorityClasses priorityClasses() {
        return priorityClasses;
    }

    public Nominations nominations() {
        return nominations;
    }

    public TopologyCache topology() {
        return topology;
    }

    /** A cache whose changes any thread may submit. */
    public ClusterCache() {
        this(new MpscUnboundedXaddArrayQueue<>(1024));
    }

    /**
     * A cache whose changes only the scheduling thread submits (a replay, which makes every change on the thread
     * that schedules): they wait in a plain queue, without the atomic operation per change and the chunk handling of
     * the lock-free one. Submitting from another thread is a bug it does not detect.
     */
    public static ClusterCache oneThread() {
        return new ClusterCache(new ArrayDeque<>(1024));
    }

    private ClusterCache(Queue<ClusterChange> changes) {
        this.changes = changes;
        Runnable growDims = this::growDims;
        nodeCache = new NodeCache(nodes, nodeUsage, nominations, dims, symbols, topology, growDims);
        queueCache = new QueueCache(queues, dims, growDims);
        jobCache = new JobCache(this, queueCache, growDims);
        taskCache = new TaskCache(this, jobCache, nodeCache, growDims);
        nodeRowOf = nodeCache::row;
    }

    // ---------------------------------------------------------------- adapter side (any thread)

    /** Queues a change for the scheduling thread. Thread safe, lock free (but for a {@link #oneThread} cache). */
    public void submit(ClusterChange change) {
        changes.offer(change);
    }

    public void upsertNode(NodeSpec spec) {
        submit(new ClusterChange.UpsertNode(spec));
    }

    public void removeNode(String name) {
        submit(new ClusterChange.RemoveNode(name));
    }

    public void upsertTask(TaskSpec spec) {
        submit(new ClusterChange.UpsertTask(spec));
    }

    /**
     * The pod of {@code uid} now has {@code status} on {@code nodeName} (null: none), holding {@code gpuDevices}, and
     * no nominated node; the rest of its spec as last written: what {@link #upsertTask} of that spec does, without the
     * spec ({@link ClusterChange.MoveTask}).
     */
    public void moveTask(String uid, byte status, String nodeName, long gpuDevices) {
        submit(new ClusterChange.MoveTask(uid, status, nodeName, gpuDevices));
    }

    public void removeTask(String uid) {
        submit(new ClusterChange.RemoveTask(uid));
    }

    public void upsertJob(JobSpec spec) {
        submit(new ClusterChange.UpsertJob(spec));
    }

    /**
     * {@link #upsertJob(JobSpec)} with the job's {@code namespace/name} joined already ({@link JobSpec#key}: checked
     * against the spec, not joined again; IllegalArgumentException when it is not the spec's).
     */
    public void upsertJob(JobSpec spec, String key) {
        submit(new ClusterChange.UpsertJob(spec, key));
    }

    public void removeJob(String key) {
        submit(new ClusterChange.RemoveJob(key));
    }

    public void upsertQueue(QueueSpec spec) {
        submit(new ClusterChange.UpsertQueue(spec));
    }

    public void removeQueue(String name) {
        submit(new ClusterChange.RemoveQueue(name));
    }

    public void upsertPriorityClass(PriorityClassSpec spec) {
        submit(new ClusterChange.UpsertPriorityClass(spec));
    }

    public void upsertHyperNode(HyperNodeSpec spec) {
        submit(new ClusterChange.UpsertHyperNode(spec));
    }

    public void removeHyperNode(String name) {
        submit(new ClusterChange.RemoveHyperNode(name));
    }

    public void bindFailed(String uid, String reason) {
        submit(new ClusterChange.BindFailed(uid, reason));
    }

    // ---------------------------------------------------------------- scheduling thread

    /**
     * Where refused changes are reported instead of the log (a command line shows them as its own warnings).
     * Scheduling thread.
     */
    public void rejections(Consumer<RejectedChange> sink) {
        this.rejections = sink;
    }

    /**
     * Applies every queued change; returns how many were applied (refused ones are not). Changes are taken from the
     * queue {@link #AHEAD} at a time, and the rows a pod update will read are looked at for all of them first
     * ({@link TaskCache#touch}): each update's reads depend on one another (the pod's uid, its row, the spec last
     * written, its job's task list), so one at a time they wait for memory one after the other, while the look-ahead
     * of independent updates lets those waits overlap. It reads only; what is applied is as before, in queue order.
     */
    public int applyChanges() {
        if (tasks.rows() == 0) {
            int queued = changes.size(); // also counts the other changes: an upper bound, which is all room needs
            if (queued >= BULK) {
                taskCache.reserve(queued);
            }
        }
        int applied = 0;
        int n;
        while ((n = takeAhead()) > 0) {
            int touched = 0;
            for (int i = 0; i < n; i++) {
                if (ahead[i] instanceof ClusterChange.UpsertTask c) {
                    touched += taskCache.touch(c.spec());
                }
            }
            if (touched == Integer.MIN_VALUE) { // uses what the look-ahead read, so that it is not optimized away
                LOG.trace("look-ahead read {}", touched);
            }
            for (int i = 0; i < n; i++) {
                if (apply(ahead[i])) {
                    applied++;
                }
                ahead[i] = null;
            }
        }
        nodeCache.rank();
        if (queueCache.takeSetChanged()) {
            jobCache.resolveQueues();
        }
        topology.refresh(nodes, nodeCache.liveNodes(), symbols, nodeRowOf);
        return applied;
    }

    private int takeAhead() {
        int n = 0;
        ClusterChange change;
        while (n < AHEAD && (change = changes.poll()) != null) {
            ahead[n++] = change;
        }
        return n;
    }

    /** Sum of the live nodes' allocatable in dimension {@code d} (kept as nodes change). */
    public long totalAllocatable(int d) {
        return nodeCache.totalAllocatable(d);
    }

    /**
     * Called by a session when it copies the state tables ({@link NodeUsage}, {@link TaskState}, {@link JobState}):
     * true when the previous copy was taken by the same {@code reader}, so that it holds the cache's rows except
     * those marked since (in the tables' {@code changed} marks, which the reader clears after copying them);
     * false when another reader (or none) took the last copy, and {@code reader} must copy every row.
     */
    public boolean snapshotBy(Object reader) {
        boolean same = snapshotReader == reader;
        snapshotReader = reader;
        return same;
    }

    /** Tests: every pod update is written in full, without the short path for updates that only move a pod. */
    void rewriteEveryPod() {
        taskCache.rewriteEveryPod();
    }

    /** Changes refused since start (each was reported). */
    public long rejectedChanges() {
        return rejectedChanges;
    }

    /** Live node rows in row order (valid after {@link #applyChanges()}). Do not modify. */
    public int[] liveNodes() {
        return nodeCache.liveNodes();
    }

    public int liveNodeCount() {
        return nodes.liveCount();
    }

    public int nodeRow(String name) {
        return nodeCache.row(name);
    }

    public int taskRow(String uid) {
        return taskCache.row(uid);
    }

    public int jobRow(String key) {
        return jobCache.row(key);
    }

    public int queueRow(String name) {
        return queueCache.row(name);
    }

    /** The role slot of a task in its job's minTaskMember list, or -1. */
    public int roleSlot(int task) {
        return taskCache.roleSlot(task);
    }

    /** Commit hand-off: the task is now Binding on {@code node}; a nomination is dropped once a pod binds. */
    public void markBinding(int task, int node) {
        taskCache.place(task, TaskStatus.BINDING, node);
        nominations.remove(task);
    }

    /** Eviction hand-off: the task is now Releasing on its node. */
    public void markReleasing(int task) {
        taskCache.place(task, TaskStatus.RELEASING, taskState.node(task));
    }

    /** Records (or clears, with -1) the node a pipelined task is nominated to. */
    public void nominate(int task, int node) {
        nominations.nominate(task, node);
    }

    /** Resolves every job's priority from its priority class (Volcano does this at snapshot). */
    public void resolveJobPriorities() {
        jobCache.resolvePriorities();
    }

    /** Checks the whole change, then applies it; false when it was refused (and reported). */
    private boolean apply(ClusterChange change) {
        try {
            check(change);
        } catch (RejectedChange refused) {
            rejectedChanges++;
            rejections.accept(refused);
            return false;
        }
        try {
            write(change);
        } catch (RuntimeException bug) {
            // a check let through a change the tables cannot take: a kernel bug, never bad input
            rejectedChanges++;
            LOG.error("applying {} failed after its checks passed; the cache may be inconsistent", change, bug);
            return false;
        }
        return true;
    }

    /**
     * Throws {@link RejectedChange} when the change must not be applied; touches nothing. Removals, priority
     * classes, HyperNodes (the tree builder reports bad ones) and failed binds are always applied.
     */
    private void check(ClusterChange change) {
        if (change instanceof ClusterChange.UpsertNode c) {
            nodeCache.check(c.spec());
        } else if (change instanceof ClusterChange.UpsertTask c) {
            taskCache.check(c.spec());
        } else if (change instanceof ClusterChange.MoveTask c) {
            taskCache.check(c);
        } else if (change instanceof ClusterChange.UpsertJob c) {
            jobCache.check(c.spec(), c.key());
        } else if (change instanceof ClusterChange.UpsertQueue c) {
            queueCache.check(c.spec());
        }
    }

    private void write(ClusterChange change) {
        if (change instanceof ClusterChange.UpsertNode c) {
            upsertNodeRow(c.spec());
        } else if (change instanceof ClusterChange.RemoveNode c) {
            removeNodeRow(c.name());
        } else if (change instanceof ClusterChange.UpsertTask c) {
            taskCache.upsert(c.spec(), c.key(), c.nameIndex());
        } else if (change instanceof ClusterChange.MoveTask c) {
            taskCache.move(c);
        } else if (change instanceof ClusterChange.RemoveTask c) {
            taskCache.remove(c.uid());
        } else if (change instanceof ClusterChange.UpsertJob c) {
            upsertJobRow(c.spec(), c.key());
        } else if (change instanceof ClusterChange.RemoveJob c) {
            jobCache.remove(c.key());
        } else if (change instanceof ClusterChange.UpsertQueue c) {
            queueCache.upsert(c.spec());
        } else if (change instanceof ClusterChange.RemoveQueue c) {
            queueCache.remove(c.name());
        } else if (change instanceof ClusterChange.UpsertPriorityClass c) {
            priorityClasses.put(c.spec());
        } else if (change instanceof ClusterChange.RemovePriorityClass c) {
            priorityClasses.remove(c.name());
        } else if (change instanceof ClusterChange.UpsertHyperNode c) {
            topology.upsert(c.spec());
        } else if (change instanceof ClusterChange.RemoveHyperNode c) {
            topology.remove(c.name());
        } else if (change instanceof ClusterChange.BindFailed c) {
            bindFailedRow(c.uid(), c.reason());
        } else {
            throw new IllegalStateException("a cluster change the cache does not know: " + change);
        }
    }

    private void upsertNodeRow(NodeSpec spec) {
        int row = nodeCache.upsert(spec, flag);
        if (flag[0]) {
            taskCache.attachWaiting(spec.name(), row);
        }
    }

    private void removeNodeRow(String name) {
        int row = nodeCache.row(name);
        if (row >= 0) {
            taskCache.detachFrom(name, row);
            nodeCache.remove(name);
        }
    }

    private void upsertJobRow(JobSpec spec, String key) {
        int row = jobCache.upsert(spec, key, flag);
        if (flag[0]) {
            taskCache.recount(row);
        }
    }

    private void bindFailedRow(String uid, String reason) {
        String key = taskCache.bindFailed(uid);
        if (key != null) {
            LOG.warn("bind of {} failed, back to Pending: {}", key, reason);
        }
    }

    /** Gives the dimension columns room for every dimension; the entity caches call it after each write that may add one. */
    private void growDims() {
        if (dims.count() == grownDims) {
            return; // every pod and PodGroup write asks; a new dimension is rare
        }
        grownDims = dims.count();
        nodes.ensureDims(dims.count());
        nodeUsage.ensureDims(dims.count());
        jobState.requests().ensureDims(dims.count());
    }

    private static void logRejection(RejectedChange refused) {
        LOG.warn("refused {} {}: {}: {}", refused.kind(), refused.name(), refused.field(), refused.reason());
        LOG.debug("refused change", refused);
    }
}
