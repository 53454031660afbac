package dev.caldera.kernel.plugin.proportion;


import java.util.Arrays;

/**
 * The proportion plugin's per-queue attributes for one session, as flat arrays: vector attributes are
 * {@code long[queue * stride + dim]} in the canonical units of each dimension. {@link #UNLIMITED} marks a
 * dimension a queue's realCapability does not bound (Volcano's "Infinity" default for a scalar the
 * capability does not list, and an unset cpu or memory capability).
 * <p>
 * Threading: scheduling thread. Arrays grow with the queue rows and the dimension count and are then
 * reused from session to session: {@link #reset} clears, it does not reallocate.
 */
final class QueueAttributes {
    static final long UNLIMITED = Long.MAX_VALUE;

    int stride;
    int rows;
    /** True for queues that have a job in the session (Volcano builds attributes only for those). */
    boolean[] present = new boolean[0];
    int[] weight = new int[0];
    long[] allocated = new long[0];
    long[] request = new long[0];
    long[] inqueue = new long[0];
    long[] elastic = new long[0];
    long[] guarantee = new long[0];
    long[] realCapability = new long[0];
    long[] deserved = new long[0];
    /** Max over dimensions with a positive deserved of allocated / deserved (Volcano's updateShare). */
    double[] share = new double[0];

    /** Sizes for {@code queueRows} x {@code dims} and zeroes every attribute. */
    void reset(int queueRows, int dims) {
        if (dims != stride || queueRows > present.length) {
            int cap = dims != stride ? Math.max(queueRows, present.length) : Math.max(Math.max(16, present.length + (present.length >> 1)), queueRows);
            allocate(cap, dims);
        } else {
            clear(rows);
        }
        rows = queueRows;
    }

    private void allocate(int cap, int dims) {
        stride = dims;
        present = new boolean[cap];
        weight = new int[cap];
        share = new double[cap];
        allocated = new long[cap * dims];
        request = new long[cap * dims];
        inqueue = new long[cap * dims];
        elastic = new long[cap * dims];
        guarantee = new long[cap * dims];
        realCapability = new long[cap * dims];
        deserved = new long[cap * dims];
    }

    private void clear(int oldRows) {
        Arrays.fill(present, 0, oldRows, false);
        Arrays.fill(weight, 0, oldRows, 0);
        Arrays.fill(share, 0, oldRows, 0);
        int n = oldRows * stride;
        Arrays.fill(allocated, 0, n, 0);
        Arrays.fill(request, 0, n, 0);
        Arrays.fill(inqueue, 0, n, 0);
        Arrays.fill(elastic, 0, n, 0);
        Arrays.fill(guarantee, 0, n, 0);
        Arrays.fill(realCapability, 0, n, 0);
        Arrays.fill(deserved, 0, n, 0);
    }

    int base(int queue) {
        return queue * stride;
    }

    /** Recomputes the queue's share from allocated and deserved over {@code dims}. O(dims), no allocation. */
    void updateShare(int queue, int[] dims) {
        int b = queue * stride;
        double res = 0;
        for (int d : dims) {
            long des = deserved[b + d];
            if (des > 0) {
                double s = (double) allocated[b + d] / (double) des;
                if (s > res) {
                    res = s;
                }
            }
        }
        share[queue] = res;
    }
}
