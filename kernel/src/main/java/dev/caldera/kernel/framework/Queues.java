package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.QueueTable;

/**
 * The queue specs a plugin may read: the cache's {@code QueueTable} behind getters only. A queue's vectors
 * (capability, guarantee, deserved) are per dimension, null when unset; the {@code *Listed} rows say which
 * dimensions the spec named ({@link #listed}).
 * <p>
 * Threading: the scheduling thread and filter workers while it waits. Cost: O(1) getters, no allocation; final,
 * so the JIT inlines through it.
 */
public final class Queues {
    private final QueueTable table;

    public Queues(QueueTable table) {
        this.table = table;
    }

    /** True when the queue's vector {@code listed} (one of the {@code *Listed} rows) names {@code dim}. */
    public static boolean listed(boolean[] listed, int dim) {
        return QueueTable.listed(listed, dim);
    }

    public int capacity() {
        return table.capacity();
    }

    public int rows() {
        return table.rows();
    }

    public boolean live(int queue) {
        return table.live(queue);
    }

    public String name(int queue) {
        return table.name(queue);
    }

    public int weight(int queue) {
        return table.weight(queue);
    }

    /** The queue's capability vector or null (the table's array: read only). */
    public long[] capability(int queue) {
        return table.capability(queue);
    }

    /** The queue's guarantee vector or null (the table's array: read only). */
    public long[] guarantee(int queue) {
        return table.guarantee(queue);
    }

    /** The queue's deserved vector or null (the table's array: read only). */
    public long[] deserved(int queue) {
        return table.deserved(queue);
    }

    public boolean[] capabilityListed(int queue) {
        return table.capabilityListed(queue);
    }

    public boolean[] guaranteeListed(int queue) {
        return table.guaranteeListed(queue);
    }

    public boolean[] deservedListed(int queue) {
        return table.deservedListed(queue);
    }

    public boolean reclaimable(int queue) {
        return table.reclaimable(queue);
    }

    public String parentName(int queue) {
        return table.parentName(queue);
    }

    public int priority(int queue) {
        return table.priority(queue);
    }

    /** The queue's state ({@code QueueState}). */
    public byte state(int queue) {
        return table.state(queue);
    }

    public long creationMs(int queue) {
        return table.creationMs(queue);
    }

    public String hierarchy(int queue) {
        return table.hierarchy(queue);
    }

    public String hierarchyWeights(int queue) {
        return table.hierarchyWeights(queue);
    }
}
