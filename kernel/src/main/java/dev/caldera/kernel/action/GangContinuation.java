package dev.caldera.kernel.action;

import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.order.ListPool;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * What allocate does after a task of a job fit no node, as current Volcano decides it
 * ({@code pkg/scheduler/api/job_info.go}: {@code FitFailedRoles}, {@code TaskHasFitErrors},
 * {@code NeedContinueAllocating}):
 * <ul>
 *   <li>The job's roles whose tasks fit no node are remembered for the rest of the action; a later task of such
 *       a role is skipped without filtering, unless it has no role (a pod without {@code volcano.sh/task-spec}
 *       is always filtered again).</li>
 *   <li>The job stops at the failure when minMember is the job's task count. Otherwise, when minMember is below
 *       the sum of the minTaskMember values, it goes on while its ready tasks plus its pending tasks of roles that
 *       have not failed (the role-less tasks count as one role) could reach minMember. Else it goes on unless a
 *       failed role with a minTaskMember has fewer than that many tasks allocated, succeeded or pending
 *       best-effort. So a job without minTaskMember whose minMember is below its task count always goes on.</li>
 * </ul>
 * <p>
 * Threading: scheduling thread. Allocation: lists pooled across actions; O(tasks of the job) per failure.
 */
final class GangContinuation {
    private final Int2ObjectOpenHashMap<IntArrayList> failedByJob = new Int2ObjectOpenHashMap<>();
    private final ListPool lists = new ListPool();
    /** The symbol of the empty role (a pod without {@code volcano.sh/task-spec}), or NONE. */
    private int noRole = Symbols.NONE;
    /** The table {@link #noRole} was found in: a symbol's id never changes there, so it is looked up until found. */
    private Symbols noRoleIn;

    void clear(Session s) {
        failedByJob.clear();
        lists.releaseAll();
        Symbols table = s.symbolTable();
        if (noRole == Symbols.NONE || table != noRoleIn) {
            noRole = table.find("");
            noRoleIn = table;
        }
    }

    /** A task of {@code role} of the job fit no node (or failed PrePredicate). */
    void failed(int job, int role) {
        IntArrayList roles = failedByJob.get(job);
        if (roles == null) {
            roles = lists.take();
            failedByJob.put(job, roles);
        }
        if (!roles.contains(role)) {
            roles.add(role);
        }
    }

    /** Volcano's TaskHasFitErrors: a task whose (non-empty) role already failed is not filtered again. */
    boolean skipsRole(int job, int role) {
        return role != Symbols.NONE && role != noRole && hasFailed(job, role);
    }

    private boolean hasFailed(int job, int role) {
        IntArrayList roles = failedByJob.get(job);
        return roles != null && roles.contains(role);
    }

    /** Volcano's NeedContinueAllocating for the job, after one of its tasks fit no node. */
    boolean mayContinue(Session s, int job) {
        IntArrayList tasks = s.jobTable().tasks(job);
        int minMember = s.jobTable().minMember(job);
        if (minMember >= tasks.size()) {
            return false;
        }
        int[] mins = s.jobTable().roleMin(job);
        if (minMember < sum(mins)) {
            return s.readyCount(job) + pendingOfHealthyRoles(s, job, tasks) >= minMember;
        }
        return failedRolesHoldTheirMinimum(s, job);
    }

    /** Pending tasks (best-effort and gated ones included, as Volcano counts them) of roles that did not fail. */
    private int pendingOfHealthyRoles(Session s, int job, IntArrayList tasks) {
        int left = 0;
        for (int i = 0; i < tasks.size(); i++) {
            int t = tasks.getInt(i);
            if (s.status(t) == TaskStatus.PENDING && !hasFailed(job, s.taskTable().role(t))) {
                left++;
            }
        }
        return left;
    }

    /** Each failed role with a minTaskMember has that many tasks allocated, succeeded or pending best-effort. */
    private boolean failedRolesHoldTheirMinimum(Session s, int job) {
        int[] roles = s.jobTable().roles(job);
        int[] mins = s.jobTable().roleMin(job);
        int[] counts = s.jobState().roleCount(job);
        for (int slot = 0; slot < roles.length; slot++) {
            if (mins[slot] == 0 || !hasFailed(job, roles[slot])) {
                continue;
            }
            int base = slot * JobState.STRIDE;
            int held = counts[base + TaskStatus.ALLOCATED] + counts[base + TaskStatus.BINDING]
                    + counts[base + TaskStatus.BOUND] + counts[base + TaskStatus.RUNNING]
                    + counts[base + TaskStatus.SUCCEEDED] + counts[base + JobState.PENDING_BEST_EFFORT];
            if (held < mins[slot]) {
                return false;
            }
        }
        return true;
    }

    private static int sum(int[] values) {
        int total = 0;
        for (int v : values) {
            total += v;
        }
        return total;
    }
}
