package dev.caldera.kernel.cluster;

import dev.caldera.kernel.util.RowMarks;

import java.util.Arrays;

/**
 * What the tasks on each node take, per resource dimension: {@code idle}, {@code used}, {@code releasing}
 * and {@code pipelined}. The cache keeps one instance; each session copies it and works on its copy.
 * <p>
 * Layout: node-major, one row of {@code 4 x dims} longs per node (idle, then releasing, pipelined and used, each
 * {@code dims} long), {@code rows[node * stride + kind * dims + dim]}. Every reader and writer takes a node at a
 * time (a task placed or moved, a fit check of the node, a node group's key, a changed row copied at session open),
 * so a node's whole usage lies on two or three cache lines instead of on {@code 4 x dims} columns of their own; the
 * three kinds a fit check reads ({@link #fitLevel}) come first, side by side.
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
    private static final int IDLE = 0;
    private static final int RELEASING = 1;
    private static final int PIPELINED = 2;
    private static final int USED = 3;
    private static final int KINDS = 4;

    /** Rows written since the owner last cleared the marks. */
    private final RowMarks changed = new RowMarks();
    private int capacity;
    private int dims;
    /** {@code KINDS * dims}: the longs of one node. */
    private int stride;
    private long[] rows = new long[0];

    public NodeUsage(int dims) {
        this.dims = dims;
        this.stride = KINDS * dims;
    }

    public void ensureRows(int needed) {
        if (needed <= capacity) {
            return;
        }
        int cap = Columns.grow(capacity, needed);
        rows = Arrays.copyOf(rows, cap * stride);
        capacity = cap;
    }

    public void ensureDims(int dims) {
        if (dims <= this.dims) {
            return;
        }
        int newStride = KINDS * dims;
        long[] out = new long[capacity * newStride];
        for (int node = 0; node < capacity; node++) {
            for (int kind = 0; kind < KINDS; kind++) {
                System.arraycopy(rows, node * stride + kind * this.dims, out, node * newStride + kind * dims,
                        this.dims);
            }
        }
        rows = out;
        this.dims = dims;
        this.stride = newStride;
    }

    public int dims() {
        return dims;
    }

    public long futureIdle(int dim, int node) {
        int b = node * stride + dim;
        return rows[b] + rows[b + RELEASING * dims] - rows[b + PIPELINED * dims];
    }

    /** Accounts a task in {@code status} with {@code request} on {@code node}. */
    public void add(int node, long[] request, byte status) {
        changed.mark(node);
        apply(node, request, status, 1);
    }

    /** Exactly reverses {@link #add} for the same arguments. */
    public void remove(int node, long[] request, byte status) {
        changed.mark(node);
        apply(node, request, status, -1);
    }

    private void apply(int node, long[] request, byte status, int sign) {
        long[] r = rows;
        int b = node * stride;
        int n = dims;
        if (request.length > n) { // it would write into the next kind's longs instead of failing
            throw new IllegalArgumentException("request of " + request.length + " dimensions, usage has " + n);
        }
        if (status == TaskStatus.PIPELINED) {
            int p = b + PIPELINED * n;
            for (int d = 0; d < request.length; d++) {
                r[p + d] += sign * request[d];
            }
            return;
        }
        if (!TaskStatus.takesIdle(status)) {
            return;
        }
        int u = b + USED * n;
        for (int d = 0; d < request.length; d++) {
            r[b + d] -= sign * request[d];
            r[u + d] += sign * request[d];
        }
        if (status == TaskStatus.RELEASING) {
            int rel = b + RELEASING * n;
            for (int d = 0; d < request.length; d++) {
                r[rel + d] += sign * request[d];
            }
        }
    }

    /** Resets a node row to an empty node with {@code allocatable} idle. */
    public void reset(int node, NodeTable table) {
        changed.mark(node);
        int b = node * stride;
        Arrays.fill(rows, b, b + stride, 0);
        for (int d = 0; d < dims; d++) {
            rows[b + d] = table.allocatable(d, node);
        }
    }

    /** Copies rows {@code [0, rows)} of {@code from}, growing this instance if needed; marks every row. */
    public void copyFrom(NodeUsage from, int rows) {
        changed.markAll();
        ensureRows(from.capacity);
        ensureDims(from.dims);
        if (from.stride == stride) {
            System.arraycopy(from.rows, 0, this.rows, 0, rows * stride);
            return;
        }
        Arrays.fill(this.rows, 0, rows * stride, 0); // more dimensions here than in from: theirs, then zeros
        for (int node = 0; node < rows; node++) {
            for (int kind = 0; kind < KINDS; kind++) {
                System.arraycopy(from.rows, node * from.stride + kind * from.dims, this.rows,
                        node * stride + kind * dims, from.dims);
            }
        }
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
                System.arraycopy(from.rows, r * stride, this.rows, r * stride, stride);
            }
        }
    }

    /**
     * How {@code request} fits the node, from its own row alone (no room held for nominated pods): 0 when short
     * of futureIdle in a requested dimension, 1 when it fits futureIdle only, 2 when it fits idle. One pass over the
     * request with the row's offsets taken once (the selector's fit check of every node it evaluates). O(dims).
     */
    public int fitLevel(long[] request, int node) {
        long[] r = rows;
        int idle = node * stride;
        int releasing = idle + RELEASING * dims;
        int pipelined = idle + PIPELINED * dims;
        int level = 2;
        for (int d = 0; d < request.length; d++) {
            long need = request[d];
            if (need == 0) {
                continue;
            }
            long free = r[idle + d];
            if (need > free + r[releasing + d] - r[pipelined + d]) {
                return 0;
            }
            if (need > free) {
                level = 1;
            }
        }
        return level;
    }

    public long idle(int d, int node) {
        return rows[node * stride + d];
    }

    public void idle(int d, int node, long value) {
        changed.mark(node);
        rows[node * stride + d] = value;
    }

    public long used(int d, int node) {
        return rows[node * stride + USED * dims + d];
    }

    public long releasing(int d, int node) {
        return rows[node * stride + RELEASING * dims + d];
    }

    public long pipelined(int d, int node) {
        return rows[node * stride + PIPELINED * dims + d];
    }

    /** Rows written since the marks were last cleared (every writer of this table marks the row). */
    public RowMarks changed() {
        return changed;
    }
}
