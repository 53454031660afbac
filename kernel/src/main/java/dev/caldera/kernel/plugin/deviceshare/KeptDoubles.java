package dev.caldera.kernel.plugin.deviceshare;

import java.util.Arrays;

/**
 * Doubles kept under 64-bit keys (never 0, the empty slot) in a two-way set-associative table: a key's set is its
 * top bits, each set holds two keys, the one read or kept last first, and a new key takes the place of the set's
 * other (least recently used) one. A set's keys and values lie side by side (32 bytes, a look-up reads one or two
 * cache lines). The storage of {@link StateScores}' per-thread tables, of {@link FillSums} and of
 * {@code FillPolicy}'s kept choices; what the keys digest, and when the table is emptied, is theirs.
 * <p>
 * Two ways rather than one slot per key: on the chained openb replay (fgdfill) the policy scores kept in 2^16 entries
 * this way missed 40,107 of 629,297 look-ups, against 42,386 in the 2^17 direct-mapped slots before (a simulation
 * beside the real table, counter build), in half the memory, so fewer of the look-ups miss the processor's caches.
 * <p>
 * Threading: one thread at a time. Allocation: {@code 16 x slots} bytes, once. Cost: O(1) per call.
 */
class KeptDoubles {
    /** Per set: the first way's key and value's raw bits, then the second way's; the first is the newer. */
    private final long[] slots;
    private final int shift;

    /** A table of {@code slots} keys, a power of two, at least 2 (in {@code slots / 2} sets). */
    KeptDoubles(int slots) {
        if (Integer.bitCount(slots) != 1 || slots < 2) {
            throw new IllegalArgumentException("slots must be a power of two, at least 2, not " + slots);
        }
        this.slots = new long[2 * slots];
        this.shift = Long.SIZE - Integer.numberOfTrailingZeros(slots / 2);
    }

    /** True when a value is kept under {@code key}; read it with {@link #get}. */
    final boolean has(long key) {
        int s = set(key);
        return slots[s] == key || slots[s + 2] == key;
    }

    /**
     * The value kept under {@code key}, when {@link #has} says one is; the key becomes its set's newer one (a key
     * found in the second way swaps places with the first).
     */
    final double get(long key) {
        int s = set(key);
        if (slots[s] == key) {
            return Double.longBitsToDouble(slots[s + 1]);
        }
        long value = slots[s + 3];
        slots[s + 2] = slots[s];
        slots[s + 3] = slots[s + 1];
        slots[s] = key;
        slots[s + 1] = value;
        return Double.longBitsToDouble(value);
    }

    /** Keeps {@code value} under {@code key}, which {@link #has} does not know: the set's older key is forgotten. */
    void put(long key, double value) {
        int s = set(key);
        slots[s + 2] = slots[s];
        slots[s + 3] = slots[s + 1];
        slots[s] = key;
        slots[s + 1] = Double.doubleToRawLongBits(value);
    }

    /** Forgets every value. */
    final void forgetAll() {
        Arrays.fill(slots, 0);
    }

    /** The index of the key's set's first way. */
    private int set(long key) {
        return (int) (key >>> shift) << 2;
    }
}
