package dev.caldera.kernel.cluster;

import java.util.Arrays;

/**
 * Task specs in struct-of-arrays form, addressed by row. Written only by the cache; sessions read the
 * same arrays. The mutable part of a task (status, node) lives in {@link TaskState}.
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 */
public final class TaskTable {
    /** Flag bits in {@link #flags}. */
    public static final int CRITICAL = 1;
    public static final int PREEMPT_NEVER = 4;
    public static final int SCHEDULING_GATED = 8;

    public int capacity;
    public int rows;
    public int liveCount;

    public String[] uid = new String[0];
    /** "namespace/name", the key reports use. */
    public String[] key = new String[0];
    public String[] name = new String[0];
    public int[] namespace = new int[0];
    public int[] job = new int[0];
    public int[] taskClass = new int[0];
    public int[] priority = new int[0];
    /** Role symbol (annotation volcano.sh/task-spec) or {@link Symbols#NONE}. */
    public int[] role = new int[0];
    public boolean[] preemptable = new boolean[0];
    public long[] creationMs = new long[0];
    /** The number that ends a pod name of three or more dash-separated parts, else -1. */
    public long[] nameIndex = new long[0];
    public int[] flags = new int[0];
    /** GPU device indices the pod already holds on its node, as a bit mask (0: unknown or none). */
    public long[] gpuDevices = new long[0];
    public boolean[] live = new boolean[0];
    /** The pod's labels as sorted (keySymbol, valueSymbol) pairs ({@link LabelPairs}). */
    public int[][] labels = new int[0][];

    public void ensureRows(int needed) {
        if (needed <= capacity) {
            return;
        }
        int cap = Columns.grow(capacity, needed);
        uid = Arrays.copyOf(uid, cap);
        key = Arrays.copyOf(key, cap);
        name = Arrays.copyOf(name, cap);
        namespace = Arrays.copyOf(namespace, cap);
        job = Arrays.copyOf(job, cap);
        taskClass = Arrays.copyOf(taskClass, cap);
        priority = Arrays.copyOf(priority, cap);
        role = Arrays.copyOf(role, cap);
        preemptable = Arrays.copyOf(preemptable, cap);
        creationMs = Arrays.copyOf(creationMs, cap);
        nameIndex = Arrays.copyOf(nameIndex, cap);
        flags = Arrays.copyOf(flags, cap);
        gpuDevices = Arrays.copyOf(gpuDevices, cap);
        live = Arrays.copyOf(live, cap);
        labels = Arrays.copyOf(labels, cap);
        capacity = cap;
    }

    public boolean has(int row, int flag) {
        return (flags[row] & flag) != 0;
    }

    public void clear(int row) {
        uid[row] = null;
        key[row] = null;
        name[row] = null;
        job[row] = -1;
        taskClass[row] = -1;
        live[row] = false;
        flags[row] = 0;
        gpuDevices[row] = 0;
        labels[row] = LabelPairs.none();
    }

    /** The value symbol of label {@code keySymbol} on task {@code row}, or {@link Symbols#NONE}. */
    public int label(int row, int keySymbol) {
        return LabelPairs.value(labels[row], keySymbol);
    }

    /** The numeric suffix Volcano's default task order uses: {@code job-role-7} gives 7, else -1. */
    public static long parseNameIndex(String podName) {
        int dashes = 0;
        int lastDash = -1;
        for (int i = 0; i < podName.length(); i++) {
            if (podName.charAt(i) == '-') {
                dashes++;
                lastDash = i;
            }
        }
        if (dashes < 2 || lastDash == podName.length() - 1) {
            return -1;
        }
        long value = 0;
        for (int i = lastDash + 1; i < podName.length(); i++) {
            char c = podName.charAt(i);
            if (c < '0' || c > '9' || value > (Long.MAX_VALUE - 9) / 10) {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
