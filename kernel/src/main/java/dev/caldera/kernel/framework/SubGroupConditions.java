package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.topology.SubJobs;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The gang rules on sub-groups (Volcano's {@code JobInfo.CheckSubJobValid}, {@code CheckSubJobReady},
 * {@code CheckSubJobPipelined}, {@code SubJobInfo.IsReady}, {@code IsPipelined}): a job with sub-group policies is
 * valid when every policy has at least {@code minSubGroups} sub-groups, ready (pipelined) when at least that many
 * of them are ready (pipelined); a sub-group is ready when its ready tasks plus pending best-effort ones reach its
 * size, pipelined when its pipelined ones count too. A job without policies meets them all.
 * <p>
 * Threading: scheduling thread. Cost: O(tasks of the job) for a job with policies, O(1) otherwise.
 */
public final class SubGroupConditions {
    private SubGroupConditions() {
    }

    /** Every policy has at least minSubGroups sub-groups. */
    public static boolean valid(SessionView s, int job) {
        SubJobs sj = s.topology().subJobs(job);
        if (sj == null || sj.policyCount() == 0) {
            return true;
        }
        return enough(sj, s, false, false);
    }

    /** Every policy has at least minSubGroups ready (or, with {@code pipelined}, pipelined) sub-groups. */
    public static boolean met(SessionView s, int job, boolean pipelined) {
        SubJobs sj = s.topology().subJobs(job);
        if (sj == null || sj.policyCount() == 0) {
            return true;
        }
        return enough(sj, s, true, pipelined);
    }

    private static boolean enough(SubJobs sj, SessionView s, boolean counted, boolean pipelined) {
        for (int p = 0; p < sj.policyCount(); p++) {
            int min = sj.minSubGroups(p);
            if (min == 0) {
                continue;
            }
            int n = 0;
            for (int k = 0; k < sj.count(); k++) {
                if (sj.policy(k) == p && (!counted || ready(s, sj, k, pipelined))) {
                    n++;
                }
            }
            if (n < min) {
                return false;
            }
        }
        return true;
    }

    /** Sub-job {@code k} is ready (with {@code pipelined}: pipelined). */
    public static boolean ready(SessionView s, SubJobs sj, int k, boolean pipelined) {
        return count(s, sj.tasks(k), pipelined) >= sj.minAvailable(k);
    }

    private static int count(SessionView s, IntArrayList tasks, boolean withPipelined) {
        int n = 0;
        for (int i = 0; i < tasks.size(); i++) {
            int t = tasks.getInt(i);
            byte status = s.status(t);
            if (TaskStatus.isReady(status) || withPipelined && status == TaskStatus.PIPELINED
                    || status == TaskStatus.PENDING && s.bestEffort(t)) {
                n++;
            }
        }
        return n;
    }
}
