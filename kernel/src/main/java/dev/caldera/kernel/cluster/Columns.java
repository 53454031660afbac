package dev.caldera.kernel.cluster;

import java.util.Arrays;

/**
 * Growth of struct-of-arrays columns. A column {@code long[dim][row]} grows in two directions: more rows
 * when entities are added, more dimensions when a new scalar resource is first seen.
 */
public final class Columns {
    private Columns() {
    }

    /** The next capacity at least {@code needed}: grows by half, never below 16. */
    public static int grow(int current, int needed) {
        int next = Math.max(16, current + (current >> 1));
        return Math.max(next, needed);
    }

    /** Every per-dimension row array of {@code column} resized to {@code rows}; dimensions kept. */
    public static long[][] rows(long[][] column, int rows) {
        long[][] out = new long[column.length][];
        for (int d = 0; d < column.length; d++) {
            out[d] = Arrays.copyOf(column[d], rows);
        }
        return out;
    }

    /** {@code column} extended to {@code dims} dimensions, new ones zero-filled with {@code rows} rows. */
    public static long[][] dims(long[][] column, int dims, int rows) {
        if (column.length >= dims) {
            return column;
        }
        long[][] out = Arrays.copyOf(column, dims);
        for (int d = column.length; d < dims; d++) {
            out[d] = new long[rows];
        }
        return out;
    }

    /** A zeroed {@code long[dims][rows]} column. */
    public static long[][] column(int dims, int rows) {
        long[][] out = new long[dims][];
        for (int d = 0; d < dims; d++) {
            out[d] = new long[rows];
        }
        return out;
    }

    /** Copies the first {@code rows} rows of every dimension of {@code from} into {@code to}. */
    public static void copy(long[][] from, long[][] to, int rows) {
        for (int d = 0; d < from.length; d++) {
            System.arraycopy(from[d], 0, to[d], 0, rows);
        }
    }
}
