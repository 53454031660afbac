package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.SessionView;

/** The session's total allocatable over the capacity dimensions (Volcano's ssn.TotalResource). */
final class ClusterTotal {
    private ClusterTotal() {
    }

    /** Writes the totals into {@code out[dim]}; other entries are zeroed. O(dims), no allocation. */
    static void of(SessionView s, int[] dims, long[] out) {
        java.util.Arrays.fill(out, 0);
        for (int d : dims) {
            out[d] = s.totalAllocatable(d);
        }
    }
}
