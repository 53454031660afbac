package dev.caldera.kernel.action;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.plugin.FitReason;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;

/**
 * The reclaim action (SEMANTICS.md section 7): queues in QueueOrder that are not overused take turns; the
 * queue's best job with pending tasks reclaims for its tasks (while it starves) from running, preemptable
 * tasks of other, reclaimable queues that every deciding Reclaimable plugin agrees on, on the nodes that
 * pass the task's predicates in name order; victims are evicted only until the task fits the node's
 * futureIdle, then the task is pipelined. The job's statement commits if the job is pipelined, else it is
 * discarded. Tasks of a queue that is not Preemptive for them, and pods with preemptionPolicy Never, do
 * not reclaim.
 * <p>
 * Threading: scheduling thread. Heaps are pooled.
 */
public final class ReclaimAction implements Action {
    private final Statement statement;
    private final Eviction eviction;
    private final JobHeaps heaps = new JobHeaps();
    private Session session;
    private IntHeapPriorityQueue queues;
    private final Eviction.Candidates otherReclaimableQueues = this::inOtherReclaimableQueue;

    public ReclaimAction(Statement statement) {
        this.statement = statement;
        this.eviction = new Eviction(statement, true);
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
        }
        eviction.open(s);
        collectJobs(s);
        while (!queues.isEmpty()) {
            int queue = queues.dequeueInt();
            IntHeapPriorityQueue jobs = heaps.jobs(queue);
            if (s.plugins.overused(queue) || jobs.isEmpty()) {
                continue;
            }
            reclaimFor(queue, jobs.dequeueInt());
            if (!jobs.isEmpty()) {
                queues.enqueue(queue);
            }
        }
    }

    private void collectJobs(Session s) {
        heaps.clear(s);
        queues.clear();
        for (int i = 0; i < s.jobList.size(); i++) {
            int job = s.jobList.getInt(i);
            if (s.jobState.phase[job] == JobPhase.PENDING || heaps.refillTasks(job).isEmpty()) {
                continue;
            }
            int queue = s.jobs.queue[job];
            if (heaps.jobs(queue) == null) {
                queues.enqueue(queue);
            }
            heaps.addJob(queue, job);
        }
    }

    private void reclaimFor(int queue, int job) {
        IntHeapPriorityQueue tasks = heaps.tasks(job);
        statement.begin();
        while (session.plugins.jobStarving(job) && !tasks.isEmpty()) {
            int task = tasks.dequeueInt();
            if (!session.plugins.preemptive(queue, task) || session.plugins.prePredicate(task) != FitReason.OK) {
                continue;
            }
            int[] nodes = eviction.rankedNodes(task);
            eviction.preemptOn(task, nodes, eviction.count(), otherReclaimableQueues);
        }
        if (session.plugins.jobPipelined(job)) {
            statement.commit();
        } else {
            statement.discard();
        }
    }

    private boolean inOtherReclaimableQueue(int preemptor, int task) {
        int job = session.jobOf(task);
        int queue = session.jobs.queue[job];
        return session.inSession(job) && queue != session.queueOf(preemptor) && session.queues.reclaimable[queue];
    }
}
