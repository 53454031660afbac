package dev.caldera.kernel.action;

import dev.caldera.kernel.action.topology.TopologyAllocate;
import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.order.HeapPool;
import dev.caldera.kernel.order.ListPool;
import dev.caldera.kernel.plugin.FitErrors;
import dev.caldera.kernel.plugin.FitReason;
import dev.caldera.kernel.select.NodeSelector;
import dev.caldera.kernel.select.ResourceFit;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

import java.util.Arrays;

/**
 * The allocate action (SEMANTICS.md section 7, seed 002), in Volcano v1.7's shape: pick a namespace
 * (NamespaceOrder), then its best queue that is not overused (QueueOrder), then that queue's best job
 * (JobOrder); walk the job's pending tasks in TaskOrder and place each on the best node, allocating when
 * it fits idle resources and pipelining when it fits only futureIdle. As soon as the job is ready and
 * tasks remain it yields its turn; after the turn the job's statement commits (ready), stays open
 * (pipelined) or is discarded.
 * <p>
 * A task whose role already fit no node in this session is skipped; after a failure the job goes on only
 * while the tasks of roles that have not failed could still make it ready.
 * <p>
 * Threading: scheduling thread. Allocation: heaps and lists are pooled across cycles.
 */
public final class AllocateAction implements Action {
    private final boolean enqueueConfigured;
    private final boolean predicateErrorCache;
    private final NodeSelector selector;
    private final Statement statement;
    private final JobQueues jobQueues = new JobQueues();
    private final TaskHeaps taskHeaps = new TaskHeaps();
    private final FailedRoles failedRoles = new FailedRoles();
    private final PredicateErrorCache errorCache = new PredicateErrorCache();
    private TopologyAllocate topology;
    private Session session;
    private IntHeapPriorityQueue namespaces;

    public AllocateAction(boolean enqueueConfigured, boolean predicateErrorCache, NodeSelector selector,
                          Statement statement) {
        this.enqueueConfigured = enqueueConfigured;
        this.predicateErrorCache = predicateErrorCache;
        this.selector = selector;
        this.statement = statement;
    }

    @Override
    public String name() {
        return "allocate";
    }

    @Override
    public void execute(Session s) {
        open(s);
        while (!namespaces.isEmpty()) {
            int ns = namespaces.dequeueInt();
            int queue = jobQueues.bestQueue(s, ns);
            if (queue < 0) {
                continue;
            }
            IntHeapPriorityQueue jobs = jobQueues.jobs(ns, queue);
            int job = jobs.dequeueInt();
            allocateJob(job, queue, jobs);
            namespaces.enqueue(ns);
        }
    }

    private void open(Session s) {
        if (session != s) {
            session = s;
            namespaces = new IntHeapPriorityQueue(s::compareNamespaces);
            jobQueues.bind(s);
            taskHeaps.bind(s);
            topology = new TopologyAllocate(s);
        }
        topology.open();
        namespaces.clear();
        jobQueues.clear();
        taskHeaps.clear();
        failedRoles.clear();
        errorCache.open(s, predicateErrorCache);
        for (int i = 0; i < s.jobList.size(); i++) {
            int job = s.jobList.getInt(i);
            if (!enqueueConfigured) {
                s.admit(job);
            }
            if (s.jobState.phase[job] == JobPhase.PENDING || !hasPendingWork(s, job)) {
                continue;
            }
            if (jobQueues.add(s.jobs.namespace[job], s.jobs.queue[job], job)) {
                namespaces.enqueue(s.jobs.namespace[job]);
            }
        }
    }

    /** True when the job has a pending task this action would place (not best-effort, not gated). */
    private static boolean hasPendingWork(Session s, int job) {
        return s.count(job, TaskStatus.PENDING) > s.count(job, JobState.PENDING_BEST_EFFORT);
    }

    private void allocateJob(int job, int queue, IntHeapPriorityQueue jobs) {
        if (topology.handles(job)) {
            if (topology.turn(job)) {
                jobs.enqueue(job);
            }
            return;
        }
        Session s = session;
        IntHeapPriorityQueue tasks = taskHeaps.pending(job);
        statement.begin();
        while (!tasks.isEmpty()) {
            int task = tasks.dequeueInt();
            if (failedRoles.failed(job, s.tasks.role[task])) {
                continue;
            }
            if (!s.plugins.allocatable(queue, task)) {
                s.conditions.queueLimited(job);
                continue;
            }
            if (!place(task, job)) {
                if (!couldStillBeReady(job)) {
                    break;
                }
                continue;
            }
            if (s.plugins.jobReady(job) && !tasks.isEmpty()) {
                jobs.enqueue(job);
                break;
            }
        }
        if (s.plugins.jobReady(job)) {
            statement.commit();
        } else if (!s.plugins.jobPipelined(job)) {
            statement.discard();
        }
    }

    /** Places one task; false (with the job's fit errors recorded) when no node fits. */
    private boolean place(int task, int job) {
        Session s = session;
        int code = s.plugins.prePredicate(task);
        if (code != FitReason.OK) {
            return failed(task, job, prePredicateErrors(code));
        }
        if (placeOnNominatedNode(task)) {
            return true;
        }
        FitErrors cached = errorCache.lookup(s, task);
        if (cached != null) {
            return failed(task, job, cached);
        }
        int node = selector.select(task);
        if (node < 0) {
            errorCache.failed(s, task, selector.errors());
            return failed(task, job, selector.errors());
        }
        if (selector.fitsIdle()) {
            statement.allocate(task, node);
        } else {
            statement.pipeline(task, node);
        }
        return true;
    }

    /**
     * A task nominated to a node (a preemptor whose victims were evicted) goes there first if it passes the
     * filters, as kube-scheduler does; otherwise it is placed like any other task.
     */
    private boolean placeOnNominatedNode(int task) {
        Session s = session;
        int node = s.cache.nominations.nodeOf(task);
        if (node < 0 || !s.nodes.live[node]) {
            return false;
        }
        long[] request = s.request(task);
        if (ResourceFit.shortOfFutureIdle(s, task, request, node) != 0 || s.plugins.predicate(task, node) != 0) {
            return false;
        }
        if (ResourceFit.fitsIdle(s, task, request, node)) {
            statement.allocate(task, node);
        } else {
            statement.pipeline(task, node);
        }
        return true;
    }

    private FitErrors prePredicateErrors(int code) {
        FitErrors e = selector.errors();
        e.clear(session.dims.count());
        e.nodes(session.nodeCount);
        e.add(code, session.nodeCount);
        return e;
    }

    private boolean failed(int task, int job, FitErrors why) {
        session.conditions.fitFailed(job, why);
        failedRoles.add(job, session.tasks.role[task]);
        return false;
    }

    /**
     * Volcano's NeedContinueAllocating: after a task fit nowhere, the job goes on only if its ready tasks
     * plus the pending tasks of roles that have not failed could reach minMember (and every role's
     * minTaskMember). A job that needs all its tasks stops at the first failure.
     */
    private boolean couldStillBeReady(int job) {
        Session s = session;
        IntArrayList all = s.jobs.tasks[job];
        if (s.jobs.minMember[job] >= all.size()) {
            return false;
        }
        int[] roles = s.jobs.roles[job];
        int[] perRole = failedRoles.scratch(roles.length);
        int left = 0;
        for (int i = 0; i < all.size(); i++) {
            int t = all.getInt(i);
            if (s.status(t) == TaskStatus.PENDING && !failedRoles.failed(job, s.tasks.role[t])) {
                left++;
                int slot = s.cache.roleSlot(t);
                if (slot >= 0) {
                    perRole[slot]++;
                }
            }
        }
        if (s.readyCount(job) + left < s.jobs.minMember[job]) {
            return false;
        }
        return rolesCouldBeReady(job, roles, perRole);
    }

    private boolean rolesCouldBeReady(int job, int[] roles, int[] pendingPerRole) {
        Session s = session;
        int[] counts = s.jobState.roleCount[job];
        for (int slot = 0; slot < roles.length; slot++) {
            int base = slot * JobState.STRIDE;
            int ready = counts[base + TaskStatus.ALLOCATED] + counts[base + TaskStatus.BINDING]
                    + counts[base + TaskStatus.BOUND] + counts[base + TaskStatus.RUNNING]
                    + counts[base + TaskStatus.SUCCEEDED];
            if (ready + pendingPerRole[slot] < s.jobs.roleMin[job][slot]) {
                return false;
            }
        }
        return true;
    }

    /** Per (namespace, queue) heaps of jobs, pooled. */
    private static final class JobQueues {
        private final Int2ObjectOpenHashMap<IntArrayList> queuesByNamespace = new Int2ObjectOpenHashMap<>();
        private final Long2ObjectOpenHashMap<IntHeapPriorityQueue> heaps = new Long2ObjectOpenHashMap<>();
        private final ListPool lists = new ListPool();
        private HeapPool heapPool;

        void bind(Session s) {
            heapPool = new HeapPool(s::compareJobs);
        }

        void clear() {
            heaps.clear();
            queuesByNamespace.clear();
            heapPool.releaseAll();
            lists.releaseAll();
        }

        /** Adds a job; true when its namespace is new. */
        boolean add(int ns, int queue, int job) {
            IntArrayList queues = queuesByNamespace.get(ns);
            boolean newNamespace = queues == null;
            if (newNamespace) {
                queues = lists.take();
                queuesByNamespace.put(ns, queues);
            }
            long key = key(ns, queue);
            IntHeapPriorityQueue heap = heaps.get(key);
            if (heap == null) {
                heap = heapPool.take();
                heaps.put(key, heap);
                queues.add(queue);
            }
            heap.enqueue(job);
            return newNamespace;
        }

        IntHeapPriorityQueue jobs(int ns, int queue) {
            return heaps.get(key(ns, queue));
        }

        /**
         * The best queue of the namespace that still has jobs, or -1. Overused queues are dropped from the
         * namespace for the rest of the action, as in Volcano.
         */
        int bestQueue(Session s, int ns) {
            IntArrayList queues = queuesByNamespace.get(ns);
            int best = -1;
            for (int i = queues.size() - 1; i >= 0; i--) {
                int q = queues.getInt(i);
                if (s.plugins.overused(q)) {
                    queues.removeInt(i);
                    continue;
                }
                if (heaps.get(key(ns, q)).isEmpty()) {
                    continue;
                }
                if (best < 0 || s.compareQueues(q, best) < 0) {
                    best = q;
                }
            }
            return best;
        }

        private static long key(int ns, int queue) {
            return ((long) ns << 32) | (queue & 0xFFFFFFFFL);
        }
    }

    /** Each job's heap of pending tasks, built on the job's first turn and kept for the rest of the action. */
    private static final class TaskHeaps {
        private final Int2ObjectOpenHashMap<IntHeapPriorityQueue> byJob = new Int2ObjectOpenHashMap<>();
        private Session session;
        private HeapPool pool;

        void bind(Session s) {
            session = s;
            pool = new HeapPool(s::compareTasks);
        }

        void clear() {
            byJob.clear();
            pool.releaseAll();
        }

        IntHeapPriorityQueue pending(int job) {
            IntHeapPriorityQueue heap = byJob.get(job);
            if (heap != null) {
                return heap;
            }
            heap = pool.take();
            IntArrayList tasks = session.jobs.tasks[job];
            for (int i = 0; i < tasks.size(); i++) {
                int t = tasks.getInt(i);
                if (session.status(t) == TaskStatus.PENDING && !session.bestEffort(t)
                        && !session.tasks.has(t, TaskTable.SCHEDULING_GATED)) {
                    heap.enqueue(t);
                }
            }
            byJob.put(job, heap);
            return heap;
        }
    }

    /** The roles (task-spec symbols) of each job that fit no node in this action. */
    private static final class FailedRoles {
        private final Int2ObjectOpenHashMap<IntArrayList> byJob = new Int2ObjectOpenHashMap<>();
        private final ListPool lists = new ListPool();
        private int[] scratch = new int[8];

        void clear() {
            byJob.clear();
            lists.releaseAll();
        }

        void add(int job, int role) {
            IntArrayList roles = byJob.get(job);
            if (roles == null) {
                roles = lists.take();
                byJob.put(job, roles);
            }
            if (!roles.contains(role)) {
                roles.add(role);
            }
        }

        boolean failed(int job, int role) {
            IntArrayList roles = byJob.get(job);
            return roles != null && roles.contains(role);
        }

        int[] scratch(int n) {
            if (scratch.length < n) {
                scratch = new int[n];
            }
            Arrays.fill(scratch, 0, n, 0);
            return scratch;
        }
    }
}
