package dev.caldera.kernel.statement;

/**
 * A ring buffer of primitive operation records, addressed by a growing sequence number
 * ({@code seq & mask}). Each record is one long ({@code task << 32 | node}) and one int
 * ({@code op | previousStatus << 8 | reason << 16}; an Evict's reason is why, a Pipeline's is 1 when
 * evictions made its room). Records are appended at the tail and dropped from
 * the head; the buffer doubles only when more records are live than it holds, so after warm-up it is
 * reused across jobs and cycles without allocation.
 * <p>
 * Threading: NOT thread safe; the scheduling thread only.
 */
public final class UndoLog {
    public static final int ALLOCATE = 1;
    public static final int PIPELINE = 2;
    public static final int EVICT = 3;

    private long[] taskNode = new long[1024];
    private int[] meta = new int[1024];
    private int mask = 1023;
    private long head;
    private long tail;

    /** Appends a record; returns its sequence. */
    public long append(int op, int task, int node, byte previous, int reason) {
        if (tail - head == taskNode.length) {
            grow();
        }
        int i = (int) (tail & mask);
        taskNode[i] = ((long) task << 32) | (node & 0xFFFFFFFFL);
        meta[i] = op | (previous & 0xFF) << 8 | reason << 16;
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

    public int op(long seq) {
        return meta[(int) (seq & mask)] & 0xFF;
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
