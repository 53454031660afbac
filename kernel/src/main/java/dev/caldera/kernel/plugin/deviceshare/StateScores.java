package dev.caldera.kernel.plugin.deviceshare;

/**
 * Policy scores shared by every node row in the same state: for the policies whose score reads of a node only its
 * state ({@link GpuPolicy#readsNodeStateOnly}: its devices' free units and holders in any order, device count,
 * capacity, GPU model and cpu idle, all digested by {@link GpuState#sharedStateHash}, not its name or memory), two
 * nodes alike score a class shape alike, so a shape's first view over 1,213 nodes mostly finds the score of an earlier node or cycle
 * (a recorded openb replay scores about 120,000 (shape, node) pairs in 6,300 distinct states; the paper's
 * protocol 114,000 in 26,500). {@link ScoreMemo} keeps a score per node row; this table sits under it (or serves alone when the
 * tie-break reads the node only: {@code DeviceSharePlugin}'s direct scorer), keyed by
 * a 64-bit digest of the shape and the node's state ({@link #key}). A digest collision would reuse a wrong score;
 * at 2^-64 per pair it is not guarded against (as in {@link ScoreMemo}). {@link #clear} drops everything (a new
 * workload mix or other devices, when the scores' tables changed).
 * <p>
 * Storage: a {@link KeptDoubles} of {@value #SLOTS} keys (512 KB, four per set), so a newer state takes the place of
 * the least recently used of its set's four; one table per thread (filter workers score concurrently), made on the
 * thread's first look-up; the last thread's table is found without its {@code ThreadLocal} (a replay scores on one thread, 629,000
 * look-ups for the chained openb trace). When the table was direct-mapped, 2^15 slots made a replay of the 13 timed
 * openb lists chained ({@code bench/replay-long.sh}) compute 71,451 scores for 56,286 distinct keys, 15,165 of them
 * again after their slot was taken, 2^17 slots 60,754 (4,468 again); the chained trace of the long replay misses
 * fewer in 2^16 keys two-way than in 2^17 direct-mapped slots, and about as often in 2^15 keys four-way
 * ({@link KeptDoubles}).
 * Threading: {@link #clear} on the scheduling thread at session open (workers see it as they see the rest of the
 * open); {@link #table} from any scoring thread. Allocation: a thread's table, once.
 */
final class StateScores {
    static final int SLOTS = 1 << 15;

    /** One thread's scores; valid while its {@code generation} is the owner's. */
    static final class Table extends KeptDoubles {
        private final Thread thread = Thread.currentThread();
        private long generation;

        Table() {
            super(SLOTS);
        }
    }

    private final ThreadLocal<Table> tables = ThreadLocal.withInitial(Table::new);
    /** The table of the thread that last asked: a reference read whole, its thread a final field. */
    private Table last;
    private long generation;

    /** The calling thread's table, emptied first when it predates the last {@link #clear}. */
    Table table() {
        Table t = last;
        if (t == null || t.thread != Thread.currentThread()) {
            t = tables.get();
            last = t;
        }
        if (t.generation != generation) {
            t.forgetAll();
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
