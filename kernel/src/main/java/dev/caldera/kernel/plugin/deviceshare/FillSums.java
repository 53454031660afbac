package dev.caldera.kernel.plugin.deviceshare;

import java.util.Arrays;

/**
 * {@link FillFragmentation}'s weighted sums kept under a 64-bit digest of everything a sum reads besides its
 * {@link MixTable}: the node's GPU model and device capacity, the cpu left, the free units, the idle devices and
 * the copies per distinct share. The sum walks every shape of the mix (403 in the chained openb trace) while its
 * inputs repeat: nodes alike, a device tried for another class of the same share, the device chosen at placement
 * that a score already tried (a replay of that trace made 157,664 sums of 37,230 distinct inputs). The digest
 * costs O(distinct shares). A digest collision would reuse a wrong sum; at 2^-64 per pair it is not guarded
 * against (as in {@link StateScores}).
 * <p>
 * Storage: direct-mapped, {@value #SLOTS} slots of a key and the sum's bits side by side (one cache line per
 * look-up, 1 MB), a newer input taking the slot of an older one; emptied when used with another table or table
 * version ({@link #use}). Threading: one per thread, in its {@link FillFragmentation.Counts}. Allocation: the
 * slots, at the thread's first sum.
 */
final class FillSums {
    static final int SLOTS = 1 << 16;
    private static final int SHIFT = Long.SIZE - Integer.numberOfTrailingZeros(SLOTS);

    /** Key at {@code 2 * slot}, the sum's raw bits at {@code 2 * slot + 1}. */
    private final long[] slots = new long[2 * SLOTS];
    private MixTable table;
    private long version;
    /** Sums computed because no slot held them (tests). */
    long computed;

    /** Before reading sums against {@code mix}: forgets every kept sum when they were taken against another table. */
    void use(MixTable mix) {
        if (mix != table || mix.version != version) {
            Arrays.fill(slots, 0);
            table = mix;
            version = mix.version;
        }
    }

    /** The key of a sum's inputs (never 0, the empty slot); O(groups). */
    static long key(int model, long capacity, long cpu, long total, int idle, long[] copies, int groups) {
        // each step a bijection of h for a fixed input (an odd multiplier, then SplitMix64's finalizer)
        long h = TieBreak.mix(model * 0x9E3779B97F4A7C15L + capacity);
        h = TieBreak.mix(h * 0x9E3779B97F4A7C15L + cpu);
        h = TieBreak.mix(h * 0x9E3779B97F4A7C15L + total);
        h = TieBreak.mix(h * 0x9E3779B97F4A7C15L + idle);
        for (int k = 0; k < groups; k++) {
            h = TieBreak.mix(h * 0x9E3779B97F4A7C15L + copies[k]);
        }
        return h | 1;
    }

    /** True when a sum is kept under {@code key}; read it with {@link #sum}. */
    boolean has(long key) {
        return slots[slot(key)] == key;
    }

    double sum(long key) {
        return Double.longBitsToDouble(slots[slot(key) + 1]);
    }

    void put(long key, double sum) {
        int s = slot(key);
        slots[s] = key;
        slots[s + 1] = Double.doubleToRawLongBits(sum);
        computed++;
    }

    private static int slot(long key) {
        return (int) (key >>> SHIFT) << 1;
    }
}
