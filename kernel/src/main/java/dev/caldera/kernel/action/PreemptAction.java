package dev.caldera.kernel.action;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.session.Decisions;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;

/**
 * The preempt action as current Volcano runs it (actions/preempt/preempt.go, {@code Execute} and
 * {@code normalPreempt}). Jobs that are not Pending, starve (JobStarving) and set no network topology (neither
 * the job nor a sub-group) are preemptors, with their pending tasks that are not scheduling-gated. Queue by
 * queue (QueueOrder):
 * <ol>
 *   <li>between jobs: each job once, in JobOrder, with one statement; while the job starves its tasks in
 *       TaskOrder look for room ({@link #preempt}) among Bound or Running, preemptable tasks of other jobs of
 *       the same queue (a best-effort preemptor only among best-effort ones); the statement commits if the
 *       job is then pipelined (JobPipelined), else every eviction of the job is undone. A job is not tried
 *       again after its turn;</li>
 *   <li>within jobs: for each of the queue's starving jobs, its still pending tasks in TaskOrder may take
 *       room from tasks of the same job, one statement per task, committed only if that task got pipelined;
 *       the job's first task that gets no room ends its turn. A lone gang member pipelined here stays
 *       pipelined although its gang is not, as in Volcano.</li>
 * </ol>
 * A task looks for room on the {@link CandidateNodes} in score order, node by node ({@link Eviction}) until
 * it is pipelined somewhere; with {@code enableTopologyAwarePreemption} it dry-runs the candidate nodes (in
 * name order) for the fewest victims instead ({@link TopologyAwarePreemption}). A task with preemptionPolicy Never, a task whose PrePredicate fails, and a task
 * nominated to a node that still passes its predicates (Volcano's {@code taskEligibleToPreempt}) look for
 * no room.
 * <p>
 * Threading: scheduling thread. Heaps and lists are pooled; node and victim scratch is reused.
 */
public final class PreemptAction implements Action {
    private final Statement statement;
    private final Eviction eviction;
    private final PreemptOptions options;
    private final TopologyAwarePreemption topologyAware;
    private final JobHeaps heaps = new JobHeaps();
    private final IntArrayList starving = new IntArrayList();
    private Session session;
    private CandidateNodes candidateNodes;
    private final Eviction.Candidates otherJobsOfQueue = this::otherJobOfSameQueue;
    private final Eviction.Candidates sameJob = this::sameJob;
    private final Eviction.Candidates releasingLower = this::releasingWithLowerPriority;

    public PreemptAction(Statement statement) {
        this(statement, PreemptOptions.DEFAULT);
    }

    PreemptAction(Statement statement, PreemptOptions options) {
        this.statement = statement;
        this.eviction = new Eviction(statement, Eviction.Fit.PREEMPT);
        this.options = options;
        this.topologyAware = new TopologyAwarePreemption(statement, eviction, options);
    }

    @Override
    public String name() {
        return "preempt";
    }

    @Override
    public void execute(Session s) {
        if (session != s) {
            session = s;
            candidateNodes = new CandidateNodes(s);
        }
        eviction.open(s);
        topologyAware.open(s);
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
        for (int i = 0; i < s.jobCount(); i++) {
            int job = s.job(i);
            if (s.jobState().phase(job) != JobPhase.PENDING && s.plugins().jobValid(job) == null
                    && s.plugins().jobStarving(job) && !containsNetworkTopology(s, job)) {
                heaps.addJob(s.jobTable().queue(job), job);
                heaps.refillTasks(job);
                starving.add(job);
            }
        }
    }

    /**
     * Volcano's {@code JobInfo.ContainsNetworkTopology}: the job or one of its sub-jobs sets a network topology.
     * Preempt skips such jobs (preempt.go, "jobs containing networkTopology do not support preemption").
     */
    private static boolean containsNetworkTopology(Session s, int job) {
        if (s.topologyState().withTopology(job)) {
            return true;
        }
        dev.caldera.kernel.session.SubJobs subJobs = s.topologyState().subJobs(job);
        for (int k = 0; subJobs != null && k < subJobs.count(); k++) {
            if (subJobs.withTopology(k)) {
                return true;
            }
        }
        return false;
    }

    private void betweenJobs(IntHeapPriorityQueue jobs) {
        while (!jobs.isEmpty()) {
            int job = jobs.dequeueInt();
            IntHeapPriorityQueue tasks = heaps.tasks(job);
            statement.begin();
            while (session.plugins().jobStarving(job) && !tasks.isEmpty()) {
                preempt(tasks.dequeueInt(), otherJobsOfQueue);
            }
            if (session.plugins().jobPipelined(job)) {
                commit();
            } else {
                statement.discard();
            }
        }
    }

    private void withinJobs(int queue) {
        for (int i = 0; i < starving.size(); i++) {
            int job = starving.getInt(i);
            if (session.jobTable().queue(job) != queue) {
                continue;
            }
            IntHeapPriorityQueue tasks = heaps.refillTasks(job);
            while (!tasks.isEmpty()) {
                statement.begin();
                if (!preempt(tasks.dequeueInt(), sameJob)) {
                    statement.discard();
                    break;
                }
                commit();
            }
        }
    }

    /** Commits the statement, counting it as an eviction transaction when it evicts. */
    private void commit() {
        if (statement.hasEvictions()) {
            session.decisions().evictionTransaction(Decisions.PREEMPT);
        }
        statement.commit();
    }

    /** True when {@code task} was pipelined onto a node, evicting what {@code filter} allows there. */
    private boolean preempt(int task, Eviction.Candidates filter) {
        if (!eligible(task) || session.plugins().prePredicate(task) != FitReason.OK) {
            return false;
        }
        if (options.topologyAware()) {
            int[] nodes = candidateNodes.inPredicateOrder(task);
            return topologyAware.preemptOn(task, nodes, candidateNodes.count(), filter);
        }
        int[] nodes = candidateNodes.scored(task);
        return eviction.preemptOn(task, nodes, candidateNodes.count(), filter);
    }

    /**
     * Volcano's {@code taskEligibleToPreempt}: not with preemptionPolicy Never; and a task nominated to a node
     * preempts again only when that node now fails it for an unresolvable reason, or no lower-priority pod
     * there is still terminating (Releasing).
     */
    private boolean eligible(int task) {
        Session s = session;
        if (s.taskTable().has(task, TaskTable.PREEMPT_NEVER)) {
            return false;
        }
        int nominated = s.cache().nominations().nodeOf(task);
        if (nominated < 0 || !s.nodeTable().live(nominated)) {
            return true;
        }
        int code = s.plugins().predicate(task, nominated);
        if (code == FitReason.OK) {
            return false;
        }
        return !FitReason.resolvable(code) || !lowerPriorityReleasingOn(nominated, task);
    }

    /**
     * Volcano asks for a pod terminating because of a preemption ({@code podTerminatingByPreemption}); the
     * kernel knows only that a pod is Releasing.
     */
    private boolean lowerPriorityReleasingOn(int node, int task) {
        return !eviction.candidatesOn(task, node, releasingLower).isEmpty();
    }

    private boolean releasingWithLowerPriority(int preemptor, int task) {
        return session.status(task) == TaskStatus.RELEASING
                && session.taskTable().priority(task) < session.taskTable().priority(preemptor);
    }

    /** Volcano's between-jobs filter: Bound or Running, preemptable, another job of the preemptor's queue. */
    private boolean otherJobOfSameQueue(int preemptor, int task) {
        int job = session.jobOf(task);
        return mayBeVictim(preemptor, task) && job != session.jobOf(preemptor) && session.inSession(job)
                && session.jobTable().queue(job) == session.queueOf(preemptor);
    }

    private boolean sameJob(int preemptor, int task) {
        return mayBeVictim(preemptor, task) && session.jobOf(task) == session.jobOf(preemptor);
    }

    /** Bound or Running, preemptable; a best-effort preemptor takes only best-effort victims. */
    private boolean mayBeVictim(int preemptor, int task) {
        Session s = session;
        byte status = s.status(task);
        return (status == TaskStatus.BOUND || status == TaskStatus.RUNNING) && s.taskTable().preemptable(task)
                && (!s.bestEffort(preemptor) || s.bestEffort(task));
    }
}
