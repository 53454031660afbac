package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.topology.SubJobs;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Whether a sub-job is ready or pipelined (Volcano's {@code Session.SubJobReady} / {@code SubJobPipelined}): for a
 * job without sub-group policies the job's own JobReady / JobPipelined; otherwise the gang rule on the sub-job's
 * tasks (ready tasks, plus pipelined ones for pipelined, plus pending best-effort ones, reach its size).
 * Cost: O(roles) for jobs without sub-groups, O(sub-job tasks) otherwise.
 */
final class SubJobStates {
    private SubJobStates() {
    }

    static boolean ready(Session s, int job, SubJobs sj, int sub) {
        if (sj.policies.isEmpty()) {
            return s.plugins.jobReady(job);
        }
        return count(s, sj.tasks[sub], false) >= sj.minAvailable[sub];
    }

    static boolean pipelined(Session s, int job, SubJobs sj, int sub) {
        if (sj.policies.isEmpty()) {
            return s.plugins.jobPipelined(job);
        }
        return count(s, sj.tasks[sub], true) >= sj.minAvailable[sub];
    }

    private static int count(Session s, IntArrayList tasks, boolean withPipelined) {
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
