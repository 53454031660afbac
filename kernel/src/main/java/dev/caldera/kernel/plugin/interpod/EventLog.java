package dev.caldera.kernel.plugin.interpod;

import java.util.Arrays;

/**
 * The counting events since the last prepared task (kube's PreFilter): which task was counted on (+1) or
 * left (-1) which node, and whether it counted for spread. Volcano computes a task's filter state once, in
 * PrePredicate, and filters with it until the next PrePredicate, so evictions made while preempting for the
 * task do not change its inter-pod verdicts; replaying this log backwards gives those as-of-PrePredicate
 * counts from the current ones.
 * <p>
 * Threading: appended on the scheduling thread; read by filter workers while nothing is appended. No
 * allocation once grown.
 */
final class EventLog {
    private int[] tasks = new int[16];
    private int[] nodes = new int[16];
    private byte[] deltas = new byte[16];
    private boolean[] spread = new boolean[16];
    private int size;

    void clear() {
        size = 0;
    }

    void add(int task, int node, int delta, boolean spreadCounted) {
        if (size == tasks.length) {
            int cap = size * 2;
            tasks = Arrays.copyOf(tasks, cap);
            nodes = Arrays.copyOf(nodes, cap);
            deltas = Arrays.copyOf(deltas, cap);
            spread = Arrays.copyOf(spread, cap);
        }
        tasks[size] = task;
        nodes[size] = node;
        deltas[size] = (byte) delta;
        spread[size] = spreadCounted;
        size++;
    }

    int size() {
        return size;
    }

    int task(int i) {
        return tasks[i];
    }

    int node(int i) {
        return nodes[i];
    }

    int delta(int i) {
        return deltas[i];
    }

    boolean spreadCounted(int i) {
        return spread[i];
    }
}
