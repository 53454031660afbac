package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.JobTable;

/**
 * The job (PodGroup) specs a plugin may read: the cache's {@code JobTable} behind getters only. A job's state in
 * the session (phase, counts, request sums) is {@link SessionView#phase}, {@link SessionView#count} and so on.
 * <p>
 * Threading: the scheduling thread and filter workers while it waits. Cost: O(1) getters, no allocation; final,
 * so the JIT inlines through it.
 */
public final class Jobs {
    private final JobTable table;

    public Jobs(JobTable table) {
        this.table = table;
    }

    public int capacity() {
        return table.capacity();
    }

    public int rows() {
        return table.rows();
    }

    public boolean live(int job) {
        return table.live(job);
    }

    /** "namespace/name" of the PodGroup. */
    public String key(int job) {
        return table.key(job);
    }

    public String queueName(int job) {
        return table.queueName(job);
    }

    public int queue(int job) {
        return table.queue(job);
    }

    public int minMember(int job) {
        return table.minMember(job);
    }

    /** The slot of {@code roleSymbol} in the job's minTaskMember list, or -1. */
    public int roleSlot(int job, int roleSymbol) {
        return table.roleSlot(job, roleSymbol);
    }

    /** How many roles the job's minTaskMember lists (slots {@code 0 <= slot < roleCount(job)}). */
    public int roleCount(int job) {
        return table.roleMin(job).length;
    }

    /** The minTaskMember minimum of the role in {@code slot}. */
    public int roleMin(int job, int slot) {
        return table.roleMin(job)[slot];
    }

    public String priorityClassName(int job) {
        return table.priorityClassName(job);
    }

    public int priority(int job) {
        return table.priority(job);
    }

    /** True when the PodGroup sets minResources. */
    public boolean hasMinResources(int job) {
        return table.minResources(job) != null;
    }

    /** The PodGroup's minResources of dimension {@code dim}: 0 when it sets none or not that one. */
    public long minResource(int job, int dim) {
        long[] min = table.minResources(job);
        return min != null && dim < min.length ? min[dim] : 0;
    }

    public long creationMs(int job) {
        return table.creationMs(job);
    }

    public long slaWaitingMs(int job) {
        return table.slaWaitingMs(job);
    }

    public boolean hasSpec(int job) {
        return table.hasSpec(job);
    }

    /** How many tasks the job has (live rows, any status). */
    public int taskCount(int job) {
        return table.tasks(job).size();
    }

    /** The row of the job's {@code i}-th task, {@code 0 <= i < taskCount(job)}. */
    public int task(int job, int i) {
        return table.tasks(job).getInt(i);
    }
}
