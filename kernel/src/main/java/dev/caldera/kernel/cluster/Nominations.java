package dev.caldera.kernel.cluster;

import java.util.Arrays;

/**
 * Which pending tasks are nominated to which node (kube-scheduler's PodNominator, seed 004), both ways: the
 * node of each task ({@link #nodeOf}) and the tasks of each node as intrusive doubly linked lists over task
 * rows ({@code head[node]}, {@code next[task]}, {@code prev[task]}), so adding, moving and removing a
 * nomination is O(1) and allocation-free, and a node's nominated tasks are walked without a map. Only the
 * cache keeps nominations (a session reads the cache's: they change only at commit and between cycles).
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 */
public final class Nominations {
    private int[] head = new int[0];
    private int[] next = new int[0];
    private int[] prev = new int[0];
    /** The node each task is nominated to, or -1. */
    private int[] nodeOf = new int[0];
    private int count;

    public void ensureNodes(int capacity) {
        if (head.length < capacity) {
            int old = head.length;
            head = Arrays.copyOf(head, capacity);
            Arrays.fill(head, old, capacity, -1);
        }
    }

    public void ensureTasks(int capacity) {
        if (next.length < capacity) {
            int old = next.length;
            next = Arrays.copyOf(next, capacity);
            prev = Arrays.copyOf(prev, capacity);
            nodeOf = Arrays.copyOf(nodeOf, capacity);
            Arrays.fill(nodeOf, old, capacity, -1);
        }
    }

    /** Nominates {@code task} to {@code node} (-1 removes), replacing any earlier nomination. */
    public void nominate(int task, int node) {
        remove(task);
        if (node < 0) {
            return;
        }
        nodeOf[task] = node;
        count++;
        prev[task] = -1;
        next[task] = head[node];
        if (head[node] >= 0) {
            prev[head[node]] = task;
        }
        head[node] = task;
    }

    /** Drops the task's nomination if it has one. */
    public void remove(int task) {
        int node = nodeOf[task];
        if (node < 0) {
            return;
        }
        int p = prev[task];
        int n = next[task];
        if (p >= 0) {
            next[p] = n;
        } else {
            head[node] = n;
        }
        if (n >= 0) {
            prev[n] = p;
        }
        nodeOf[task] = -1;
        count--;
    }

    /** Drops every nomination to {@code node} (the node went away). */
    public void clearNode(int node) {
        while (head[node] >= 0) {
            remove(head[node]);
        }
    }

    /**
     * Drops the nomination of every task that a scheduling cycle left unplaced ({@code status} is the cycle's
     * task status: neither Allocated nor Pipelined), as kube-scheduler clears a pod's nominated node when an
     * attempt to schedule it fails without a new nomination. Cost: O(nodes + nominated tasks); no allocation.
     */
    public void dropUnplaced(TaskState tasks, int nodeRows) {
        if (count == 0) {
            return;
        }
        for (int node = 0; node < Math.min(nodeRows, head.length); node++) {
            for (int t = head[node]; t >= 0; ) {
                int following = next[t];
                if (tasks.status(t) != TaskStatus.ALLOCATED && tasks.status(t) != TaskStatus.PIPELINED) {
                    remove(t);
                }
                t = following;
            }
        }
    }

    /** The node {@code task} is nominated to, or -1. */
    public int nodeOf(int task) {
        return nodeOf[task];
    }

    /** The first task nominated to {@code node}, or -1; continue with {@link #next(int)}. */
    public int first(int node) {
        return node < head.length ? head[node] : -1;
    }

    public int next(int task) {
        return next[task];
    }

    /** Tasks nominated to some node. */
    public int count() {
        return count;
    }

    /** Whether a task is nominated to {@code node}; without any nomination, answered without reading the node's. */
    public boolean any(int node) {
        return count != 0 && node < head.length && head[node] >= 0;
    }
}
