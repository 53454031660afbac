package dev.caldera.kernel.cluster;

import java.util.Arrays;

/**
 * The mutable part of every task: status and node, by task row. The cache keeps the persistent instance; a
 * session copies it at open and changes only its copy. (Nominated nodes are the cache's {@link Nominations}.)
 * <p>
 * Threading: NOT thread safe. Cost of {@link #copyFrom}: two array copies.
 */
public final class TaskState {
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

    public void copyFrom(TaskState from, int rows) {
        ensureRows(from.capacity);
        System.arraycopy(from.status, 0, status, 0, rows);
        System.arraycopy(from.node, 0, node, 0, rows);
    }

    public byte status(int task) {
        return status[task];
    }

    public void status(int task, byte value) {
        status[task] = value;
    }

    public int node(int task) {
        return node[task];
    }

    public void node(int task, int value) {
        node[task] = value;
    }
}
