package dev.caldera.kernel.cluster;

import dev.caldera.kernel.util.RowMarks;

import java.util.Arrays;

/**
 * The mutable part of every task: status and node, by task row. The cache keeps the persistent instance; a
 * session copies it at open and changes only its copy. (Nominated nodes are the cache's {@link Nominations}.)
 * <p>
 * Every row written is marked in {@link #changed}.
 * <p>
 * Threading: NOT thread safe. Cost of {@link #copyFrom}: two array copies.
 */
public final class TaskState {
    /** Rows written since the owner last cleared the marks. */
    private final RowMarks changed = new RowMarks();
    private int capacity;
    private byte[] status = new byte[0];
    private int[] node = new int[0];

    public void ensureRows(int needed) {
        if (needed <= capacity) {
            return;
        }
        int cap = Columns.grow(capacity, needed);
        status = Arrays.copyOf(status, cap);
        node = Arrays.copyOf(node, cap);
        capacity = cap;
    }

    /** The task of row {@code row} is now in {@code status} on {@code node} (-1: none). */
    public void set(int row, byte status, int node) {
        changed.mark(row);
        this.status[row] = status;
        this.node[row] = node;
    }

    /** Copies the rows of {@code from} listed in {@code marks} (those below {@code rows}); see {@link NodeUsage#copyRows}. */
    public void copyRows(TaskState from, RowMarks marks, int rows) {
        ensureRows(from.capacity);
        for (int i = 0; i < marks.size(); i++) {
            int r = marks.row(i);
            if (r < rows) {
                status[r] = from.status[r];
                node[r] = from.node[r];
            }
        }
    }

    /** Copies rows {@code [0, rows)} of {@code from}, growing this instance if needed; marks every row. */
    public void copyFrom(TaskState from, int rows) {
        changed.markAll();
        ensureRows(from.capacity);
        System.arraycopy(from.status, 0, status, 0, rows);
        System.arraycopy(from.node, 0, node, 0, rows);
    }

    public byte status(int task) {
        return status[task];
    }

    public void status(int task, byte value) {
        changed.mark(task);
        status[task] = value;
    }

    public int node(int task) {
        return node[task];
    }

    public void node(int task, int value) {
        changed.mark(task);
        node[task] = value;
    }

    /** Rows written since the marks were last cleared (every writer of this table marks the row). */
    public RowMarks changed() {
        return changed;
    }
}
