package dev.caldera.kernel.plugin.deviceshare;

import java.util.Arrays;

/**
 * Policy scores shared by every node row in the same state: for the policies whose score reads of a node only its
 * state ({@link GpuPolicy#readsNodeStateOnly}: its devices' free units and holders, device count, capacity, GPU
 * model, cpu and memory idle, all digested by {@link GpuState#stateHash}, not its name), two nodes alike score a
 * class shape alike, so a shape's first view over 1,213 nodes mostly finds the score of an earlier node or cycle
 * (a recorded openb replay scores about 120,000 (shape, node) pairs in 6,300 distinct states; the paper's
 * protocol 114,000 in 26,500). {@link ScoreMemo} keeps a score per node row; this table sits under it, keyed by
 * a 64-bit digest of the shape and the node's state ({@link #key}). A digest collision would reuse a wrong score;
 * at 2^-64 per pair it is not guarded against (as in {@link ScoreMemo}). {@link #clear} drops everything (a new
 * workload mix or other devices, when the scores' tables changed).
 * <p>
 * Storage: direct-mapped, {@value #SLOTS} slots of one key and one score (2 MB), so a newer state takes the slot of
 * an older one; one table per thread (filter workers score concurrently), made on the thread's first look-up. With
 * 2^15 slots a replay of the 13 timed openb lists chained ({@code bench/replay-long.sh}) computed 71,451 scores for
 * 56,286 distinct keys, 15,165 of them again after their slot was taken; with 2^17, 60,754 (4,468 again).
 * Threading: {@link #clear} on the scheduling thread at session open (workers see it as they see the rest of the
 * open); {@link #table} from any scoring thread. Allocation: a thread's table, once.
 */
final class StateScores {
    static final int SLOTS = 1 << 17;
    private static final int SHIFT = Long.SIZE - Integer.numberOfTrailingZeros(SLOTS);

    /** One thread's slots; valid while its {@code generation} is the owner's. */
    static final class Table {
        private final long[] keys = new long[SLOTS];
        private final double[] scores = new double[SLOTS];
        private long generation;

        /** True when a score is kept under {@code key}; read it with {@link #score}. */
        boolean has(long key) {
            return keys[slot(key)] == key;
        }

        double score(long key) {
            return scores[slot(key)];
        }

        void put(long key, double score) {
            int slot = slot(key);
            keys[slot] = key;
            scores[slot] = score;
        }

        private static int slot(long key) {
            return (int) (key >>> SHIFT);
        }
    }

    private final ThreadLocal<Table> tables = ThreadLocal.withInitial(Table::new);
    private long generation;

    /** The calling thread's table, emptied first when it predates the last {@link #clear}. */
    Table table() {
        Table t = tables.get();
        if (t.generation != generation) {
            Arrays.fill(t.keys, 0);
            t.generation = generation;
        }
        return t;
    }

    /** Forgets every score, on every thread's table (each is emptied at its next look-up). */
    void clear() {
        generation++;
    }

    /**
     * The key of a class shape's score on a node in state {@code nodeState} with {@code devices} devices (never 0,
     * the empty slot): the digest of the shape and the state, not of the node's name.
     */
    static long key(long shapeDigest, long nodeState, int devices) {
        return TieBreak.mix((nodeState * 31 + shapeDigest) * 65 + devices) | 1;
    }
}
