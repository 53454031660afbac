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

    public int capacity;
    /** Rows {@code [0, rows)} have been used at least once; iterate these and skip dead ones. */
    public int rows;
    public int liveCount;

    public String[] name = new String[0];
    public boolean[] live = new boolean[0];
    public long[][] allocatable;
    public int[][] labels = new int[0][];
    public Taint[][] taints = new Taint[0][];
    public boolean[] unschedulable = new boolean[0];
    public int[] rank = new int[0];
    public int[] placementVersion = new int[0];

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
}
