package dev.caldera.kernel.plugin.deviceshare;

import java.util.Arrays;

/**
 * The live tasks on each node as the last session open saw them, each node's in ascending task row order, kept from
 * open to open through the tasks the session lists as changed: an incremental open walks the tasks of the nodes it
 * lays out again ({@link DeviceSharePlugin}'s dirty nodes) instead of every task row. Intrusive lists (a head per
 * node, a link each way per task), so moving a task allocates nothing.
 * <p>
 * Threading: scheduling thread (session open). Allocation: when the node or task rows grow. Cost: O(1) to unlist a
 * task, O(tasks on the node) to list one (kept in row order), O(nodes) for {@link #clear}.
 */
final class NodeTaskLists {
    private int[] head = new int[0];
    private int[] tail = new int[0];
    private int[] next = new int[0];
    private int[] prev = new int[0];
    /** The node each task is listed on, -1 for none. */
    private int[] on = new int[0];

    /** Lists no task, with room for {@code nodes} node rows and {@code tasks} task rows. */
    void clear(int nodes, int tasks) {
        if (head.length < nodes) {
            head = new int[nodes];
            tail = new int[nodes];
        }
        Arrays.fill(head, -1);
        Arrays.fill(tail, -1);
        if (on.length < tasks) {
            next = new int[tasks];
            prev = new int[tasks];
            on = new int[tasks];
        }
        Arrays.fill(on, -1);
    }

    /** Lists {@code task} on {@code node} (-1: on none), off the node it was listed on. */
    void place(int task, int node) {
        ensure(task + 1, node + 1);
        if (on[task] == node) {
            return;
        }
        if (on[task] >= 0) {
            unlist(task);
        }
        if (node >= 0) {
            list(task, node);
        }
    }

    /** The first task listed on {@code node} (the lowest row), -1 when none. */
    int first(int node) {
        return node < head.length ? head[node] : -1;
    }

    /** The task listed after {@code task} on its node, -1 after the last. */
    int next(int task) {
        return next[task];
    }

    private void unlist(int task) {
        int node = on[task];
        int p = prev[task];
        int n = next[task];
        if (p >= 0) {
            next[p] = n;
        } else {
            head[node] = n;
        }
        if (n >= 0) {
            prev[n] = p;
        } else {
            tail[node] = p;
        }
        on[task] = -1;
    }

    /** Inserts in row order, looking from the tail (a whole pass lists the rows in ascending order). */
    private void list(int task, int node) {
        int after = tail[node];
        while (after > task) {
            after = prev[after];
        }
        int before = after >= 0 ? next[after] : head[node];
        prev[task] = after;
        next[task] = before;
        if (after >= 0) {
            next[after] = task;
        } else {
            head[node] = task;
        }
        if (before >= 0) {
            prev[before] = task;
        } else {
            tail[node] = task;
        }
        on[task] = node;
    }

    private void ensure(int tasks, int nodes) {
        if (head.length < nodes) {
            int old = head.length;
            int cap = Math.max(nodes, old * 2);
            head = Arrays.copyOf(head, cap);
            tail = Arrays.copyOf(tail, cap);
            Arrays.fill(head, old, cap, -1);
            Arrays.fill(tail, old, cap, -1);
        }
        if (on.length < tasks) {
            int old = on.length;
            int cap = Math.max(tasks, old * 2);
            next = Arrays.copyOf(next, cap);
            prev = Arrays.copyOf(prev, cap);
            on = Arrays.copyOf(on, cap);
            Arrays.fill(on, old, cap, -1);
        }
    }
}
