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

    private int capacity;
    private int rows;
    private int liveCount;

    private String[] uid = new String[0];
    /** "namespace/name", the key reports use. */
    private String[] key = new String[0];
    private String[] name = new String[0];
    private int[] namespace = new int[0];
    private int[] job = new int[0];
    private int[] taskClass = new int[0];
    private int[] priority = new int[0];
    /** Role symbol (annotation volcano.sh/task-spec) or {@link Symbols#NONE}. */
    private int[] role = new int[0];
    private boolean[] preemptable = new boolean[0];
    private long[] creationMs = new long[0];
    /** The number that ends a pod name of three or more dash-separated parts, else -1. */
    private long[] nameIndex = new long[0];
    private int[] flags = new int[0];
    /** GPU device indices the pod already holds on its node, as a bit mask (0: unknown or none). */
    private long[] gpuDevices = new long[0];
    private boolean[] live = new boolean[0];
    /** The pod's labels as sorted (keySymbol, valueSymbol) pairs ({@link LabelPairs}). */
    private int[][] labels = new int[0][];

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

    public int capacity() {
        return capacity;
    }

    public int rows() {
        return rows;
    }

    public void rows(int value) {
        rows = value;
    }

    public int liveCount() {
        return liveCount;
    }

    public void addLiveCount(int delta) {
        liveCount += delta;
    }

    public String uid(int task) {
        return uid[task];
    }

    public void uid(int task, String value) {
        uid[task] = value;
    }

    public String key(int task) {
        return key[task];
    }

    public void key(int task, String value) {
        key[task] = value;
    }

    public String name(int task) {
        return name[task];
    }

    public void name(int task, String value) {
        name[task] = value;
    }

    public int namespace(int task) {
        return namespace[task];
    }

    public void namespace(int task, int value) {
        namespace[task] = value;
    }

    public int job(int task) {
        return job[task];
    }

    public void job(int task, int value) {
        job[task] = value;
    }

    public int taskClass(int task) {
        return taskClass[task];
    }

    public void taskClass(int task, int value) {
        taskClass[task] = value;
    }

    public int priority(int task) {
        return priority[task];
    }

    public void priority(int task, int value) {
        priority[task] = value;
    }

    public int role(int task) {
        return role[task];
    }

    public void role(int task, int value) {
        role[task] = value;
    }

    public boolean preemptable(int task) {
        return preemptable[task];
    }

    public void preemptable(int task, boolean value) {
        preemptable[task] = value;
    }

    public long creationMs(int task) {
        return creationMs[task];
    }

    public void creationMs(int task, long value) {
        creationMs[task] = value;
    }

    public long nameIndex(int task) {
        return nameIndex[task];
    }

    public void nameIndex(int task, long value) {
        nameIndex[task] = value;
    }

    public void flags(int task, int value) {
        flags[task] = value;
    }

    public long gpuDevices(int task) {
        return gpuDevices[task];
    }

    public void gpuDevices(int task, long value) {
        gpuDevices[task] = value;
    }

    public boolean live(int task) {
        return live[task];
    }

    public void live(int task, boolean value) {
        live[task] = value;
    }

    public int[] labels(int task) {
        return labels[task];
    }

    public void labels(int task, int[] value) {
        labels[task] = value;
    }

    // ------------------------------------------------------------------ columns for framework.Tasks

    /*
     * The column arrays themselves, for framework's read-only Tasks alone (KernelLayersTest.columnsAreReadByTheFacesAlone):
     * it holds them between session opens, when it takes them again (a column is reallocated only while the cache
     * applies changes, which it does before a session opens), so a plugin's read is one array access behind the
     * face. Read only.
     */

    public int[] taskClassColumn() {
        return taskClass;
    }

    public int[] jobColumn() {
        return job;
    }

    public int[] namespaceColumn() {
        return namespace;
    }

    public int[] priorityColumn() {
        return priority;
    }

    public int[] flagColumn() {
        return flags;
    }

    public boolean[] liveColumn() {
        return live;
    }

    public int[][] labelColumn() {
        return labels;
    }
}
