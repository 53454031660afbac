package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.Jobs;
import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.framework.JobReservation;
import dev.caldera.kernel.framework.SessionView;

/**
 * What one job adds to its queue's attributes at session open, as current Volcano's capacity plugin counts
 * it ({@code buildQueueAttrs}):
 * <ul>
 *   <li>allocated: its tasks in AllocatedStatus (plus Pipelined ones, none at open, so that open and the
 *       events agree); request: those plus its Pending tasks;</li>
 *   <li>inqueue: for an Inqueue PodGroup with minResources, and for a Running one whose allocated tasks
 *       reached minMember, {@code minResources - allocated} where positive (GetInqueueResource; ephemeral
 *       storage is not reserved), less what its scheduling-gated pods request (DeductSchGatedResources);</li>
 *   <li>elastic: {@code allocated - minResources} where positive (GetElasticResources).</li>
 * </ul>
 * Threading: scheduling thread. Scratch vectors reused; O(dims) per job, plus a walk over the tasks of a job
 * that reserves and still has pending tasks (to find gated ones).
 */
final class JobTotals {
    private long[] jobAllocated = new long[0];
    private long[] reserve = new long[0];
    private long[] gated = new long[0];

    /** Adds job {@code job}'s totals into queue slot base {@code b} of {@code a}. */
    void add(SessionView s, int job, QueueAttrs a, int b, int[] dims) {
        size(a.stride);
        java.util.Arrays.fill(jobAllocated, 0);
        JobReservation.addAllocatedRequest(s, job, dims, jobAllocated, 0);
        JobReservation.addAllocatedRequest(s, job, dims, a.allocated, b);
        JobReservation.addPipelinedRequest(s, job, dims, a.allocated, b);
        JobReservation.addAllocatedRequest(s, job, dims, a.request, b);
        JobReservation.addPipelinedRequest(s, job, dims, a.request, b);
        JobReservation.addPendingRequest(s, job, dims, a.request, b);
        Jobs jobs = s.jobs();
        if (reserves(s, job)) {
            addReserve(s, job, a.inqueue, b, dims);
        }
        for (int d : dims) {
            long over = jobAllocated[d] - jobs.minResource(job, d);
            if (over > 0) {
                a.elastic[b + d] += over;
            }
        }
    }

    /** Inqueue with minResources, or Running with minResources and at least minMember allocated tasks. */
    private static boolean reserves(SessionView s, int job) {
        if (!s.jobs().hasMinResources(job)) {
            return false;
        }
        byte phase = s.phase(job);
        return phase == JobPhase.INQUEUE || phase == JobPhase.RUNNING
                && JobReservation.allocatedTasks(s, job) >= s.jobs().minMember(job);
    }

    private void addReserve(SessionView s, int job, long[] out, int b, int[] dims) {
        gatedRequests(s, job, dims);
        for (int d : dims) {
            if (!reservable(s, d)) {
                continue;
            }
            long part = Math.max(s.jobs().minResource(job, d) - jobAllocated[d], 0);
            out[b + d] += Math.max(part - gated[d], 0);
        }
    }

    /** GetInqueueResource reserves cpu, memory, pods and scalar resources, not ephemeral-storage. */
    private static boolean reservable(SessionView s, int d) {
        return !s.dims().name(d).equals("ephemeral-storage");
    }

    /** The summed requests of the job's pending, scheduling-gated tasks into {@link #gated}. */
    private void gatedRequests(SessionView s, int job, int[] dims) {
        java.util.Arrays.fill(gated, 0);
        if (s.count(job, TaskStatus.PENDING) == 0) {
            return;
        }
        Jobs jobs = s.jobs();
        for (int i = 0; i < jobs.taskCount(job); i++) {
            int t = jobs.task(job, i);
            if (s.status(t) == TaskStatus.PENDING && s.tasks().has(t, Tasks.SCHEDULING_GATED)) {
                Request req = s.requestOf(t);
                for (int d : dims) {
                    gated[d] += Limits.at(req, d);
                }
            }
        }
    }

    /** Volcano's JobEnqueued amount: minResources less the gated pods' requests, per dimension, not below 0. */
    long[] enqueued(SessionView s, int job, int[] dims) {
        size(s.dims().count());
        gatedRequests(s, job, dims);
        java.util.Arrays.fill(reserve, 0);
        for (int d : dims) {
            reserve[d] = Math.max(s.jobs().minResource(job, d) - gated[d], 0);
        }
        return reserve;
    }

    private void size(int stride) {
        if (jobAllocated.length < stride) {
            jobAllocated = new long[stride];
            reserve = new long[stride];
            gated = new long[stride];
        }
    }
}
