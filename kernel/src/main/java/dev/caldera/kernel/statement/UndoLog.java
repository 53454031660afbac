package dev.caldera.kernel.statement;

/**
 * A ring buffer of primitive operation records, addressed by a growing sequence number
 * ({@code seq & mask}). Each record is one long and one int:
 * <pre>
 *   long: task (bits 63..32) | node (bits 31..0, -1 allowed)
 *   int:  reason (bits 31..16, 0..65535) | previous status (bits 15..8) | op ordinal (bits 7..0)
 * </pre>
 * An Evict's reason is why ({@code Decisions.PREEMPT}/{@code RECLAIM}), a Pipeline's is 1 when evictions
 * made its room. {@link #append} refuses a value that does not fit its bits instead of packing it wrong.
 * Records are appended at the tail and dropped from the head; the buffer doubles only when more records are
 * live than it holds, so after warm-up it is reused across jobs and cycles without allocation.
 * <p>
 * Threading: NOT thread safe; the scheduling thread only.
 */
public final class UndoLog {
    /** The largest reason a record holds (16 bits). */
    public static final int MAX_REASON = 0xFFFF;

    private long[] taskNode = new long[1024];
    private int[] meta = new int[1024];
    private int mask = 1023;
    private long head;
    private long tail;

    /**
     * Appends a record; returns its sequence.
     *
     * @throws IllegalArgumentException when {@code task} is negative or {@code reason} is outside
     *                                  {@code [0, MAX_REASON]} (it would not read back as written)
     */
    public long append(UndoOp op, int task, int node, byte previous, int reason) {
        if (task < 0 || (reason & ~MAX_REASON) != 0) {
            throw new IllegalArgumentException("undo record out of range: task " + task + ", reason " + reason
                    + " (task >= 0, reason 0.." + MAX_REASON + ")");
        }
        if (tail - head == taskNode.length) {
            grow();
        }
        int i = (int) (tail & mask);
        taskNode[i] = ((long) task << 32) | (node & 0xFFFFFFFFL);
        meta[i] = op.ordinal() | (previous & 0xFF) << 8 | reason << 16;
        return tail++;
    }

    public long head() {
        return head;
    }

    public long tail() {
        return tail;
    }

    /** Drops every record before {@code seq}. */
    public void dropBefore(long seq) {
        head = Math.max(head, Math.min(seq, tail));
    }

    /** Drops every record from {@code seq} on. */
    public void truncate(long seq) {
        tail = Math.max(head, Math.min(seq, tail));
    }

    public UndoOp op(long seq) {
        return UndoOp.of(meta[(int) (seq & mask)] & 0xFF);
    }

    public byte previous(long seq) {
        return (byte) (meta[(int) (seq & mask)] >>> 8);
    }

    public int reason(long seq) {
        return meta[(int) (seq & mask)] >>> 16;
    }

    public int task(long seq) {
        return (int) (taskNode[(int) (seq & mask)] >>> 32);
    }

    public int node(long seq) {
        return (int) taskNode[(int) (seq & mask)];
    }

    private void grow() {
        int n = taskNode.length;
        long[] tn = new long[n * 2];
        int[] m = new int[n * 2];
        int newMask = n * 2 - 1;
        for (long s = head; s < tail; s++) {
            tn[(int) (s & newMask)] = taskNode[(int) (s & mask)];
            m[(int) (s & newMask)] = meta[(int) (s & mask)];
        }
        taskNode = tn;
        meta = m;
        mask = newMask;
    }
}
