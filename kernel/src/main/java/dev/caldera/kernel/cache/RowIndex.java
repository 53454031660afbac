package dev.caldera.kernel.cache;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

/**
 * String key to table row, with a free list so a removed entity's row is reused by the next one added.
 * <p>
 * Threading: NOT thread safe; scheduling thread only. O(1) per call.
 */
final class RowIndex {
    private final Object2IntOpenHashMap<String> rows = new Object2IntOpenHashMap<>();
    private final IntArrayList free = new IntArrayList();
    private int next;

    RowIndex() {
        rows.defaultReturnValue(-1);
    }

    /** The row of {@code key}, or -1 (also for null). */
    int get(String key) {
        return key == null ? -1 : rows.getInt(key);
    }

    int add(String key) {
        int row = free.isEmpty() ? next++ : free.popInt();
        rows.put(key, row);
        return row;
    }

    void remove(String key) {
        int row = rows.removeInt(key);
        if (row >= 0) {
            free.add(row);
        }
    }
}
