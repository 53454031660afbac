package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.LabelPairs;
import dev.caldera.kernel.cluster.TaskTable;

/**
 * The task (pod) specs a plugin may read: the cache's {@code TaskTable} behind getters only. A task's state in
 * the session (status, node) is {@link SessionView#status} and {@link SessionView#nodeOf}.
 * <p>
 * The columns plugins read per task and node are held here (taken again from the table by {@link #refresh},
 * which the session calls at every open: the cache reallocates a column only while applying changes, before a
 * session opens), so such a read is one array access behind a final getter; the rest delegate to the table.
 * <p>
 * Threading: the scheduling thread and filter workers while it waits. Cost: O(1) getters, no allocation; final,
 * so the JIT inlines through it.
 */
public final class Tasks {
    /** Flag bits for {@link #has}: a system-critical priority class, never preempted, scheduling gated. */
    public static final int CRITICAL = TaskTable.CRITICAL;
    public static final int PREEMPT_NEVER = TaskTable.PREEMPT_NEVER;
    public static final int SCHEDULING_GATED = TaskTable.SCHEDULING_GATED;

    private final TaskTable table;
    private boolean[] live;
    private int[] flags;
    private int[] namespace;
    private int[] job;
    private int[] taskClass;
    private int[] priority;
    private int[][] labels;

    public Tasks(TaskTable table) {
        this.table = table;
        refresh();
    }

    /** Takes the table's columns again (they are reallocated when the table grows). Called at session open. */
    public void refresh() {
        live = table.liveColumn();
        flags = table.flagColumn();
        namespace = table.namespaceColumn();
        job = table.jobColumn();
        taskClass = table.taskClassColumn();
        priority = table.priorityColumn();
        labels = table.labelColumn();
    }

    public int capacity() {
        return table.capacity();
    }

    public int rows() {
        return table.rows();
    }

    public boolean live(int task) {
        return live[task];
    }

    public boolean has(int task, int flag) {
        return (flags[task] & flag) != 0;
    }

    public String uid(int task) {
        return table.uid(task);
    }

    /** "namespace/name", the key reports use. */
    public String key(int task) {
        return table.key(task);
    }

    public String name(int task) {
        return table.name(task);
    }

    public int namespace(int task) {
        return namespace[task];
    }

    public int job(int task) {
        return job[task];
    }

    public int taskClass(int task) {
        return taskClass[task];
    }

    public int priority(int task) {
        return priority[task];
    }

    public int role(int task) {
        return table.role(task);
    }

    public boolean preemptable(int task) {
        return table.preemptable(task);
    }

    public long creationMs(int task) {
        return table.creationMs(task);
    }

    /** GPU device indices the pod already holds on its node, as a bit mask (0: unknown or none). */
    public long gpuDevices(int task) {
        return table.gpuDevices(task);
    }

    /** The value symbol of label {@code keySymbol} on the task, or {@link Names#NONE}. */
    public int label(int task, int keySymbol) {
        return LabelPairs.value(labels[task], keySymbol);
    }

    /** How many labels the task has (its pairs, in ascending key symbol order, are read by index). */
    public int labelCount(int task) {
        return labels[task].length >> 1;
    }

    /** The key symbol of the task's {@code i}-th label ({@code i < labelCount(task)}). */
    public int labelKey(int task, int i) {
        return labels[task][i << 1];
    }

    /** The value symbol of the task's {@code i}-th label. */
    public int labelValue(int task, int i) {
        return labels[task][(i << 1) + 1];
    }
}
