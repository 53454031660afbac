package dev.caldera.kernel.cluster;

/**
 * What every job's tasks request, summed by the states the fair-share plugins count: tasks holding resources
 * (Volcano's AllocatedStatus: Allocated, Binding, Bound, Running), Pipelined tasks and Pending tasks. Kept
 * up to date on every status change, so a session opens with each job's totals in O(jobs x dims) instead
 * of a walk over every task.
 * <p>
 * Layout as {@link NodeUsage}: {@code allocated[dim][job]}, {@code pipelined[dim][job]},
 * {@code pending[dim][job]}.
 * <p>
 * Threading: NOT thread safe. Cost O(dims) per change; {@link #copyFrom} reuses this instance's arrays.
 */
public final class JobRequests {
    private long[][] allocated;
    private long[][] pipelined;
    private long[][] pending;
    private int capacity;

    public JobRequests() {
        allocated = Columns.column(0, 0);
        pipelined = Columns.column(0, 0);
        pending = Columns.column(0, 0);
    }

    void ensureRows(int rows) {
        if (rows <= capacity) {
            return;
        }
        capacity = rows;
        allocated = Columns.rows(allocated, rows);
        pipelined = Columns.rows(pipelined, rows);
        pending = Columns.rows(pending, rows);
    }

    public void ensureDims(int dims) {
        allocated = Columns.dims(allocated, dims, capacity);
        pipelined = Columns.dims(pipelined, dims, capacity);
        pending = Columns.dims(pending, dims, capacity);
    }

    public int dims() {
        return allocated.length;
    }

    /** Adds ({@code sign} 1) or removes ({@code sign} -1) a task's request in {@code status}. */
    void add(int job, long[] request, byte status, int sign) {
        long[][] column = columnOf(status);
        if (column == null) {
            return;
        }
        for (int d = 0; d < request.length; d++) {
            column[d][job] += sign * request[d];
        }
    }

    void clear(int job) {
        clear(allocated, job);
        clear(pipelined, job);
        clear(pending, job);
    }

    private static void clear(long[][] column, int job) {
        for (long[] perDim : column) {
            perDim[job] = 0;
        }
    }

    void copyFrom(JobRequests from, int rows) {
        ensureRows(from.capacity);
        ensureDims(from.allocated.length);
        Columns.copy(from.allocated, allocated, rows);
        Columns.copy(from.pipelined, pipelined, rows);
        Columns.copy(from.pending, pending, rows);
    }

    /** Copies one job's row of every column (same dimensions as {@code from}). */
    void copyRow(JobRequests from, int job) {
        for (int d = 0; d < allocated.length; d++) {
            allocated[d][job] = from.allocated[d][job];
            pipelined[d][job] = from.pipelined[d][job];
            pending[d][job] = from.pending[d][job];
        }
    }

    private long[][] columnOf(byte status) {
        if (TaskStatus.isAllocated(status)) {
            return allocated;
        }
        if (status == TaskStatus.PIPELINED) {
            return pipelined;
        }
        return status == TaskStatus.PENDING ? pending : null;
    }

    public long allocated(int d, int job) {
        return allocated[d][job];
    }

    public long pipelined(int d, int job) {
        return pipelined[d][job];
    }

    public long pending(int d, int job) {
        return pending[d][job];
    }
}
