package dev.caldera.kernel.action;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.session.Decisions;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;

/**
 * The reclaim action as current Volcano runs it (actions/reclaim/reclaim.go, {@code Execute} and
 * {@code reclaimForTask}; SEMANTICS.md section 7). Every queue with a job that is not Pending takes part; the
 * starving jobs (JobStarving) are the reclaimers, with their pending tasks that are not scheduling-gated.
 * <ol>
 *   <li>Queues come off a heap in QueueOrder; a queue that is Overused when it comes off is skipped for the
 *       rest of the action. Otherwise all its starving jobs are handled in that turn, in JobOrder (Overused
 *       is not asked again between them).</li>
 *   <li>Each job has one statement. While it starves, its tasks in TaskOrder reclaim, except a task with
 *       preemptionPolicy Never, one its queue may not reclaim for (Preemptive), and one whose PrePredicate
 *       fails.</li>
 *   <li>A task tries the {@link CandidateNodes} in predicate order. On each, the reclaimees are the Running,
 *       preemptable tasks of jobs in other queues that are reclaimable; a node with none is skipped, even if
 *       it has room. The plugins' Reclaimable picks the victims and {@link Eviction} evicts them until the
 *       task fits the node's futureIdle, then pipelines it (else the node's evictions are undone).</li>
 *   <li>The job's statement commits if the job is then pipelined (JobPipelined), else it is discarded.</li>
 * </ol>
 * Threading: scheduling thread. Heaps are pooled.
 */
public final class ReclaimAction implements Action {
    private final Statement statement;
    private final Eviction eviction;
    private final JobHeaps heaps = new JobHeaps();
    private boolean[] queued = new boolean[0];
    private Session session;
    private CandidateNodes candidateNodes;
    private IntHeapPriorityQueue queues;
    private final Eviction.Candidates otherReclaimableQueues = this::inOtherReclaimableQueue;

    public ReclaimAction(Statement statement) {
        this.statement = statement;
        this.eviction = new Eviction(statement, Eviction.Fit.RECLAIM);
    }

    @Override
    public String name() {
        return "reclaim";
    }

    @Override
    public void execute(Session s) {
        if (session != s) {
            session = s;
            queues = new IntHeapPriorityQueue(s::compareQueues);
            candidateNodes = new CandidateNodes(s);
        }
        eviction.open(s);
        collectJobs(s);
        while (!queues.isEmpty()) {
            int queue = queues.dequeueInt();
            if (s.plugins().overused(queue)) {
                continue;
            }
            IntHeapPriorityQueue jobs = heaps.jobs(queue);
            while (jobs != null && !jobs.isEmpty()) {
                reclaimFor(queue, jobs.dequeueInt());
            }
        }
    }

    /** Queues of every non-Pending job in the session; the starving jobs with their tasks. */
    private void collectJobs(Session s) {
        heaps.clear(s);
        queues.clear();
        if (queued.length < s.queueTable().rows()) {
            queued = new boolean[s.queueTable().capacity()];
        } else {
            java.util.Arrays.fill(queued, false);
        }
        for (int i = 0; i < s.jobCount(); i++) {
            int job = s.job(i);
            if (s.jobState().phase(job) == JobPhase.PENDING || s.plugins().jobValid(job) != null) {
                continue;
            }
            int queue = s.jobTable().queue(job);
            if (!queued[queue]) {
                queued[queue] = true;
                queues.enqueue(queue);
            }
            if (s.plugins().jobStarving(job)) {
                heaps.addJob(queue, job);
                heaps.refillTasks(job);
            }
        }
    }

    private void reclaimFor(int queue, int job) {
        IntHeapPriorityQueue tasks = heaps.tasks(job);
        statement.begin();
        while (session.plugins().jobStarving(job) && !tasks.isEmpty()) {
            int task = tasks.dequeueInt();
            if (mayReclaim(queue, task)) {
                int[] nodes = candidateNodes.inPredicateOrder(task);
                eviction.preemptOn(task, nodes, candidateNodes.count(), otherReclaimableQueues);
            }
        }
        if (session.plugins().jobPipelined(job)) {
            if (statement.hasEvictions()) {
                session.decisions().evictionTransaction(Decisions.RECLAIM);
            }
            session.decisions().committingFor(job);
            statement.commit();
            session.decisions().committingFor(-1);
        } else {
            statement.discard();
        }
    }

    private boolean mayReclaim(int queue, int task) {
        Session s = session;
        return !s.taskTable().has(task, TaskTable.PREEMPT_NEVER) && s.plugins().preemptive(queue, task)
                && s.plugins().prePredicate(task) == FitReason.OK;
    }

    /** Volcano's reclaimees: Running, preemptable, of a job in another queue that is reclaimable. */
    private boolean inOtherReclaimableQueue(int reclaimer, int task) {
        Session s = session;
        int job = s.jobOf(task);
        if (s.status(task) != TaskStatus.RUNNING || !s.taskTable().preemptable(task) || !s.inSession(job)) {
            return false;
        }
        int queue = s.jobTable().queue(job);
        return queue != s.queueOf(reclaimer) && s.queueTable().reclaimable(queue);
    }
}
