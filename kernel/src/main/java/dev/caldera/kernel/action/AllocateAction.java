package dev.caldera.kernel.action;

import dev.caldera.kernel.action.topology.TopologyAllocate;
import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.framework.FitErrors;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.order.HeapPool;
import dev.caldera.kernel.select.NodeSelector;
import dev.caldera.kernel.select.ResourceFit;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;

/**
 * The allocate action as current Volcano runs it ({@code pkg/scheduler/actions/allocate/allocate.go}:
 * {@code buildAllocateContext}, {@code allocateResources}, {@code allocateResourcesForTasks}):
 * <ol>
 *   <li>Jobs that are Inqueue (Pending ones become Inqueue when enqueue is not configured), valid, and have a
 *       pending task that is neither best-effort nor scheduling-gated are grouped by queue. There is no
 *       namespace step (Volcano v1.7 picked a namespace first; current Volcano does not).</li>
 *   <li>The best queue (QueueOrder) is popped; an Overused queue is dropped for the rest of the action, and so
 *       is a queue whose jobs are all done. Otherwise its best job (JobOrder) takes a turn and the queue is
 *       pushed back, so it is ranked again with its new share.</li>
 *   <li>In a turn the job's pending tasks go in TaskOrder. A task its queue may not take (Allocatable) is
 *       skipped; so is a task whose role (a non-empty {@code volcano.sh/task-spec}) already fit no node in
 *       this action ({@code TaskHasFitErrors}). Each task goes on the best node, allocated when it fits idle,
 *       pipelined when it fits only futureIdle. When a task fits nowhere the turn goes on only while
 *       {@link GangContinuation} says the job could still become ready. As soon as the job is ready the turn
 *       ends; the job is pushed back while it has tasks left.</li>
 *   <li>After the turn the job's statement commits (ready), stays open (pipelined: the places are held this
 *       cycle, nothing is bound) or is discarded.</li>
 * </ol>
 * <p>
 * Threading: scheduling thread. Allocation: heaps and lists are pooled across cycles.
 */
public final class AllocateAction implements Action {
    private final boolean enqueueConfigured;
    private final boolean predicateErrorCache;
    private final NodeSelector selector;
    private final Statement statement;
    private final JobQueues jobQueues = new JobQueues();
    private final TaskQueues taskQueues = new TaskQueues();
    private final GangContinuation continuation = new GangContinuation();
    private final PredicateErrorCache errorCache = new PredicateErrorCache();
    private TopologyAllocate topology;
    private Session session;
    private IntHeapPriorityQueue queues;

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
        while (!queues.isEmpty()) {
            int queue = queues.dequeueInt();
            if (s.plugins().overused(queue)) {
                continue;
            }
            IntHeapPriorityQueue jobs = jobQueues.jobs(queue);
            if (jobs.isEmpty()) {
                continue;
            }
            allocateJob(jobs.dequeueInt(), queue, jobs);
            queues.enqueue(queue);
        }
    }

    private void open(Session s) {
        if (session != s) {
            session = s;
            queues = new IntHeapPriorityQueue(s::compareQueues);
            jobQueues.bind(s);
            taskQueues.bind(s);
            topology = new TopologyAllocate(s);
        }
        topology.open();
        queues.clear();
        jobQueues.clear();
        taskQueues.clear();
        continuation.clear(s);
        errorCache.open(s, predicateErrorCache);
        // a JobValid that reads the job's own rows alone answers from them and keeps nothing, so it need not be asked
        // of a job this action would pass over anyway (most jobs of a busy cluster: every pod running, none pending)
        boolean workFirst = s.plugins().jobValidReadsJobAlone();
        for (int i = 0; i < s.jobCount(); i++) {
            int job = s.job(i);
            if (!enqueueConfigured) {
                s.admit(job);
            }
            if (s.jobState().phase(job) == JobPhase.PENDING) {
                continue;
            }
            if (workFirst ? !hasPendingWork(s, job) || s.plugins().jobValid(job) != null
                    : s.plugins().jobValid(job) != null || !hasPendingWork(s, job)) {
                continue;
            }
            if (jobQueues.add(s.jobTable().queue(job), job)) {
                queues.enqueue(s.jobTable().queue(job));
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
        TaskQueues tasks = taskQueues;
        tasks.open(job);
        statement.begin();
        while (!tasks.isEmpty(job)) {
            int task = tasks.take(job);
            if (!s.plugins().allocatable(queue, task)) {
                s.conditions().queueLimited(job);
                continue;
            }
            if (continuation.skipsRole(job, s.taskTable().role(task))) {
                continue;
            }
            if (!place(task, job)) {
                if (!continuation.mayContinue(s, job)) {
                    break;
                }
                continue;
            }
            if (s.plugins().jobReady(job) && !tasks.isEmpty(job)) {
                jobs.enqueue(job);
                break;
            }
        }
        if (s.plugins().jobReady(job)) {
            statement.commit();
        } else if (!s.plugins().jobPipelined(job)) {
            statement.discard();
        }
    }

    /** Places one task; false (with the job's fit errors recorded) when no node fits. */
    private boolean place(int task, int job) {
        Session s = session;
        int code = s.plugins().prePredicate(task);
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
        int node = s.cache().nominations().nodeOf(task);
        if (node < 0 || !s.nodeTable().live(node)) {
            return false;
        }
        long[] request = s.request(task);
        if (ResourceFit.shortOfFutureIdle(s, task, request, node) != 0 || s.plugins().predicate(task, node) != 0) {
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
        e.clear(session.dims().count());
        e.nodes(session.nodeCount());
        e.add(code, session.nodeCount());
        return e;
    }

    private boolean failed(int task, int job, FitErrors why) {
        session.conditions().fitFailed(job, why);
        continuation.failed(job, session.taskTable().role(task));
        return false;
    }

    /** Per queue heaps of jobs in JobOrder, pooled. */
    private static final class JobQueues {
        private final Int2ObjectOpenHashMap<IntHeapPriorityQueue> heaps = new Int2ObjectOpenHashMap<>();
        private HeapPool heapPool;

        void bind(Session s) {
            heapPool = new HeapPool(s::compareJobs);
        }

        void clear() {
            heaps.clear();
            heapPool.releaseAll();
        }

        /** Adds a job; true when its queue is new. */
        boolean add(int queue, int job) {
            IntHeapPriorityQueue heap = heaps.get(queue);
            boolean newQueue = heap == null;
            if (newQueue) {
                heap = heapPool.take();
                heaps.put(queue, heap);
            }
            heap.enqueue(job);
            return newQueue;
        }

        IntHeapPriorityQueue jobs(int queue) {
            return heaps.get(queue);
        }
    }

    /**
     * Each job's pending tasks in TaskOrder, listed and sorted on the job's first turn and taken one by one for the
     * rest of the action. The same order as a heap's dequeues: {@link Session#compareTasks} is a strict total order
     * (ties end at the tasks' distinct namespace/name keys) and reads only the tasks' specs (priority, name index,
     * creation, key: TaskOrder plugins order by spec, as priority does), so it does not change while the action
     * runs. A job's tasks usually come listed in that order already (one priority, names in creation order): one
     * pass of n - 1 comparisons finds so and no sort runs, where a heap compared about 2 log2 n times per task.
     * <p>
     * Storage: one int array holding every listed job's tasks, job after job, and per job row the next and end
     * positions in it and the action that listed them; sized to the largest action so far, no allocation after.
     */
    private static final class TaskQueues {
        private Session session;
        private IntComparator order;
        private int[] tasks = new int[64];
        private int used;
        private int[] next = new int[0];
        private int[] end = new int[0];
        /** The {@link #action} in which the job row's tasks were listed. */
        private int[] listedIn = new int[0];
        private int action;

        void bind(Session s) {
            session = s;
            order = s::compareTasks;
        }

        /** Starts an action: every job's list is forgotten. */
        void clear() {
            action++;
            used = 0;
            int jobs = session.jobTable().capacity();
            if (listedIn.length < jobs) {
                next = new int[jobs];
                end = new int[jobs];
                listedIn = new int[jobs];
            }
        }

        /** Lists the job's pending tasks in TaskOrder unless this action has listed them already. */
        void open(int job) {
            if (listedIn[job] == action) {
                return;
            }
            listedIn[job] = action;
            IntArrayList all = session.jobTable().tasks(job);
            if (tasks.length - used < all.size()) {
                tasks = java.util.Arrays.copyOf(tasks, Math.max(tasks.length * 2, used + all.size()));
            }
            int from = used;
            for (int i = 0; i < all.size(); i++) {
                int t = all.getInt(i);
                if (session.status(t) == TaskStatus.PENDING && !session.bestEffort(t)
                        && !session.taskTable().has(t, TaskTable.SCHEDULING_GATED)) {
                    tasks[used++] = t;
                }
            }
            if (!sorted(from, used)) {
                IntArrays.quickSort(tasks, from, used, order);
            }
            next[job] = from;
            end[job] = used;
        }

        private boolean sorted(int from, int to) {
            for (int i = from + 1; i < to; i++) {
                if (order.compare(tasks[i - 1], tasks[i]) > 0) {
                    return false;
                }
            }
            return true;
        }

        boolean isEmpty(int job) {
            return next[job] == end[job];
        }

        /** The job's next task in TaskOrder; the job must not be {@link #isEmpty}. */
        int take(int job) {
            return tasks[next[job]++];
        }
    }
}
