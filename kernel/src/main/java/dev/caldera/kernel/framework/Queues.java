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

    /** True when the queue sets a capability. */
    public boolean hasCapability(int queue) {
        return table.capability(queue) != null;
    }

    /** The queue's capability of {@code dim}: 0 when it sets none or not that one. */
    public long capability(int queue, int dim) {
        return at(table.capability(queue), dim);
    }

    /** True when the queue's capability names {@code dim} (a name set to 0 included). */
    public boolean capabilityListed(int queue, int dim) {
        return QueueTable.listed(table.capabilityListed(queue), dim);
    }

    /** True when the queue's capability names any dimension. */
    public boolean capabilityListsAny(int queue) {
        boolean[] listed = table.capabilityListed(queue);
        if (listed != null) {
            for (boolean l : listed) {
                if (l) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True when the queue sets a guarantee. */
    public boolean hasGuarantee(int queue) {
        return table.guarantee(queue) != null;
    }

    /** The queue's guarantee of {@code dim}: 0 when it sets none or not that one. */
    public long guarantee(int queue, int dim) {
        return at(table.guarantee(queue), dim);
    }

    /** True when the queue's guarantee names {@code dim}. */
    public boolean guaranteeListed(int queue, int dim) {
        return QueueTable.listed(table.guaranteeListed(queue), dim);
    }

    /** The queue's deserved amount of {@code dim}: 0 when it sets none or not that one. */
    public long deserved(int queue, int dim) {
        return at(table.deserved(queue), dim);
    }

    /** True when the queue's deserved names {@code dim}. */
    public boolean deservedListed(int queue, int dim) {
        return QueueTable.listed(table.deservedListed(queue), dim);
    }

    private static long at(long[] vector, int dim) {
        return vector != null && dim < vector.length ? vector[dim] : 0;
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
