package dev.caldera.kernel.plugin.deviceshare;

/**
 * {@link FillFragmentation}'s weighted sums kept under a 64-bit digest of everything a sum reads besides its
 * {@link MixTable}: the node's GPU model and device capacity, the cpu left, the free units, the idle devices and
 * the copies per distinct share. The sum walks every shape of the mix (403 in the chained openb trace) while its
 * inputs repeat: nodes alike, a device tried for another class of the same share, the device chosen at placement
 * that a score already tried (a replay of that trace made 157,664 sums of 37,230 distinct inputs). The digest
 * costs O(distinct shares). A digest collision would reuse a wrong sum; at 2^-64 per pair it is not guarded
 * against (as in {@link StateScores}).
 * <p>
 * Storage: a {@link KeptDoubles} of {@value #SLOTS} keys (512 KB), a newer input taking the place of the least
 * recently used of its set's four; emptied when used with another table or table version ({@link #use}).
 * Threading: one per thread, in its {@link FillFragmentation.Counts}. Allocation: the slots, at the thread's first
 * sum.
 */
final class FillSums extends KeptDoubles {
    static final int SLOTS = 1 << 15;

    private MixTable table;
    private long version;
    /** Sums computed because no slot held them (tests). */
    long computed;

    FillSums() {
        super(SLOTS);
    }

    /** Before reading sums against {@code mix}: forgets every kept sum when they were taken against another table. */
    void use(MixTable mix) {
        if (mix != table || mix.version != version) {
            forgetAll();
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

    /** Keeps a sum computed because no slot held it. */
    @Override
    void put(long key, double sum) {
        super.put(key, sum);
        computed++;
    }
}
