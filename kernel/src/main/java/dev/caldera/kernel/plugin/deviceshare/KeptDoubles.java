package dev.caldera.kernel.plugin.deviceshare;

import java.util.Arrays;

/**
 * Doubles kept under 64-bit keys (never 0, the empty slot) in a four-way set-associative table: a key's set is its
 * top bits, each set holds four keys from the one read or kept last to the least recently used, and a new key takes
 * the place of the least recently used one. A set's keys and values lie side by side (64 bytes, a look-up reads one
 * or two cache lines). The storage of {@link StateScores}' per-thread tables, of {@link FillSums} and of
 * {@code FillPolicy}'s kept choices; what the keys digest, and when the table is emptied, is theirs.
 * <p>
 * Two ways rather than one slot per key: on the chained openb replay (fgdfill) the policy scores kept in 2^16 entries
 * two-way missed 40,107 of 629,297 look-ups, against 42,386 in the 2^17 direct-mapped slots before (a simulation
 * beside the real table, counter build), in half the memory, so fewer of the look-ups miss the processor's caches.
 * Four ways rather than two: the same replay's keys (logged, then replayed through each layout) miss about as often
 * in half the entries again (policy scores 40,228 in 2^15 keys four-way against 40,107 in 2^16 two-way; fill sums
 * 38,092 against 37,747; fgdfill's choices 7,884 in 2^13 against 7,872 in 2^14), the three tables 1.1 MB instead of
 * 2.25 MB: the look-ups that miss the caches cost more than the few hundred sums and scores computed again
 * ({@code KeptDoubles.has} a mean 90 -> 68 samples a run over 12 alternating pairs, perf-results/replay/speed.md).
 * <p>
 * Threading: one thread at a time. Allocation: {@code 16 x slots} bytes, once. Cost: O(ways) per call.
 */
class KeptDoubles {
    /** Keys per set. */
    static final int WAYS = 4;
    /** Per set: each way's key and value's raw bits, the newest way first. */
    private final long[] slots;
    private final int shift;

    /** A table of {@code slots} keys, a power of two, at least {@value #WAYS} (in {@code slots / WAYS} sets). */
    KeptDoubles(int slots) {
        if (Integer.bitCount(slots) != 1 || slots < WAYS) {
            throw new IllegalArgumentException("slots must be a power of two, at least " + WAYS + ", not " + slots);
        }
        this.slots = new long[2 * slots];
        this.shift = Long.SIZE - Integer.numberOfTrailingZeros(slots / WAYS);
    }

    /** True when a value is kept under {@code key}; read it with {@link #get}. */
    final boolean has(long key) {
        int s = set(key);
        long[] k = slots;
        return k[s] == key || k[s + 2] == key || k[s + 4] == key || k[s + 6] == key;
    }

    /**
     * The value kept under {@code key}, when {@link #has} says one is; the key becomes its set's newest (the ways
     * newer than its own move one way older).
     */
    final double get(long key) {
        int s = set(key);
        long[] k = slots;
        if (k[s] == key) {
            return Double.longBitsToDouble(k[s + 1]);
        }
        int w = k[s + 2] == key ? s + 2 : k[s + 4] == key ? s + 4 : s + 6;
        long value = k[w + 1];
        for (int i = w; i > s; i -= 2) {
            k[i] = k[i - 2];
            k[i + 1] = k[i - 1];
        }
        k[s] = key;
        k[s + 1] = value;
        return Double.longBitsToDouble(value);
    }

    /** Keeps {@code value} under {@code key}, which {@link #has} does not know: the set's oldest key is forgotten. */
    void put(long key, double value) {
        int s = set(key);
        long[] k = slots;
        k[s + 6] = k[s + 4];
        k[s + 7] = k[s + 5];
        k[s + 4] = k[s + 2];
        k[s + 5] = k[s + 3];
        k[s + 2] = k[s];
        k[s + 3] = k[s + 1];
        k[s] = key;
        k[s + 1] = Double.doubleToRawLongBits(value);
    }

    /** Forgets every value. */
    final void forgetAll() {
        Arrays.fill(slots, 0);
    }

    /** The index of the key's set's first way. */
    private int set(long key) {
        return (int) (key >>> shift) << 3;
    }
}
