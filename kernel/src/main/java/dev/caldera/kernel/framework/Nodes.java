package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.LabelPairs;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.placement.Taint;

/**
 * The node specs a plugin may read: the cache's {@code NodeTable} behind getters only, so a plugin holding this
 * cannot write a column. Rows as in the table ({@link #rows()} used at least once, {@link #live} among them).
 * <p>
 * The columns plugins read per node are held here (taken again from the table by {@link #refresh}, which the
 * session calls at every open: the cache reallocates a column only while applying changes, before a session
 * opens), so such a read is one array access behind a final getter, as direct as the table's own; the rest
 * delegate to the table.
 * <p>
 * Threading: the scheduling thread and filter workers while it waits. Cost: O(1) getters ({@link #label}
 * O(log labels)), no allocation; the class is final, so the JIT inlines through it.
 */
public final class Nodes {
    private final NodeTable table;
    private long[][] allocatable;
    private int[][] labels;
    private Taint[][] taints;
    private boolean[] unschedulable;
    private boolean[] live;
    private int[] rank;
    private int[] placementVersion;

    public Nodes(NodeTable table) {
        this.table = table;
        refresh();
    }

    /** Takes the table's columns again (they are reallocated when the table grows). Called at session open. */
    public void refresh() {
        allocatable = table.allocatableColumns();
        labels = table.labelColumn();
        taints = table.taintColumn();
        unschedulable = table.unschedulableColumn();
        live = table.liveColumn();
        rank = table.rankColumn();
        placementVersion = table.placementVersionColumn();
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
        return live[node];
    }

    public String name(int node) {
        return table.name(node);
    }

    public long allocatable(int dim, int node) {
        return allocatable[dim][node];
    }

    /** The value symbol of label {@code keySymbol} on {@code node}, or {@link Names#NONE}. */
    public int label(int node, int keySymbol) {
        return LabelPairs.value(labels[node], keySymbol);
    }

    /** How many taints the node has. */
    public int taintCount(int node) {
        Taint[] t = taints[node];
        return t == null ? 0 : t.length;
    }

    /** The node's {@code i}-th taint (an immutable record), {@code 0 <= i < taintCount(node)}. */
    public Taint taint(int node, int i) {
        return taints[node][i];
    }

    public boolean unschedulable(int node) {
        return unschedulable[node];
    }

    /** The node's position in name order among live nodes: the deterministic tie-break. */
    public int rank(int node) {
        return rank[node];
    }

    /** Moves whenever the node's labels, taints or unschedulable flag change. */
    public int placementVersion(int node) {
        return placementVersion[node];
    }
}
