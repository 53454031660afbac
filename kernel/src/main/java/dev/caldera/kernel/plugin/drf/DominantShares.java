package dev.caldera.kernel.plugin.drf;

import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.framework.SessionView;

import java.util.Arrays;

/**
 * Allocated vectors and dominant shares of a set of owners (jobs, or namespaces by symbol id), as flat
 * arrays {@code allocated[owner * stride + dim]}. The dominant share is Volcano's calculateShare: the
 * largest {@code allocated / total} over the counted dimensions with a positive cluster total.
 * <p>
 * Threading: scheduling thread. Arrays grow with the owner count and are reused across sessions;
 * {@link #clear} resets one owner in O(dims). Share computation is O(dims), no allocation.
 */
final class DominantShares {
    int stride;
    long[] allocated = new long[0];
    double[] share = new double[0];

    /** Makes room for {@code owners} owners of {@code dims} dimensions; drops everything if dims changed. */
    void size(int owners, int dims) {
        if (dims != stride) {
            stride = dims;
            allocated = new long[Math.max(owners, share.length) * dims];
            share = new double[Math.max(owners, share.length)];
        } else if (owners > share.length) {
            int cap = Math.max(Math.max(16, share.length + (share.length >> 1)), owners);
            allocated = Arrays.copyOf(allocated, cap * dims);
            share = Arrays.copyOf(share, cap);
        }
    }

    /** Every owner back to nothing allocated. */
    void clearAll() {
        Arrays.fill(allocated, 0);
        Arrays.fill(share, 0);
    }

    void clear(int owner) {
        Arrays.fill(allocated, owner * stride, (owner + 1) * stride, 0);
        share[owner] = 0;
    }

    /** Adds {@code sign x vector} over {@code dims} to the owner's allocated, then refreshes its share. */
    void add(int owner, Request vector, int sign, int[] dims, long[] total) {
        int b = owner * stride;
        for (int d : dims) {
            allocated[b + d] += sign * vector.at(d);
        }
        refresh(owner, dims, total);
    }

    /** Adds a job's {@link dev.caldera.kernel.cluster.JobRequests} column; the share waits for {@link #refresh}. */
    void accumulateAllocated(SessionView s, int job, int[] dims) {
        int b = job * stride;
        for (int d : dims) {
            allocated[b + d] += s.allocatedRequest(d, job) + s.pipelinedRequest(d, job);
        }
    }

    /** Recomputes the owner's share from its allocated. */
    void refresh(int owner, int[] dims, long[] total) {
        share[owner] = shareOf(allocated, owner * stride, dims, total);
    }

    /** Volcano's calculateShare over {@code vector[base + dim]}. */
    static double shareOf(long[] vector, int base, int[] dims, long[] total) {
        double res = 0;
        for (int d : dims) {
            long t = d < total.length ? total[d] : 0;
            if (t > 0) {
                double s = (double) vector[base + d] / (double) t;
                if (s > res) {
                    res = s;
                }
            }
        }
        return res;
    }
}
