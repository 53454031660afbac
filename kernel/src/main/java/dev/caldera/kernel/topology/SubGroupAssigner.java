package dev.caldera.kernel.topology;

import dev.caldera.kernel.cache.SubGroupPolicySpec;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.List;

/**
 * Splits a job's tasks into sub-jobs (Volcano's {@code JobInfo.getOrCreateSubJob}). Every task goes to the
 * default sub-job here; its size is the job's minMember when there is no sub-group policy, 1 otherwise.
 * <p>
 * Threading: scheduling thread.
 */
final class SubGroupAssigner {
    void assign(Session s, int job, List<SubGroupPolicySpec> policies, SubJobs sj, int[] subJobOfTask) {
        sj.reset(1, s.dims.count());
        sj.policy[0] = -1;
        sj.key[0] = JobTopologyResolver.DEFAULT_SUB_JOB;
        sj.minAvailable[0] = 1;
        IntArrayList tasks = s.jobs.tasks[job];
        for (int i = 0; i < tasks.size(); i++) {
            subJobOfTask[tasks.getInt(i)] = 0;
        }
    }
}
