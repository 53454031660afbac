package dev.caldera.kernel.cluster;

import java.util.Arrays;

/**
 * What every job's tasks request, summed by the states the fair-share plugins count: tasks holding resources
 * (Volcano's AllocatedStatus: Allocated, Binding, Bound, Running), Pipelined tasks and Pending tasks. Kept
 * up to date on every status change, so a session opens with each job's totals in O(jobs x dims) instead
 * of a walk over every task.
 * <p>
 * Layout: job-major, one row of {@code 3 x dims} longs per job (allocated, then pipelined, then pending, each
 * {@code dims} long), {@code sums[job * stride + kind * dims + dim]}. The rows are read and written a job at a time
 * (a pod update, an incremental open copying or recounting the changed jobs), and a job's whole row then lies on one
 * or two cache lines of one page instead of on {@code 3 x dims} columns of their own.
 * <p>
 * Threading: NOT thread safe. Cost O(dims) per change; {@link #copyFrom} reuses this instance's array.
 */
public final class JobRequests {
    private static final int ALLOCATED = 0;
    private static final int PIPELINED = 1;
    private static final int PENDING = 2;
    private static final int KINDS = 3;

    private long[] sums = new long[0];
    private int dims;
    /** {@code KINDS * dims}: the longs of one job. */
    private int stride;
    private int capacity;

    void ensureRows(int rows) {
        if (rows <= capacity) {
            return;
        }
        capacity = rows;
        sums = Arrays.copyOf(sums, rows * stride);
    }

    public void ensureDims(int dims) {
        if (dims <= this.dims) {
            return;
        }
        int newStride = KINDS * dims;
        long[] out = new long[capacity * newStride];
        for (int job = 0; job < capacity; job++) {
            for (int kind = 0; kind < KINDS; kind++) {
                System.arraycopy(sums, job * stride + kind * this.dims, out, job * newStride + kind * dims, this.dims);
            }
        }
        sums = out;
        this.dims = dims;
        this.stride = newStride;
    }

    public int dims() {
        return dims;
    }

    /** Adds ({@code sign} 1) or removes ({@code sign} -1) a task's request in {@code status}. */
    void add(int job, long[] request, byte status, int sign) {
        int kind = kindOf(status);
        if (kind < 0) {
            return;
        }
        int b = job * stride + kind * dims;
        for (int d = 0; d < request.length; d++) {
            sums[b + d] += sign * request[d];
        }
    }

    void clear(int job) {
        Arrays.fill(sums, job * stride, (job + 1) * stride, 0);
    }

    void copyFrom(JobRequests from, int rows) {
        ensureRows(from.capacity);
        ensureDims(from.dims);
        if (from.stride == stride) {
            System.arraycopy(from.sums, 0, sums, 0, rows * stride);
            return;
        }
        Arrays.fill(sums, 0, rows * stride, 0); // more dimensions here than in from: theirs, then zeros
        for (int job = 0; job < rows; job++) {
            for (int kind = 0; kind < KINDS; kind++) {
                System.arraycopy(from.sums, job * from.stride + kind * from.dims, sums, job * stride + kind * dims,
                        from.dims);
            }
        }
    }

    /** Copies one job's row (same dimensions as {@code from}). */
    void copyRow(JobRequests from, int job) {
        System.arraycopy(from.sums, job * stride, sums, job * stride, stride);
    }

    private static int kindOf(byte status) {
        if (TaskStatus.isAllocated(status)) {
            return ALLOCATED;
        }
        if (status == TaskStatus.PIPELINED) {
            return PIPELINED;
        }
        return status == TaskStatus.PENDING ? PENDING : -1;
    }

    /** Dimension {@code d} (below {@link #dims()}) of what the job's tasks holding resources request. */
    public long allocated(int d, int job) {
        return sums[job * stride + d];
    }

    public long pipelined(int d, int job) {
        return sums[job * stride + dims + d];
    }

    public long pending(int d, int job) {
        return sums[job * stride + 2 * dims + d];
    }
}
