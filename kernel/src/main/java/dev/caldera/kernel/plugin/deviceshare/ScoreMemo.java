package dev.caldera.kernel.plugin.deviceshare;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

import java.util.Arrays;

/**
 * Policy scores kept across sessions per (task class, node row), each under a 64-bit key that digests
 * everything the score reads: the class's digest (its cpu, share and whole devices for the policies that read
 * no more of it, {@link GpuClasses#shapeHash}; else its request and profile), the node's name and its current usage (cpu,
 * memory, every device's free units and holders). A score is computed again only when its key changed, so a
 * steady cluster, where each cycle touches a few nodes, does not rescore the others cycle after cycle. Used by
 * the random policy and with the random tie-break; the other policies find their scores by the node's state alone
 * ({@link StateScores}) otherwise. A key
 * collision (two different states with the same 64-bit digest) would reuse a wrong score; at 2^-64 per pair it
 * is not guarded against. {@link #clear} drops everything (a new workload mix).
 * <p>
 * Storage: one {@code long[2 x node rows]} of keys and scores side by side (a look-up reads one cache line) per
 * class digest (so a
 * request shape keeps its column when its class id is freed and later given to another shape, as tasks come
 * and go, and classes of one digest share it), made on the scheduling thread the first time the shape is scored, within a byte budget; past it,
 * scores are not kept.
 * Threading: filter workers read and write distinct nodes' slots; columns are made at open, on the scheduling
 * thread.
 * Allocation: columns only.
 */
final class ScoreMemo {
    private static final long DEFAULT_BUDGET_BYTES = 64L << 20;

    private final long budgetBytes;
    /** Per column: the key of node row {@code r} at {@code 2 * r}, its score's raw bits at {@code 2 * r + 1}. */
    private long[][] slots = new long[0][];
    private final Long2IntOpenHashMap columnOfDigest = new Long2IntOpenHashMap();
    /** The column of each class id in this session, or -1. */
    private int[] column = new int[0];
    /** The digest each class id's column was looked up for, valid for the ids below {@link #looked}. */
    private long[] lookedDigest = new long[0];
    /** Class ids whose column is the one their {@link #lookedDigest} has, since the last {@link #clear}. */
    private int looked;
    private int columns;
    private int rows;
    private long bytes;
    /** What the last {@link #open} looked up (null after {@link #clear}): the digests array, its version, classes. */
    private long[] openedDigests;
    private long openedVersion;
    private int openedClasses;

    ScoreMemo() {
        this(DEFAULT_BUDGET_BYTES);
    }

    ScoreMemo(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /**
     * At session open: finds (or makes, within the budget) each class id's column by the class's digest
     * ({@code digests[id]} for ids below {@code classes}); drops everything when the node rows grew. The digests'
     * {@code version} moves whenever any of them changes ({@code GpuClasses.version}): with the same array, version
     * and class count as the last open, every column is already the one its digest has, and nothing is looked up.
     */
    void open(long[] digests, long version, int classes, int nodeRows) {
        if (nodeRows > rows) {
            clear();
            rows = nodeRows;
        }
        if (digests == openedDigests && version == openedVersion && classes == openedClasses) {
            return;
        }
        openedDigests = digests;
        openedVersion = version;
        openedClasses = classes;
        if (column.length < classes) {
            int cap = Math.max(classes, column.length * 2);
            column = Arrays.copyOf(column, cap);
            lookedDigest = Arrays.copyOf(lookedDigest, cap);
        }
        columnOfDigest.defaultReturnValue(-1);
        for (int c = 0; c < classes; c++) {
            if (c < looked && lookedDigest[c] == digests[c]) {
                // the column it found then: a digest's column stays until clear, and one that had none past the
                // budget would find none again (the bytes only grow until clear)
                continue;
            }
            int col = columnOfDigest.get(digests[c]);
            if (col < 0 && bytes + 16L * rows <= budgetBytes) {
                col = columns++;
                if (col >= slots.length) {
                    slots = Arrays.copyOf(slots, Math.max(16, slots.length * 2));
                }
                slots[col] = new long[2 * rows];
                bytes += 16L * rows;
                columnOfDigest.put(digests[c], col);
            }
            column[c] = col;
            lookedDigest[c] = digests[c];
        }
        looked = Math.max(looked, classes);
    }

    void clear() {
        Arrays.fill(slots, null);
        columnOfDigest.clear();
        Arrays.fill(column, -1);
        columns = 0;
        bytes = 0;
        openedDigests = null;
        looked = 0;
    }

    /** The column class {@code cls} reads and writes, or -1 (tests). */
    int column(int cls) {
        return cls < column.length ? column[cls] : -1;
    }

    /** True when a score is kept for the pair under {@code key}; read it with {@link #get}. */
    boolean has(int cls, int node, long key) {
        int col = cls < column.length ? column[cls] : -1;
        return col >= 0 && node < rows && slots[col][2 * node] == key && key != 0;
    }

    double get(int cls, int node) {
        return Double.longBitsToDouble(slots[column[cls]][2 * node + 1]);
    }

    void put(int cls, int node, long key, double score) {
        int col = cls < column.length ? column[cls] : -1;
        if (col >= 0 && node < rows) {
            slots[col][2 * node] = key;
            slots[col][2 * node + 1] = Double.doubleToRawLongBits(score);
        }
    }
}
