package dev.caldera.kernel.cluster;

import dev.caldera.kernel.util.RowMarks;

/**
 * What the tasks on each node take, per resource dimension: {@code idle}, {@code used}, {@code releasing}
 * and {@code pipelined}, laid out {@code [dim][node]} so a filter over nodes for one dimension is a
 * sequential scan. The cache keeps one instance; each session copies it and works on its copy.
 * <p>
 * Accounting follows Volcano's NodeInfo: a pipelined task adds to {@code pipelined} only; a releasing
 * task takes idle and adds to used and releasing; every other task on a node takes idle and adds to used.
 * {@code futureIdle = idle + releasing - pipelined}.
 * <p>
 * Every row written ({@link #add}, {@link #remove}, {@link #reset}, {@link #idle(int, int, long)}) is marked in
 * {@link #changed}, so a session can copy only the rows that moved ({@link #copyRows}).
 * <p>
 * Threading: NOT thread safe. Cost: O(dims) per task, no allocation.
 */
public final class NodeUsage {
    /** Rows written since the owner last cleared the marks. */
    private final RowMarks changed = new RowMarks();
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
        changed.mark(node);
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
        changed.mark(node);
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
        changed.mark(node);
        for (int d = 0; d < idle.length; d++) {
            idle[d][node] = table.allocatable(d, node);
            used[d][node] = 0;
            releasing[d][node] = 0;
            pipelined[d][node] = 0;
        }
    }

    /** Copies rows {@code [0, rows)} of {@code from}, growing this instance if needed; marks every row. */
    public void copyFrom(NodeUsage from, int rows) {
        changed.markAll();
        ensureRows(from.capacity);
        ensureDims(from.dims());
        Columns.copy(from.idle, idle, rows);
        Columns.copy(from.used, used, rows);
        Columns.copy(from.releasing, releasing, rows);
        Columns.copy(from.pipelined, pipelined, rows);
    }

    /**
     * Copies the rows of {@code from} listed in {@code marks} (those below {@code rows}), growing this instance if
     * needed; the caller knows that every other row already holds {@code from}'s values and that the dimensions
     * agree ({@link #dims()}). Marks nothing: the session, its only caller, clears its marks after copying.
     */
    public void copyRows(NodeUsage from, RowMarks marks, int rows) {
        ensureRows(from.capacity);
        for (int i = 0; i < marks.size(); i++) {
            int r = marks.row(i);
            if (r < rows) {
                for (int d = 0; d < idle.length; d++) {
                    idle[d][r] = from.idle[d][r];
                    used[d][r] = from.used[d][r];
                    releasing[d][r] = from.releasing[d][r];
                    pipelined[d][r] = from.pipelined[d][r];
                }
            }
        }
    }

    public long idle(int d, int node) {
        return idle[d][node];
    }

    public void idle(int d, int node, long value) {
        changed.mark(node);
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

    /** Rows written since the marks were last cleared (every writer of this table marks the row). */
    public RowMarks changed() {
        return changed;
    }
}
