package dev.caldera.kernel.plugin.capacity;

import java.util.Arrays;

/**
 * The capacity plugin's per-queue attributes for one session (Volcano's {@code queueAttr}), as flat arrays:
 * vectors are {@code long[queue * stride + dim]} in the canonical units of each dimension, with a parallel
 * {@code boolean[]} where Volcano's resource maps tell an unset scalar from a zero one ({@code *Has}; cpu and
 * memory are always set). {@link #UNLIMITED} stands for Volcano's infinite cpu or memory (MaxFloat64) and a
 * root queue's unbounded scalars (MaxInt64); {@link Limits#add} and {@link Limits#sub} keep it unlimited.
 * <p>
 * Queue ids are queue-table rows; one more slot ({@link #virtualRoot}) holds the implicit {@code root}
 * queue of a hierarchy when no Queue of that name exists.
 * <p>
 * Threading: scheduling thread. Arrays grow with the queue rows and the dimension count and are reused from
 * session to session ({@link #reset} clears, it does not reallocate).
 */
final class QueueAttrs {
    static final long UNLIMITED = Long.MAX_VALUE;

    int stride;
    /** Queue-table rows; the virtual root is slot {@code rows}. */
    int rows;
    int virtualRoot;

    /** True for queues that have attributes this session (flat: queues with a job; hierarchy: all). */
    boolean[] present = new boolean[0];
    /** Flat mode: the Queue sets {@code spec.capability} (else realCapability is not bounded by it). */
    boolean[] capabilitySet = new boolean[0];
    double[] share = new double[0];

    long[] deserved = new long[0];
    boolean[] deservedHas = new boolean[0];
    long[] allocated = new long[0];
    long[] request = new long[0];
    long[] inqueue = new long[0];
    long[] elastic = new long[0];
    long[] capability = new long[0];
    boolean[] capabilityHas = new boolean[0];
    long[] realCapability = new long[0];
    boolean[] realCapabilityHas = new boolean[0];
    long[] guarantee = new long[0];
    boolean[] guaranteeHas = new boolean[0];

    /** Sizes for {@code queueRows} queue-table rows (plus the virtual root) x {@code dims}; zeroes everything. */
    void reset(int queueRows, int dims) {
        int slots = queueRows + 1;
        if (dims != stride || slots > present.length) {
            allocate(Math.max(slots, present.length), dims);
        } else {
            clear(rows + 1);
        }
        rows = queueRows;
        virtualRoot = queueRows;
    }

    private void allocate(int cap, int dims) {
        stride = dims;
        present = new boolean[cap];
        capabilitySet = new boolean[cap];
        share = new double[cap];
        int n = cap * dims;
        deserved = new long[n];
        deservedHas = new boolean[n];
        allocated = new long[n];
        request = new long[n];
        inqueue = new long[n];
        elastic = new long[n];
        capability = new long[n];
        capabilityHas = new boolean[n];
        realCapability = new long[n];
        realCapabilityHas = new boolean[n];
        guarantee = new long[n];
        guaranteeHas = new boolean[n];
    }

    private void clear(int slots) {
        Arrays.fill(present, 0, slots, false);
        Arrays.fill(capabilitySet, 0, slots, false);
        Arrays.fill(share, 0, slots, 0);
        int n = slots * stride;
        for (long[] a : new long[][] {deserved, allocated, request, inqueue, elastic, capability, realCapability,
                guarantee}) {
            Arrays.fill(a, 0, n, 0);
        }
        for (boolean[] a : new boolean[][] {deservedHas, capabilityHas, realCapabilityHas, guaranteeHas}) {
            Arrays.fill(a, 0, n, false);
        }
    }

    int base(int queue) {
        return queue * stride;
    }

    /** Volcano's updateQueueAttrShare: 1 without deserved, else max of allocated / deserved over deserved's names. */
    void updateShare(int queue, int[] dims) {
        share[queue] = currentShare(queue, dims);
    }

    /** The share {@link #updateShare} would set now (reports read it without changing the plugin's state). */
    double currentShare(int queue, int[] dims) {
        int b = queue * stride;
        if (Limits.isEmpty(deserved, b, dims)) {
            return 1;
        }
        double res = 0;
        for (int d : dims) {
            long des = deserved[b + d];
            if (des > 0) {
                res = Math.max(res, (double) allocated[b + d] / (double) des);
            }
        }
        return res;
    }
}
