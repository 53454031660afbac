package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.session.Session;

/** The session's total allocatable over the capacity dimensions (Volcano's ssn.TotalResource). */
final class ClusterTotal {
    private ClusterTotal() {
    }

    /** Writes the totals into {@code out[dim]}; other entries are zeroed. O(dims), no allocation. */
    static void of(Session s, int[] dims, long[] out) {
        java.util.Arrays.fill(out, 0);
        for (int d : dims) {
            out[d] = Limits.at(s.totalAllocatable, d);
        }
    }
}
