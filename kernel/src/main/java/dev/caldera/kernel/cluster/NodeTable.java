package dev.caldera.kernel.cluster;

import dev.caldera.kernel.placement.Taint;

import java.util.Arrays;

/**
 * Node specs in struct-of-arrays form, addressed by row index. Only the cache writes here (while applying
 * changes); a session reads the same arrays by reference, so nothing is copied per cycle.
 * <p>
 * Layout: {@code allocatable[dim][row]}; labels of a row as a sorted array of (keySymbol, valueSymbol)
 * pairs; taints as objects (few per node, read only by the taint predicate and scorer).
 * {@code rank[row]} is the row's position in node-name order among live rows: the deterministic tie-break.
 * {@code placementVersion[row]} changes whenever the row's labels, taints or unschedulable flag change (or the
 * row is cleared), so results that depend only on those can be kept across cycles.
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 */
public final class NodeTable {
    private static final int[] NO_LABELS = LabelPairs.none();
    private static final Taint[] NO_TAINTS = new Taint[0];

    private int capacity;
    /** Rows {@code [0, rows)} have been used at least once; iterate these and skip dead ones. */
    private int rows;
    private int liveCount;

    private String[] name = new String[0];
    private boolean[] live = new boolean[0];
    private long[][] allocatable;
    private int[][] labels = new int[0][];
    private Taint[][] taints = new Taint[0][];
    private boolean[] unschedulable = new boolean[0];
    private int[] rank = new int[0];
    private int[] placementVersion = new int[0];

    public NodeTable(int dims) {
        allocatable = Columns.column(dims, 0);
    }

    public int dims() {
        return allocatable.length;
    }

    public void ensureRows(int needed) {
        if (needed <= capacity) {
            return;
        }
        int cap = Columns.grow(capacity, needed);
        name = Arrays.copyOf(name, cap);
        live = Arrays.copyOf(live, cap);
        allocatable = Columns.rows(allocatable, cap);
        labels = Arrays.copyOf(labels, cap);
        taints = Arrays.copyOf(taints, cap);
        unschedulable = Arrays.copyOf(unschedulable, cap);
        rank = Arrays.copyOf(rank, cap);
        placementVersion = Arrays.copyOf(placementVersion, cap);
        capacity = cap;
    }

    public void ensureDims(int dims) {
        allocatable = Columns.dims(allocatable, dims, capacity);
    }

    /** Clears a row for reuse. */
    public void clear(int row) {
        name[row] = null;
        live[row] = false;
        for (long[] column : allocatable) {
            column[row] = 0;
        }
        labels[row] = NO_LABELS;
        taints[row] = NO_TAINTS;
        unschedulable[row] = false;
        placementVersion[row]++;
    }

    /** The value symbol of label {@code keySymbol} on {@code row}, or {@link Symbols#NONE}. */
    public int label(int row, int keySymbol) {
        return LabelPairs.value(labels[row], keySymbol);
    }

    public static int[] noLabels() {
        return NO_LABELS;
    }

    public static Taint[] noTaints() {
        return NO_TAINTS;
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

    public String name(int node) {
        return name[node];
    }

    public void name(int node, String value) {
        name[node] = value;
    }

    public boolean live(int node) {
        return live[node];
    }

    public void live(int node, boolean value) {
        live[node] = value;
    }

    public long[] allocatable(int d) {
        return allocatable[d];
    }

    public long allocatable(int d, int node) {
        return allocatable[d][node];
    }

    public void allocatable(int d, int node, long value) {
        allocatable[d][node] = value;
    }

    public int[] labels(int node) {
        return labels[node];
    }

    public void labels(int node, int[] value) {
        labels[node] = value;
    }

    public Taint[] taints(int node) {
        return taints[node];
    }

    public void taints(int node, Taint[] value) {
        taints[node] = value;
    }

    public boolean unschedulable(int node) {
        return unschedulable[node];
    }

    public void unschedulable(int node, boolean value) {
        unschedulable[node] = value;
    }

    public int rank(int node) {
        return rank[node];
    }

    public void rank(int node, int value) {
        rank[node] = value;
    }

    public int placementVersion(int node) {
        return placementVersion[node];
    }

    public void addPlacementVersion(int node, int delta) {
        placementVersion[node] += delta;
    }

    // ------------------------------------------------------------------ columns for framework.Nodes

    /*
     * The column arrays themselves, for framework's read-only Nodes alone (KernelLayersTest.columnsAreReadByTheFacesAlone):
     * it holds them between session opens, when it takes them again (a column is reallocated only while the cache
     * applies changes, which it does before a session opens), so a plugin's read is one array access behind the
     * face. Read only.
     */

    public long[][] allocatableColumns() {
        return allocatable;
    }

    public int[][] labelColumn() {
        return labels;
    }

    public Taint[][] taintColumn() {
        return taints;
    }

    public boolean[] unschedulableColumn() {
        return unschedulable;
    }

    public boolean[] liveColumn() {
        return live;
    }

    public int[] rankColumn() {
        return rank;
    }

    public int[] placementVersionColumn() {
        return placementVersion;
    }
}
