package dev.caldera.kernel.action;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;

/**
 * The preempt action (SEMANTICS.md section 7, Volcano v1.7's shape), queue by queue in QueueOrder: starving
 * jobs in JobOrder take turns; each pending task (in TaskOrder, pods with preemptionPolicy Never excluded)
 * looks for room on the predicate-passing nodes in score order by evicting running, preemptable tasks of
 * other jobs of the same queue that every deciding Preemptable plugin agrees on, only until it fits the
 * node's futureIdle, and is then pipelined there. A job's statement commits if the job is pipelined,
 * else it is discarded. Then, inside each starving job, tasks may preempt lower tasks of the same job.
 * <p>
 * Threading: scheduling thread. Heaps and lists are pooled.
 */
public final class PreemptAction implements Action {
    private final Statement statement;
    private final Eviction eviction;
    private final JobHeaps heaps = new JobHeaps();
    private final IntArrayList starving = new IntArrayList();
    private Session session;
    private final Eviction.Candidates otherJobsOfQueue = this::otherJobOfSameQueue;
    private final Eviction.Candidates sameJob = (preemptor, task) -> session.jobOf(preemptor) == session.jobOf(task);

    public PreemptAction(Statement statement) {
        this.statement = statement;
        this.eviction = new Eviction(statement, false);
    }

    @Override
    public String name() {
        return "preempt";
    }

    @Override
    public void execute(Session s) {
        session = s;
        eviction.open(s);
        collectStarvingJobs(s);
        IntArrays.quickSort(heaps.queues.elements(), 0, heaps.queues.size(), s::compareQueues);
        for (int i = 0; i < heaps.queues.size(); i++) {
            int queue = heaps.queues.getInt(i);
            betweenJobs(heaps.jobs(queue));
            withinJobs(queue);
        }
    }

    private void collectStarvingJobs(Session s) {
        heaps.clear(s);
        starving.clear();
        for (int i = 0; i < s.jobList.size(); i++) {
            int job = s.jobList.getInt(i);
            if (s.jobState.phase[job] != JobPhase.PENDING && s.plugins.jobStarving(job)) {
                heaps.addJob(s.jobs.queue[job], job);
                heaps.refillTasks(job);
                starving.add(job);
            }
        }
    }

    private void betweenJobs(IntHeapPriorityQueue jobs) {
        while (!jobs.isEmpty()) {
            int job = jobs.dequeueInt();
            IntHeapPriorityQueue tasks = heaps.tasks(job);
            statement.begin();
            boolean assigned = false;
            while (session.plugins.jobStarving(job) && !tasks.isEmpty()) {
                assigned |= preempt(tasks.dequeueInt(), otherJobsOfQueue);
            }
            if (!session.plugins.jobPipelined(job)) {
                statement.discard();
                continue;
            }
            statement.commit();
            if (assigned) {
                jobs.enqueue(job);
            }
        }
    }

    private void withinJobs(int queue) {
        for (int i = 0; i < starving.size(); i++) {
            int job = starving.getInt(i);
            if (session.jobs.queue[job] != queue) {
                continue;
            }
            IntHeapPriorityQueue tasks = heaps.refillTasks(job);
            while (!tasks.isEmpty()) {
                statement.begin();
                boolean assigned = preempt(tasks.dequeueInt(), sameJob);
                statement.commit();
                if (!assigned) {
                    break;
                }
            }
        }
    }

    private boolean preempt(int task, Eviction.Candidates filter) {
        int[] nodes = eviction.scoredNodes(task);
        return eviction.preemptOn(task, nodes, eviction.count(), filter);
    }

    private boolean otherJobOfSameQueue(int preemptor, int task) {
        int job = session.jobOf(task);
        return job != session.jobOf(preemptor) && session.inSession(job)
                && session.jobs.queue[job] == session.queueOf(preemptor);
    }
}
