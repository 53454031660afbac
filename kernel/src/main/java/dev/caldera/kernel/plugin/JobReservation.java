package dev.caldera.kernel.plugin;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.session.Session;

/**
 * Vector helpers the queue plugins share: a job's allocated requests and AllocatedStatus task count (Volcano's
 * CalculateAllocatedTaskNum), and additions over a set of dimensions. Vectors are flat {@code long[]} rows
 * written at {@code out[base + dim]}. Job totals come from the session's
 * {@link dev.caldera.kernel.cluster.JobRequests}, never from a walk over tasks. What a job reserves is
 * {@link Reservations}.
 * <p>
 * Threading: scheduling thread. No allocation. Cost O(dims).
 */
public final class JobReservation {
    private JobReservation() {
    }

    /**
     * Adds the requests of the job's tasks in Volcano's AllocatedStatus (Allocated, Binding, Bound,
     * Running) into {@code out}; returns how many such tasks there are (Volcano's
     * CalculateAllocatedTaskNum).
     */
    public static int addAllocated(Session s, int job, int[] dims, long[] out, int base) {
        addColumn(s.jobState.requests.allocated, job, dims, out, base);
        return allocatedTasks(s, job);
    }

    /** How many of the job's tasks are in Volcano's AllocatedStatus. */
    public static int allocatedTasks(Session s, int job) {
        return s.count(job, TaskStatus.ALLOCATED) + s.count(job, TaskStatus.BINDING)
                + s.count(job, TaskStatus.BOUND) + s.count(job, TaskStatus.RUNNING);
    }

    /** {@code out[base + d] += column[d][job]} for the counted dimensions (a JobRequests column). */
    public static void addColumn(long[][] column, int job, int[] dims, long[] out, int base) {
        for (int d : dims) {
            out[base + d] += column[d][job];
        }
    }

    /** {@code out[base + d] += vector[d]} for the counted dimensions. */
    public static void add(long[] vector, int[] dims, long[] out, int base) {
        for (int d : dims) {
            out[base + d] += at(vector, d);
        }
    }

    /** {@code vector[dim]}, or 0 for a null vector or beyond its length (vectors predating a new dimension). */
    public static long at(long[] vector, int dim) {
        return vector != null && dim < vector.length ? vector[dim] : 0;
    }
}
