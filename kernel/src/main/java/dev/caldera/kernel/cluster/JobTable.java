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

    private int capacity;
    private int rows;

    /** "namespace/name": Volcano's JobID and the fallback order key. */
    private String[] key = new String[0];
    private int[] namespace = new int[0];
    private String[] queueName = new String[0];
    /** Queue row, or -1 when the queue does not exist (yet). */
    private int[] queue = new int[0];
    private int[] minMember = new int[0];
    private int[][] roles = new int[0][];
    private int[][] roleMin = new int[0][];
    private String[] priorityClassName = new String[0];
    /** Resolved from the priority class at snapshot. */
    private int[] priority = new int[0];
    /** Dense vector over dimensions, or null when the PodGroup has no minResources. */
    private long[][] minResources = new long[0][];
    private long[] creationMs = new long[0];
    /** The PodGroup's sla-waiting-time in ms, or -1. */
    private long[] slaWaitingMs = new long[0];
    private IntArrayList[] tasks = new IntArrayList[0];
    private boolean[] hasSpec = new boolean[0];
    private boolean[] live = new boolean[0];

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

    public int capacity() {
        return capacity;
    }

    public int rows() {
        return rows;
    }

    public void rows(int value) {
        rows = value;
    }

    public String key(int job) {
        return key[job];
    }

    public void key(int job, String value) {
        key[job] = value;
    }

    public void namespace(int job, int value) {
        namespace[job] = value;
    }

    public String queueName(int job) {
        return queueName[job];
    }

    public void queueName(int job, String value) {
        queueName[job] = value;
    }

    public int queue(int job) {
        return queue[job];
    }

    public void queue(int job, int value) {
        queue[job] = value;
    }

    public int minMember(int job) {
        return minMember[job];
    }

    public void minMember(int job, int value) {
        minMember[job] = value;
    }

    public int[] roles(int job) {
        return roles[job];
    }

    public void roles(int job, int[] value) {
        roles[job] = value;
    }

    public int[] roleMin(int job) {
        return roleMin[job];
    }

    public void roleMin(int job, int[] value) {
        roleMin[job] = value;
    }

    public String priorityClassName(int job) {
        return priorityClassName[job];
    }

    public void priorityClassName(int job, String value) {
        priorityClassName[job] = value;
    }

    public int priority(int job) {
        return priority[job];
    }

    public void priority(int job, int value) {
        priority[job] = value;
    }

    public long[] minResources(int job) {
        return minResources[job];
    }

    public void minResources(int job, long[] value) {
        minResources[job] = value;
    }

    public long creationMs(int job) {
        return creationMs[job];
    }

    public void creationMs(int job, long value) {
        creationMs[job] = value;
    }

    public long slaWaitingMs(int job) {
        return slaWaitingMs[job];
    }

    public void slaWaitingMs(int job, long value) {
        slaWaitingMs[job] = value;
    }

    public IntArrayList tasks(int job) {
        return tasks[job];
    }

    public boolean hasSpec(int job) {
        return hasSpec[job];
    }

    public void hasSpec(int job, boolean value) {
        hasSpec[job] = value;
    }

    public boolean live(int job) {
        return live[job];
    }

    public void live(int job, boolean value) {
        live[job] = value;
    }
}
