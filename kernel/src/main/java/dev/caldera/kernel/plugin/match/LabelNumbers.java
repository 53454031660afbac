package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.Names;

import java.util.Arrays;

/**
 * The integer value of every interned string that is one, for the Gt and Lt node selector operators: a
 * node's label value is parsed once, when its symbol is first seen, never per check. Parsing follows Go's
 * {@code strconv.ParseInt(s, 10, 64)}, which kube uses: an optional sign, ASCII digits, no overflow.
 * <p>
 * Threading: {@link #refresh} on the scheduling thread (session open); {@link #isNumber} and
 * {@link #value} are pure reads, safe from filter workers. Cost: O(new symbols) per refresh.
 */
public final class LabelNumbers {
    private long[] values = new long[0];
    private boolean[] numeric = new boolean[0];
    private int parsed;
    private Names symbols;

    /** Parses the symbols interned since the last refresh (all of them when the table changed). */
    public void refresh(Names table) {
        if (!table.sameTable(symbols)) {
            symbols = table;
            parsed = 0;
        }
        int size = table.size();
        if (values.length < size) {
            int cap = Math.max(size, values.length * 2);
            values = Arrays.copyOf(values, cap);
            numeric = Arrays.copyOf(numeric, cap);
        }
        for (int s = parsed; s < size; s++) {
            String text = table.string(s);
            numeric[s] = isInt64(text);
            values[s] = numeric[s] ? Long.parseLong(text) : 0;
        }
        parsed = size;
    }

    /** True when symbol {@code s} is a base-10 int64. */
    public boolean isNumber(int s) {
        return s >= 0 && s < parsed && numeric[s];
    }

    /** The value of symbol {@code s}; meaningful only when {@link #isNumber}. */
    public long value(int s) {
        return values[s];
    }

    /** Go's ParseInt(text, 10, 64) succeeds: optional sign, at least one ASCII digit, in range. */
    public static boolean isInt64(String text) {
        int n = text.length();
        int i = n > 0 && (text.charAt(0) == '+' || text.charAt(0) == '-') ? 1 : 0;
        if (i == n) {
            return false;
        }
        for (int k = i; k < n; k++) {
            char c = text.charAt(k);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        try {
            Long.parseLong(text);
            return true;
        } catch (NumberFormatException overflow) {
            return false;
        }
    }
}
