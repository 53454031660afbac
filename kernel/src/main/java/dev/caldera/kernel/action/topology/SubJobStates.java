package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.plugin.gang.GangPlugin;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.framework.SubGroupConditions;
import dev.caldera.kernel.session.SubJobs;

/**
 * Whether a sub-job is ready or pipelined (Volcano's {@code Session.SubJobReady} / {@code SubJobPipelined}): for a
 * job without sub-group policies the job's own JobReady / JobPipelined; otherwise the gang plugin's rule on the
 * sub-job ({@link SubGroupConditions#ready}) when gang is configured with {@code enabledSubJobReady}
 * ({@code enabledSubJobPipelined}), and yes when no plugin answers, as in Volcano.
 * Cost: O(roles) for jobs without sub-groups, O(sub-job tasks) otherwise.
 */
final class SubJobStates {
    private SubJobStates() {
    }

    static boolean ready(Session s, int job, SubJobs sj, int sub) {
        if (sj.policies().isEmpty()) {
            return s.plugins().jobReady(job);
        }
        GangPlugin gang = s.plugins().plugin(GangPlugin.class);
        return gang == null || !gang.subJobReadyEnabled() || SubGroupConditions.ready(s, job, sub, false);
    }

    static boolean pipelined(Session s, int job, SubJobs sj, int sub) {
        if (sj.policies().isEmpty()) {
            return s.plugins().jobPipelined(job);
        }
        GangPlugin gang = s.plugins().plugin(GangPlugin.class);
        return gang == null || !gang.subJobPipelinedEnabled() || SubGroupConditions.ready(s, job, sub, true);
    }

    /** The gang plugin's sub-job order: not ready before ready; 0 without it (or with its flag off). */
    static int gangOrder(Session s, int job, SubJobs sj, int a, int b) {
        GangPlugin gang = s.plugins().plugin(GangPlugin.class);
        if (gang == null || !gang.subJobOrderEnabled()) {
            return 0;
        }
        boolean ra = SubGroupConditions.ready(s, job, a, false);
        boolean rb = SubGroupConditions.ready(s, job, b, false);
        return ra == rb ? 0 : ra ? 1 : -1;
    }
}
