package dev.caldera.kernel.session;

/**
 * A ring of the nodes whose usage changed in this session, in order, so a cache of per-node filter and
 * score results can refresh just those nodes: read {@link #sequence()} when the cache is filled, then
 * replay {@code node(s)} for every {@code s} from there up to the current sequence. When a reader falls
 * more than {@link #capacity()} behind it must rebuild from scratch ({@link #covers}).
 * <p>
 * {@link #frees()} counts operations that gave resources back (an undo or an eviction): while it is
 * unchanged, resources only shrank, so a node that did not fit still does not.
 * <p>
 * Threading: NOT thread safe. Cost: O(1) per record, no allocation.
 */
public final class NodeJournal {
    private static final int CAPACITY = 1 << 14;
    private static final int MASK = CAPACITY - 1;

    private final int[] ring = new int[CAPACITY];
    private long sequence;
    private long frees;

    void reset() {
        sequence = 0;
        frees = 0;
    }

    void touched(int node) {
        ring[(int) (sequence++ & MASK)] = node;
    }

    void freed() {
        frees++;
    }

    public long sequence() {
        return sequence;
    }

    public long frees() {
        return frees;
    }

    public int capacity() {
        return CAPACITY;
    }

    /** True when every record since {@code since} is still in the ring. */
    public boolean covers(long since) {
        return sequence - since <= CAPACITY;
    }

    /** The node of record {@code s} (valid while {@link #covers} holds for it). */
    public int node(long s) {
        return ring[(int) (s & MASK)];
    }
}
