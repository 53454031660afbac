package dev.caldera.kernel.cluster;

/**
 * What the tasks on each node take, per resource dimension: {@code idle}, {@code used}, {@code releasing}
 * and {@code pipelined}, laid out {@code [dim][node]} so a filter over nodes for one dimension is a
 * sequential scan. The cache keeps one instance; each session copies it and works on its copy.
 * <p>
 * Accounting follows Volcano's NodeInfo: a pipelined task adds to {@code pipelined} only; a releasing
 * task takes idle and adds to used and releasing; every other task on a node takes idle and adds to used.
 * {@code futureIdle = idle + releasing - pipelined}.
 * <p>
 * Threading: NOT thread safe. Cost: O(dims) per task, no allocation.
 */
public final class NodeUsage {
    private int capacity;
    private long[][] idle;
    private long[][] used;
    private long[][] releasing;
    private long[][] pipelined;

    public NodeUsage(int dims) {
        idle = Columns.column(dims, 0);
        used = Columns.column(dims, 0);
        releasing = Columns.column(dims, 0);
        pipelined = Columns.column(dims, 0);
    }

    public void ensureRows(int needed) {
        if (needed <= capacity) {
            return;
        }
        int cap = Columns.grow(capacity, needed);
        idle = Columns.rows(idle, cap);
        used = Columns.rows(used, cap);
        releasing = Columns.rows(releasing, cap);
        pipelined = Columns.rows(pipelined, cap);
        capacity = cap;
    }

    public void ensureDims(int dims) {
        idle = Columns.dims(idle, dims, capacity);
        used = Columns.dims(used, dims, capacity);
        releasing = Columns.dims(releasing, dims, capacity);
        pipelined = Columns.dims(pipelined, dims, capacity);
    }

    public int dims() {
        return idle.length;
    }

    public long futureIdle(int dim, int node) {
        return idle[dim][node] + releasing[dim][node] - pipelined[dim][node];
    }

    /** Accounts a task in {@code status} with {@code request} on {@code node}. */
    public void add(int node, long[] request, byte status) {
        if (status == TaskStatus.PIPELINED) {
            for (int d = 0; d < request.length; d++) {
                pipelined[d][node] += request[d];
            }
            return;
        }
        if (!TaskStatus.takesIdle(status)) {
            return;
        }
        for (int d = 0; d < request.length; d++) {
            idle[d][node] -= request[d];
            used[d][node] += request[d];
        }
        if (status == TaskStatus.RELEASING) {
            for (int d = 0; d < request.length; d++) {
                releasing[d][node] += request[d];
            }
        }
    }

    /** Exactly reverses {@link #add} for the same arguments. */
    public void remove(int node, long[] request, byte status) {
        if (status == TaskStatus.PIPELINED) {
            for (int d = 0; d < request.length; d++) {
                pipelined[d][node] -= request[d];
            }
            return;
        }
        if (!TaskStatus.takesIdle(status)) {
            return;
        }
        for (int d = 0; d < request.length; d++) {
            idle[d][node] += request[d];
            used[d][node] -= request[d];
        }
        if (status == TaskStatus.RELEASING) {
            for (int d = 0; d < request.length; d++) {
                releasing[d][node] -= request[d];
            }
        }
    }

    /** Resets a node row to an empty node with {@code allocatable} idle. */
    public void reset(int node, NodeTable table) {
        for (int d = 0; d < idle.length; d++) {
            idle[d][node] = table.allocatable(d, node);
            used[d][node] = 0;
            releasing[d][node] = 0;
            pipelined[d][node] = 0;
        }
    }

    /** Copies rows {@code [0, rows)} of {@code from}, growing this instance if needed. */
    public void copyFrom(NodeUsage from, int rows) {
        ensureRows(from.capacity);
        ensureDims(from.dims());
        Columns.copy(from.idle, idle, rows);
        Columns.copy(from.used, used, rows);
        Columns.copy(from.releasing, releasing, rows);
        Columns.copy(from.pipelined, pipelined, rows);
    }

    public long idle(int d, int node) {
        return idle[d][node];
    }

    public void idle(int d, int node, long value) {
        idle[d][node] = value;
    }

    public long used(int d, int node) {
        return used[d][node];
    }

    public long releasing(int d, int node) {
        return releasing[d][node];
    }

    public long pipelined(int d, int node) {
        return pipelined[d][node];
    }
}
