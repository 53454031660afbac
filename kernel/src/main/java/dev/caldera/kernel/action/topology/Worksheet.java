package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.session.SubJobs;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;

/**
 * A job's pending tasks per sub-job, in TaskOrder, with a read position per sub-job (Volcano's
 * {@code JobWorksheet} of task queues). Tasks are only ever taken from the front, so a priority queue reduces to
 * a sorted array and a cursor: copying a worksheet for a dry run is copying the cursors. Best-effort and
 * scheduling-gated tasks are left out, as allocate leaves them.
 * <p>
 * Threading: scheduling thread. Built once per job per allocate action.
 */
final class Worksheet {
    final int[][] tasks;
    final int[] pos;
    /** Sub-jobs needed to reach their policy's minSubGroups (placed first). */
    final boolean[] required;

    Worksheet(Session s, int job, SubJobs subJobs) {
        tasks = new int[subJobs.count()][];
        pos = new int[subJobs.count()];
        required = new boolean[subJobs.count()];
        for (int k = 0; k < subJobs.count(); k++) {
            tasks[k] = pending(s, subJobs.tasks(k));
        }
        markRequired(s, job, subJobs);
    }

    /**
     * Volcano's {@code organizeJobWorksheet}: per policy, the sub-jobs not yet ready, in sub-job order, are
     * required until the ready ones plus those reach the policy's minSubGroups.
     */
    private void markRequired(Session s, int job, SubJobs sj) {
        var policies = sj.policies();
        if (policies.isEmpty()) {
            return;
        }
        int[] counted = new int[policies.size()];
        Integer[] notReady = new Integer[sj.count()];
        int n = 0;
        for (int k = 0; k < sj.count(); k++) {
            if (SubJobStates.ready(s, job, sj, k)) {
                if (sj.policy(k) >= 0) {
                    counted[sj.policy(k)]++;
                }
            } else {
                notReady[n++] = k;
            }
        }
        Arrays.sort(notReady, 0, n, (a, b) -> {
            int c = SubJobStates.gangOrder(s, job, sj, a, b);
            c = c != 0 ? c : Integer.compare(sj.matchIndex(a), sj.matchIndex(b));
            return c != 0 ? c : sj.key(a).compareTo(sj.key(b));
        });
        for (int i = 0; i < n; i++) {
            int k = notReady[i];
            int p = sj.policy(k);
            if (p >= 0 && counted[p] < policies.get(p).minSubGroups()) {
                required[k] = true;
                counted[p]++;
            }
        }
    }

    private static int[] pending(Session s, IntArrayList all) {
        IntArrayList out = new IntArrayList();
        for (int i = 0; i < all.size(); i++) {
            int t = all.getInt(i);
            if (s.status(t) == TaskStatus.PENDING && !s.bestEffort(t) && !s.taskTable().has(t, TaskTable.SCHEDULING_GATED)) {
                out.add(t);
            }
        }
        int[] sorted = out.toIntArray();
        Integer[] boxed = new Integer[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            boxed[i] = sorted[i];
        }
        Arrays.sort(boxed, s::compareTasks);
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = boxed[i];
        }
        return sorted;
    }

    boolean empty(int sub) {
        return pos[sub] >= tasks[sub].length;
    }

    /** No sub-job has a task left. */
    boolean empty() {
        for (int k = 0; k < tasks.length; k++) {
            if (!empty(k)) {
                return false;
            }
        }
        return true;
    }
}
