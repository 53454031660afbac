package dev.caldera.kernel.cluster;

import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;

/**
 * Job (PodGroup) specs in struct-of-arrays form, addressed by row. A row exists as soon as a task names
 * the job; {@link #hasSpec} tells whether its PodGroup has been seen (a job without one is not
 * scheduled, as in Volcano). Written only by the cache; sessions read the same arrays.
 * <p>
 * Roles: for a job with {@code minTaskMember}, {@code roles[job]} lists the role symbols and
 * {@code roleMin[job]} their minimums; a task's slot in that list is {@link #roleSlot} by task row.
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 */
public final class JobTable {
    private static final int[] NONE = new int[0];

    public int capacity;
    public int rows;

    /** "namespace/name": Volcano's JobID and the fallback order key. */
    public String[] key = new String[0];
    public int[] namespace = new int[0];
    public String[] queueName = new String[0];
    /** Queue row, or -1 when the queue does not exist (yet). */
    public int[] queue = new int[0];
    public int[] minMember = new int[0];
    public int[][] roles = new int[0][];
    public int[][] roleMin = new int[0][];
    public String[] priorityClassName = new String[0];
    /** Resolved from the priority class at snapshot. */
    public int[] priority = new int[0];
    /** Dense vector over dimensions, or null when the PodGroup has no minResources. */
    public long[][] minResources = new long[0][];
    public long[] creationMs = new long[0];
    /** The PodGroup's sla-waiting-time in ms, or -1. */
    public long[] slaWaitingMs = new long[0];
    public IntArrayList[] tasks = new IntArrayList[0];
    public boolean[] hasSpec = new boolean[0];
    public boolean[] live = new boolean[0];

    public void ensureRows(int needed) {
        if (needed <= capacity) {
            return;
        }
        int cap = Columns.grow(capacity, needed);
        key = Arrays.copyOf(key, cap);
        namespace = Arrays.copyOf(namespace, cap);
        queueName = Arrays.copyOf(queueName, cap);
        queue = Arrays.copyOf(queue, cap);
        minMember = Arrays.copyOf(minMember, cap);
        roles = Arrays.copyOf(roles, cap);
        roleMin = Arrays.copyOf(roleMin, cap);
        priorityClassName = Arrays.copyOf(priorityClassName, cap);
        priority = Arrays.copyOf(priority, cap);
        minResources = Arrays.copyOf(minResources, cap);
        creationMs = Arrays.copyOf(creationMs, cap);
        slaWaitingMs = Arrays.copyOf(slaWaitingMs, cap);
        tasks = Arrays.copyOf(tasks, cap);
        hasSpec = Arrays.copyOf(hasSpec, cap);
        live = Arrays.copyOf(live, cap);
        capacity = cap;
    }

    /** Resets a row to "named by tasks, no PodGroup yet". */
    public void clear(int row) {
        key[row] = null;
        queueName[row] = null;
        queue[row] = -1;
        minMember[row] = 0;
        roles[row] = NONE;
        roleMin[row] = NONE;
        priorityClassName[row] = null;
        priority[row] = 0;
        minResources[row] = null;
        creationMs[row] = 0;
        slaWaitingMs[row] = -1;
        hasSpec[row] = false;
        live[row] = false;
        if (tasks[row] == null) {
            tasks[row] = new IntArrayList();
        } else {
            tasks[row].clear();
        }
    }

    /** The slot of {@code roleSymbol} in the job's minTaskMember list, or -1. */
    public int roleSlot(int job, int roleSymbol) {
        int[] r = roles[job];
        for (int i = 0; i < r.length; i++) {
            if (r[i] == roleSymbol) {
                return i;
            }
        }
        return -1;
    }

    public static int[] noRoles() {
        return NONE;
    }
}
