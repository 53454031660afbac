package dev.caldera.kernel.cluster;

/**
 * Labels as a sorted int array of (keySymbol, valueSymbol) pairs, the form nodes and tasks keep them in: a
 * lookup is a binary search over ints. Pure functions; no allocation.
 */
public final class LabelPairs {
    private static final int[] NONE = new int[0];

    private LabelPairs() {
    }

    /** The empty label set. */
    public static int[] none() {
        return NONE;
    }

    /** The value symbol of {@code keySymbol} in {@code pairs}, or {@link Symbols#NONE}. O(log labels). */
    public static int value(int[] pairs, int keySymbol) {
        int lo = 0;
        int hi = (pairs.length >> 1) - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int key = pairs[mid << 1];
            if (key < keySymbol) {
                lo = mid + 1;
            } else if (key > keySymbol) {
                hi = mid - 1;
            } else {
                return pairs[(mid << 1) + 1];
            }
        }
        return Symbols.NONE;
    }
}
