package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.TaskStatus;

/**
 * Vector helpers the queue plugins share: a job's allocated requests and AllocatedStatus task count (Volcano's
 * CalculateAllocatedTaskNum), and additions over a set of dimensions. Vectors are flat {@code long[]} rows
 * written at {@code out[base + dim]}. Job totals come from the session's
 * request sums ({@link SessionView#allocatedRequest} and the like), never from a walk over tasks. What a job reserves is
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
    public static int addAllocated(SessionView s, int job, int[] dims, long[] out, int base) {
        addAllocatedRequest(s, job, dims, out, base);
        return allocatedTasks(s, job);
    }

    /** How many of the job's tasks are in Volcano's AllocatedStatus. */
    public static int allocatedTasks(SessionView s, int job) {
        return s.count(job, TaskStatus.ALLOCATED) + s.count(job, TaskStatus.BINDING)
                + s.count(job, TaskStatus.BOUND) + s.count(job, TaskStatus.RUNNING);
    }

    /** {@code out[base + d] +=} the job's request sum in an allocated status, for the counted dimensions. */
    public static void addAllocatedRequest(SessionView s, int job, int[] dims, long[] out, int base) {
        for (int d : dims) {
            out[base + d] += s.allocatedRequest(d, job);
        }
    }

    /** {@code out[base + d] +=} the job's Pipelined request sum, for the counted dimensions. */
    public static void addPipelinedRequest(SessionView s, int job, int[] dims, long[] out, int base) {
        for (int d : dims) {
            out[base + d] += s.pipelinedRequest(d, job);
        }
    }

    /** {@code out[base + d] +=} the job's Pending request sum, for the counted dimensions. */
    public static void addPendingRequest(SessionView s, int job, int[] dims, long[] out, int base) {
        for (int d : dims) {
            out[base + d] += s.pendingRequest(d, job);
        }
    }

    /**
     * The session's total allocatable per dimension in {@code reuse} when it has the right length, else in a
     * new array (once per change in the number of dimensions).
     */
    public static long[] totalAllocatable(SessionView s, long[] reuse) {
        int n = s.dims().count();
        long[] out = reuse != null && reuse.length == n ? reuse : new long[n];
        for (int d = 0; d < n; d++) {
            out[d] = s.totalAllocatable(d);
        }
        return out;
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
