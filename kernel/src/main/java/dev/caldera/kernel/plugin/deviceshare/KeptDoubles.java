package dev.caldera.kernel.plugin.deviceshare;

import java.util.Arrays;

/**
 * Doubles kept under 64-bit keys (never 0, the empty slot) in a direct-mapped table: a key's slot is its top bits,
 * a newer key takes the slot of an older one, and a key and its value lie side by side (a look-up reads one cache
 * line). The storage of {@link StateScores}' per-thread tables and of {@link FillSums}; what the keys digest, and
 * when the table is emptied, is theirs.
 * <p>
 * Threading: one thread at a time. Allocation: {@code 16 x slots} bytes, once. Cost: O(1) per call.
 */
class KeptDoubles {
    /** Key at {@code 2 * slot}, the value's raw bits at {@code 2 * slot + 1}. */
    private final long[] slots;
    private final int shift;

    /** A table of {@code slots} slots, a power of two. */
    KeptDoubles(int slots) {
        if (Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("slots must be a power of two, not " + slots);
        }
        this.slots = new long[2 * slots];
        this.shift = Long.SIZE - Integer.numberOfTrailingZeros(slots);
    }

    /** True when a value is kept under {@code key}; read it with {@link #get}. */
    final boolean has(long key) {
        return slots[slot(key)] == key;
    }

    /** The value kept under {@code key}, when {@link #has} says one is. */
    final double get(long key) {
        return Double.longBitsToDouble(slots[slot(key) + 1]);
    }

    void put(long key, double value) {
        int s = slot(key);
        slots[s] = key;
        slots[s + 1] = Double.doubleToRawLongBits(value);
    }

    /** Forgets every value. */
    final void forgetAll() {
        Arrays.fill(slots, 0);
    }

    private int slot(long key) {
        return (int) (key >>> shift) << 1;
    }
}
