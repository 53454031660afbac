package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.TaskStatus;

import java.util.Arrays;

/**
 * What current Volcano's admission plugins (proportion, overcommit) count for one job at session open, from
 * {@code pkg/scheduler/plugins/util/util.go} ({@code GetInqueueResource}, {@code CalculateAllocatedTaskNum}) and
 * {@code api/job_info.go} ({@code GetElasticResources}, {@code DeductSchGatedResources}):
 * <ul>
 *   <li>{@link #addReserve}: {@code minResources - allocated} where positive, on cpu, memory, pods and the
 *       scalar resources (not ephemeral-storage), less what the job's scheduling-gated pods request;</li>
 *   <li>{@link #addMinLessGated}: {@code minResources} less the gated pods' requests (what JobEnqueued
 *       reserves, and overcommit's reserve for an Inqueue PodGroup);</li>
 *   <li>{@link #addElastic}: {@code allocated - minResources} where positive, per dimension (all of it for a
 *       job without minResources).</li>
 * </ul>
 * "Allocated" is the job's tasks in AllocatedStatus (Allocated, Binding, Bound, Running), from the session's
 * {@link dev.caldera.kernel.cluster.JobRequests}. Vectors are flat {@code long[]} rows written at
 * {@code out[base + dim]} for the given dimensions.
 * <p>
 * Threading: scheduling thread. Scratch vectors reused; O(dims) per job, plus a walk over the tasks of a job
 * that has pending tasks when its gated requests are first needed in a session (gated pods are never placed, so
 * that sum holds for the session).
 */
public final class Reservations {
    private long[] allocated = new long[0];
    private long[] gated = new long[0];
    private int gatedOf = -1;
    private long sessionId = -1;

    /**
     * True when Volcano reserves the rest of the job's minResources: a PodGroup with minResources that is
     * Inqueue, or Running with at least minMember tasks in AllocatedStatus.
     */
    public static boolean reserves(SessionView s, int job) {
        if (!s.jobs().hasMinResources(job)) {
            return false;
        }
        byte phase = s.phase(job);
        return phase == JobPhase.INQUEUE
                || phase == JobPhase.RUNNING && JobReservation.allocatedTasks(s, job) >= s.jobs().minMember(job);
    }

    /** GetInqueueResource(job, job.Allocated), less the gated pods' requests. */
    public void addReserve(SessionView s, int job, int[] dims, long[] out, int base) {
        Jobs jobs = s.jobs();
        long[] alloc = allocated(s, job, dims);
        long[] g = gated(s, job, dims);
        for (int d : dims) {
            if (d == Dimensions.CPU || d == Dimensions.MEMORY || d == Dimensions.PODS
                    || reservableScalar(s.dims().name(d))) {
                long part = Math.max(jobs.minResource(job, d) - alloc[d], 0);
                out[base + d] += Math.max(part - g[d], 0);
            }
        }
    }

    /** DeductSchGatedResources(GetMinResources()): minResources less the gated pods' requests. */
    public void addMinLessGated(SessionView s, int job, int[] dims, long[] out, int base) {
        Jobs jobs = s.jobs();
        long[] g = gated(s, job, dims);
        for (int d : dims) {
            out[base + d] += Math.max(jobs.minResource(job, d) - g[d], 0);
        }
    }

    /** GetElasticResources: allocated beyond minResources, per dimension. */
    public void addElastic(SessionView s, int job, int[] dims, long[] out, int base) {
        Jobs jobs = s.jobs();
        long[] alloc = allocated(s, job, dims);
        for (int d : dims) {
            out[base + d] += Math.max(alloc[d] - jobs.minResource(job, d), 0);
        }
    }

    /** Kubernetes' IsScalarResourceName, which GetInqueueResource asks: every counted name but ephemeral-storage. */
    private static boolean reservableScalar(String name) {
        return !name.equals("ephemeral-storage");
    }

    private long[] allocated(SessionView s, int job, int[] dims) {
        fresh(s);
        Arrays.fill(allocated, 0);
        JobReservation.addAllocatedRequest(s, job, dims, allocated, 0);
        return allocated;
    }

    /** The summed requests of the job's pending, scheduling-gated pods. */
    private long[] gated(SessionView s, int job, int[] dims) {
        fresh(s);
        if (gatedOf == job) {
            return gated;
        }
        Arrays.fill(gated, 0);
        gatedOf = job;
        if (s.count(job, TaskStatus.PENDING) == 0) {
            return gated;
        }
        Jobs jobs = s.jobs();
        for (int i = 0; i < jobs.taskCount(job); i++) {
            int t = jobs.task(job, i);
            if (s.status(t) == TaskStatus.PENDING && s.tasks().has(t, Tasks.SCHEDULING_GATED)) {
                Request req = s.requestOf(t);
                for (int d : dims) {
                    gated[d] += req.at(d);
                }
            }
        }
        return gated;
    }

    /** Forgets the per-job scratch when a new session opened or the dimension count grew. */
    private void fresh(SessionView s) {
        int stride = s.dims().count();
        if (sessionId != s.id() || allocated.length < stride) {
            sessionId = s.id();
            gatedOf = -1;
            if (allocated.length < stride) {
                allocated = new long[stride];
                gated = new long[stride];
            }
        }
    }
}
