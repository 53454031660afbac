package dev.caldera.kernel.action;

import dev.caldera.kernel.session.Session;

import java.util.Arrays;

/**
 * The tasks on each node when an action starts, as a compact index ({@code start[node]..start[node + 1]} into
 * {@code tasks}), for preempt and reclaim to find victims node by node. Tasks placed later in the action are
 * missing, which is fine: they are Allocated or Pipelined, never victims; every lookup re-reads the task's
 * current status.
 * <p>
 * Threading: scheduling thread. Cost: O(tasks + nodes) per {@link #index}; the arrays grow only.
 */
final class NodeTasks {
    private int[] start = new int[0];
    private int[] tasks = new int[0];
    private int[] fill = new int[0];

    /** Indexes every live task that sits on a node in {@code s}. */
    void index(Session s) {
        int nodes = s.nodeTable().rows();
        if (start.length < nodes + 1) {
            start = new int[nodes + 1];
            fill = new int[nodes + 1];
        } else {
            Arrays.fill(start, 0, nodes + 1, 0);
        }
        int placed = 0;
        for (int t = 0; t < s.taskTable().rows(); t++) {
            int n = s.taskState().node(t);
            if (s.taskTable().live(t) && n >= 0) {
                start[n + 1]++;
                placed++;
            }
        }
        for (int n = 0; n < nodes; n++) {
            start[n + 1] += start[n];
        }
        if (tasks.length < placed) {
            tasks = new int[placed];
        }
        System.arraycopy(start, 0, fill, 0, nodes);
        for (int t = 0; t < s.taskTable().rows(); t++) {
            int n = s.taskState().node(t);
            if (s.taskTable().live(t) && n >= 0) {
                tasks[fill[n]++] = t;
            }
        }
    }

    /** Where {@code node}'s tasks begin in {@link #task(int)}. */
    int from(int node) {
        return start[node];
    }

    /** Where {@code node}'s tasks end (exclusive). */
    int to(int node) {
        return start[node + 1];
    }

    int task(int i) {
        return tasks[i];
    }
}
