package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.placement.Taint;

/**
 * The node specs a plugin may read: the cache's {@code NodeTable} behind getters only, so a plugin holding this
 * cannot write a column. Rows as in the table ({@link #rows()} used at least once, {@link #live} among them).
 * <p>
 * Threading: the scheduling thread and filter workers while it waits. Cost: each getter is the table's (O(1),
 * {@link #label} O(log labels)), no allocation; the class is final, so the JIT inlines through it.
 */
public final class Nodes {
    private final NodeTable table;

    public Nodes(NodeTable table) {
        this.table = table;
    }

    /** True when both read the same table (a plugin's memo keyed by the table survives a new session). */
    public boolean sameTable(Nodes other) {
        return other != null && other.table == table;
    }

    public int dims() {
        return table.dims();
    }

    public int capacity() {
        return table.capacity();
    }

    public int rows() {
        return table.rows();
    }

    public int liveCount() {
        return table.liveCount();
    }

    public boolean live(int node) {
        return table.live(node);
    }

    public String name(int node) {
        return table.name(node);
    }

    public long allocatable(int dim, int node) {
        return table.allocatable(dim, node);
    }

    /** The value symbol of label {@code keySymbol} on {@code node}, or {@link Names#NONE}. */
    public int label(int node, int keySymbol) {
        return table.label(node, keySymbol);
    }

    /** The node's taints (the table's array of immutable records: read only), never null. */
    public Taint[] taints(int node) {
        Taint[] taints = table.taints(node);
        return taints == null ? NodeTable.noTaints() : taints;
    }

    public boolean unschedulable(int node) {
        return table.unschedulable(node);
    }

    /** The node's position in name order among live nodes: the deterministic tie-break. */
    public int rank(int node) {
        return table.rank(node);
    }

    /** Moves whenever the node's labels, taints or unschedulable flag change. */
    public int placementVersion(int node) {
        return table.placementVersion(node);
    }
}
