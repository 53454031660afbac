package dev.caldera.kernel.plugin.gang;

import dev.caldera.kernel.framework.Jobs;
import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.framework.AllocateListener;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.FitErrors;
import dev.caldera.kernel.framework.JobValid;
import dev.caldera.kernel.framework.JobValidation;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Vote;
import dev.caldera.kernel.framework.SubGroupConditions;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;

/**
 * Volcano's {@code gang} plugin: a job is valid with at least minMember valid tasks (and each role's
 * minTaskMember), ready when its ready tasks (plus pending best-effort ones) reach minMember and every
 * role its minimum, pipelined when pipelined tasks count too; it starves below minMember. Not-ready jobs
 * go first. A victim may be taken only while its job keeps more than minMember ready tasks. At close,
 * every job that is not ready gets an Unschedulable condition with the reason.
 * <p>
 * All checks read the session's status counters: O(roles), no allocation. Close looks again only at the jobs that
 * got a condition at the last close or changed since (O(those), and a flag per other job of the session).
 */
public final class GangPlugin implements Plugin {
    public static final String NAME = "gang";

    private SessionView session;
    private boolean subJobReady;
    private boolean subJobPipelined;
    private boolean subJobOrder;
    private int[] occupied = new int[0];
    private GangReason[] reasons = new GangReason[0];
    private final IntArrayList touched = new IntArrayList();
    /**
     * Jobs whose close, in the last cycle of {@link #settledOn}, gave them no condition, and nothing of theirs moved
     * since (the session's changed jobs at open, the tasks placed or unplaced in this session): what close reads of
     * a job (its counts, minimums, tasks and sub-groups) is as it was then, so it would give none again.
     */
    private boolean[] settled = new boolean[0];
    private SessionView settledOn;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        subJobReady = ext.enabled(PluginFlag.SUB_JOB_READY);
        subJobPipelined = ext.enabled(PluginFlag.SUB_JOB_PIPELINED);
        subJobOrder = ext.enabled(PluginFlag.SUB_JOB_ORDER);
        ext.jobValid(new JobValid() {
            @Override
            public JobValidation validate(int job) {
                return GangPlugin.this.validate(job);
            }

            @Override
            public boolean readsJobAlone() {
                return true; // minMember, the role minimums, the job's counts and its sub-groups
            }
        });
        ext.jobOrder(this::compareJobs);
        ext.jobReady(this::ready);
        ext.jobPipelined(job -> pipelined(job) ? Vote.PERMIT : Vote.REJECT);
        ext.jobStarving(this::starving);
        ext.preemptable(this::victims);
        ext.reclaimable(this::victims);
        ext.allocateListener(new AllocateListener() {
            @Override
            public void allocated(int task) {
                unsettle(session.jobOf(task));
            }

            @Override
            public void deallocated(int task) {
                unsettle(session.jobOf(task));
            }
        });
    }

    @Override
    public void open(SessionView s) {
        session = s;
        if (occupied.length < s.jobs().capacity()) {
            occupied = new int[s.jobs().capacity()];
            Arrays.fill(occupied, -1);
        }
        openSettled(s);
    }

    /**
     * Forgets the settled jobs that changed since the last close (all of them after a whole open or another
     * session).
     */
    private void openSettled(SessionView s) {
        if (settled.length < s.jobs().capacity()) {
            settled = Arrays.copyOf(settled, s.jobs().capacity());
        }
        if (s != settledOn || s.openedWhole()) {
            Arrays.fill(settled, false);
            settledOn = s;
            return;
        }
        for (int i = 0; i < s.changedJobCount(); i++) {
            unsettle(s.changedJob(i));
        }
    }

    private void unsettle(int job) {
        if (job >= 0 && job < settled.length) {
            settled[job] = false;
        }
    }

    /**
     * Current Volcano's {@code OnSessionClose}: every job of the session that has tasks and is not ready - an
     * invalid one too, which stays in the session - gets the Unschedulable condition (reason NotEnoughResources),
     * unless its scheduled pods, counting terminating ones still on a node, already reach minMember and none is
     * Pending or Pipelined ({@code shouldSkipUnschedulableForReleasing}). A {@link #settled} job is passed over: it
     * would get none again.
     */
    @Override
    public void close(SessionView s) {
        for (int i = 0; i < s.jobCount(); i++) {
            int job = s.job(i);
            if (settled[job]) {
                continue;
            }
            if (s.jobs().taskCount(job) > 0 && !ready(job) && !releasingHoldTheGang(s, job)) {
                s.conditions().unschedulable(job, "NotEnoughResources", message(job));
            } else {
                settled[job] = true;
            }
        }
    }

    private static boolean releasingHoldTheGang(SessionView s, int job) {
        int releasingOnNodes = 0;
        Jobs jobs = s.jobs();
        for (int i = 0; s.count(job, TaskStatus.RELEASING) > 0 && i < jobs.taskCount(job); i++) {
            int t = jobs.task(job, i);
            if (s.status(t) == TaskStatus.RELEASING && s.nodeOf(t) >= 0) {
                releasingOnNodes++;
            }
        }
        if (releasingOnNodes == 0 || s.count(job, TaskStatus.PENDING) > 0 || s.count(job, TaskStatus.PIPELINED) > 0) {
            return false;
        }
        int scheduled = s.count(job, TaskStatus.RUNNING) + s.count(job, TaskStatus.BOUND)
                + s.count(job, TaskStatus.SUCCEEDED) + s.count(job, TaskStatus.FAILED);
        return scheduled + releasingOnNodes >= s.jobs().minMember(job);
    }

    private JobValidation validate(int job) {
        if (!rolesMeet(job, Counting.VALID)) {
            return new JobValidation("NotEnoughPodsOfTask", "Not enough valid pods of each task for gang-scheduling");
        }
        if (!SubGroupConditions.valid(session, job)) {
            return new JobValidation("NotEnoughPodsOfTask", "Not enough valid subGroups of each task for gang-scheduling");
        }
        int valid = count(job, -1, Counting.VALID);
        if (valid < session.jobs().minMember(job)) {
            return new JobValidation("NotEnoughTasks", "Not enough valid tasks for gang-scheduling, valid: "
                    + valid + ", min: " + session.jobs().minMember(job));
        }
        return null;
    }

    private int compareJobs(int a, int b) {
        boolean ra = ready(a);
        boolean rb = ready(b);
        return ra == rb ? 0 : ra ? 1 : -1;
    }

    private boolean ready(int job) {
        return count(job, -1, Counting.READY) >= session.jobs().minMember(job) && rolesMeet(job, Counting.READY)
                && SubGroupConditions.met(session, job, false);
    }

    private boolean pipelined(int job) {
        return count(job, -1, Counting.PIPELINED) >= session.jobs().minMember(job)
                && rolesMeet(job, Counting.PIPELINED) && SubGroupConditions.met(session, job, true);
    }

    /** Whether this gang answers SubJobReady ({@code enabledSubJobReady}). */
    public boolean subJobReadyEnabled() {
        return subJobReady;
    }

    /** Whether this gang answers SubJobPipelined ({@code enabledSubJobPipelined}). */
    public boolean subJobPipelinedEnabled() {
        return subJobPipelined;
    }

    /** Whether this gang orders sub-jobs ({@code enabledSubJobOrder}). */
    public boolean subJobOrderEnabled() {
        return subJobOrder;
    }

    private boolean starving(int job) {
        return session.readyCount(job) + session.count(job, TaskStatus.PIPELINED) < session.jobs().minMember(job);
    }

    private int victims(int preemptor, IntArrayList candidates, IntArrayList victims) {
        for (int i = 0; i < candidates.size(); i++) {
            int v = candidates.getInt(i);
            int job = session.jobOf(v);
            if (occupied[job] < 0) {
                occupied[job] = session.readyCount(job);
                touched.add(job);
            }
            if (occupied[job] > session.jobs().minMember(job)) {
                occupied[job]--;
                victims.add(v);
            }
        }
        for (int i = 0; i < touched.size(); i++) {
            occupied[touched.getInt(i)] = -1;
        }
        touched.clear();
        return Vote.PERMIT;
    }

    /** Whether every role with a minTaskMember has enough tasks counted the given way. */
    private boolean rolesMeet(int job, Counting how) {
        Jobs jobs = session.jobs();
        int roles = jobs.roleCount(job);
        if (roles == 0 || jobs.minMember(job) < roleMinSum(jobs, job)) {
            return true;
        }
        for (int slot = 0; slot < roles; slot++) {
            if (count(job, slot, how) < jobs.roleMin(job, slot)) {
                return false;
            }
        }
        return true;
    }

    private static int roleMinSum(Jobs jobs, int job) {
        int s = 0;
        for (int slot = 0; slot < jobs.roleCount(job); slot++) {
            s += jobs.roleMin(job, slot);
        }
        return s;
    }

    /** Tasks of the job (slot -1) or of one role slot, counted the given way. */
    private int count(int job, int slot, Counting how) {
        int ready = count(job, slot, TaskStatus.ALLOCATED) + count(job, slot, TaskStatus.BINDING)
                + count(job, slot, TaskStatus.BOUND) + count(job, slot, TaskStatus.RUNNING)
                + count(job, slot, TaskStatus.SUCCEEDED);
        return switch (how) {
            case READY -> ready + count(job, slot, JobState.PENDING_BEST_EFFORT);
            case PIPELINED -> ready + count(job, slot, JobState.PENDING_BEST_EFFORT)
                    + count(job, slot, TaskStatus.PIPELINED);
            case VALID -> ready + count(job, slot, TaskStatus.PIPELINED) + count(job, slot, TaskStatus.PENDING);
        };
    }

    /** Tasks of the job (slot -1) or of one role slot in one status bucket. */
    private int count(int job, int slot, int bucket) {
        return slot < 0 ? session.count(job, bucket) : session.roleCount(job, slot, bucket);
    }

    /** Fills the job's pooled reason with what its message will say; the text is built only when read. */
    private GangReason message(int job) {
        SessionView s = session;
        int missing = Math.max(0, s.jobs().minMember(job) - s.readyCount(job));
        GangReason reason = pooledReason(job).head(missing, s.jobs().taskCount(job));
        JobValidation invalid = validate(job);
        if (invalid != null) {
            return reason.detail(GangReason.Kind.INVALID, invalid.message());
        }
        if (s.phase(job) == JobPhase.PENDING) {
            return reason.detail(GangReason.Kind.NOT_ADMITTED, s.jobs().queueName(job));
        }
        int pipelined = s.count(job, TaskStatus.PIPELINED);
        // a gang whose places are held (pipelined) waits for releasing pods; why others did not fit is moot
        boolean waiting = pipelined > 0 && s.readyCount(job) + pipelined >= s.jobs().minMember(job);
        String topology = s.conditions().topologyFailure(job);
        if (topology != null && !waiting) {
            return reason.detail(GangReason.Kind.TOPOLOGY, topology);
        }
        FitErrors errors = s.conditions().fitErrors(job);
        if (errors != null && !waiting) {
            return reason.fitErrors(errors, s.dims());
        }
        if (s.conditions().isQueueLimited(job) && !waiting) {
            return reason.detail(GangReason.Kind.QUEUE_LIMITED, s.jobs().queueName(job));
        }
        return reason.notReady(s.readyCount(job), pipelined, s.count(job, TaskStatus.PENDING),
                s.jobs().minMember(job));
    }

    private GangReason pooledReason(int job) {
        if (reasons.length <= job) {
            reasons = Arrays.copyOf(reasons, Math.max(job + 1, session.jobs().capacity()));
        }
        if (reasons[job] == null) {
            reasons[job] = new GangReason();
        }
        return reasons[job];
    }

    private enum Counting { READY, PIPELINED, VALID }
}
