package dev.caldera.kernel.util;

import java.util.Arrays;

/**
 * A set of rows (of a table, or any int index) marked since the marks were last cleared, each listed once, in the
 * order first marked. The cluster's state tables ({@code NodeUsage}, {@code TaskState}, {@code JobState}) mark every
 * row they write, the cache's instances and a session's alike, which lets a session open copy only the rows that
 * moved; a plugin may keep its own (deviceshare marks the nodes whose devices it lays out again).
 * <p>
 * {@link #markAll()} says "every row may have changed" (a reader must then take the whole table); the list is
 * kept no longer than a quarter of the rows ever marked plus 1,024, past which marking falls back to
 * {@link #markAll()}: copying whole columns is then as cheap as copying row by row.
 * <p>
 * Threading: NOT thread safe (the scheduling thread). Cost: O(1) per mark, no allocation once sized; O(marked)
 * per {@link #clear()}.
 */
public final class RowMarks {
    private boolean[] marked = new boolean[0];
    private int[] list = new int[64];
    private int size;
    private boolean all;

    /** Notes that {@code row} was written. */
    public void mark(int row) {
        if (all) {
            return;
        }
        if (row >= marked.length) {
            marked = Arrays.copyOf(marked, Math.max(row + 1, Math.max(16, marked.length + (marked.length >> 1))));
        }
        if (marked[row]) {
            return;
        }
        if (size > 1024 + (marked.length >> 2)) {
            markAll();
            return;
        }
        marked[row] = true;
        if (size == list.length) {
            list = Arrays.copyOf(list, list.length * 2);
        }
        list[size++] = row;
    }

    /** Notes that any row may have been written (the list is dropped). */
    public void markAll() {
        all = true;
        for (int i = 0; i < size; i++) {
            marked[list[i]] = false;
        }
        size = 0;
    }

    /** True when every row must be taken as written since the last {@link #clear()}. */
    public boolean all() {
        return all;
    }

    /** How many rows are listed (meaningless when {@link #all()}). */
    public int size() {
        return size;
    }

    /** The {@code i}-th row listed. */
    public int row(int i) {
        return list[i];
    }

    /** True when {@code row} is listed, or {@link #all()}. */
    public boolean has(int row) {
        return all || row < marked.length && marked[row];
    }

    /** Forgets every mark. */
    public void clear() {
        for (int i = 0; i < size; i++) {
            marked[list[i]] = false;
        }
        size = 0;
        all = false;
    }
}
