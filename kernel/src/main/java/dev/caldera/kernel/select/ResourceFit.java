package dev.caldera.kernel.select;

import dev.caldera.kernel.cluster.NodeUsage;

/**
 * Exact integer resource checks of a request vector against a node's idle and future-idle resources.
 * Cost: O(dims requested), no allocation.
 */
public final class ResourceFit {
    private ResourceFit() {
    }

    /** A bit per dimension whose request exceeds the node's futureIdle (dims past 63 share bit 63); 0 if all fit. */
    public static long shortOfFutureIdle(long[] request, NodeUsage usage, int node) {
        long mask = 0;
        for (int d = 0; d < request.length; d++) {
            long r = request[d];
            if (r != 0 && r > usage.idle[d][node] + usage.releasing[d][node] - usage.pipelined[d][node]) {
                mask |= 1L << Math.min(d, 63);
            }
        }
        return mask;
    }

    /** True when every requested dimension fits the node's idle resources. */
    public static boolean fitsIdle(long[] request, NodeUsage usage, int node) {
        for (int d = 0; d < request.length; d++) {
            long r = request[d];
            if (r != 0 && r > usage.idle[d][node]) {
                return false;
            }
        }
        return true;
    }

    /** True when every requested dimension fits the node's futureIdle resources. */
    public static boolean fitsFutureIdle(long[] request, NodeUsage usage, int node) {
        return shortOfFutureIdle(request, usage, node) == 0;
    }
}
