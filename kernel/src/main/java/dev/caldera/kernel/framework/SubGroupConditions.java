package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.TaskStatus;

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
        return s.topology().policyCount(job) == 0 || enough(s, job, false, false);
    }

    /** Every policy has at least minSubGroups ready (or, with {@code pipelined}, pipelined) sub-groups. */
    public static boolean met(SessionView s, int job, boolean pipelined) {
        return s.topology().policyCount(job) == 0 || enough(s, job, true, pipelined);
    }

    private static boolean enough(SessionView s, int job, boolean counted, boolean pipelined) {
        Topology t = s.topology();
        for (int p = 0; p < t.policyCount(job); p++) {
            int min = t.minSubGroups(job, p);
            if (min == 0) {
                continue;
            }
            int n = 0;
            for (int k = 0; k < t.subJobCount(job); k++) {
                if (t.subJobPolicy(job, k) == p && (!counted || ready(s, job, k, pipelined))) {
                    n++;
                }
            }
            if (n < min) {
                return false;
            }
        }
        return true;
    }

    /** Sub-job {@code k} of a job with sub-jobs is ready (with {@code pipelined}: pipelined). */
    public static boolean ready(SessionView s, int job, int k, boolean pipelined) {
        Topology t = s.topology();
        int n = 0;
        for (int i = 0; i < t.subJobTaskCount(job, k); i++) {
            int task = t.subJobTask(job, k, i);
            byte status = s.status(task);
            if (TaskStatus.isReady(status) || pipelined && status == TaskStatus.PIPELINED
                    || status == TaskStatus.PENDING && s.bestEffort(task)) {
                n++;
            }
        }
        return n >= t.subJobMinAvailable(job, k);
    }
}
