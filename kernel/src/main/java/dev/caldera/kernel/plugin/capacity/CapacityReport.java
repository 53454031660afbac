package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.QueueShare;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.VolcanoDimensions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The capacity plugin's queues as {@link QueueShare} report rows: deserved (set entries), allocated (non-zero
 * entries, cpu and memory always), realCapability (bounded entries only), and the share from allocated and
 * deserved at the end of the cycle (an inner queue's own share is not refreshed during a cycle, as in Volcano;
 * the report shows the current one). Report time only; allocates.
 */
final class CapacityReport {
    private CapacityReport() {
    }

    static List<QueueShare> of(SessionView s, QueueAttrs a, QueueTree tree, int[] dims) {
        List<QueueShare> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        for (int q = 0; q <= a.rows; q++) {
            if (a.present[q]) {
                out.add(row(s, a, tree, q, dims));
            }
        }
        return out;
    }

    private static QueueShare row(SessionView s, QueueAttrs a, QueueTree tree, int q, int[] dims) {
        int b = a.base(q);
        String parent = tree == null || q == tree.root ? null : name(s, a, tree.parent[q]);
        return new QueueShare(name(s, a, q), parent, list(s, a.deserved, a.deservedHas, b, dims, false),
                list(s, a.allocated, null, b, dims, false), list(s, a.realCapability, a.realCapabilityHas, b, dims,
                true), a.currentShare(q, dims), ResourceList.EMPTY, ResourceList.EMPTY);
    }

    private static String name(SessionView s, QueueAttrs a, int q) {
        return q == a.virtualRoot ? QueueTree.ROOT : s.queues().name(q);
    }

    /** Set entries ({@code has}) or, without flags, cpu, memory and non-zero entries; bounds skip unlimited. */
    private static ResourceList list(SessionView s, long[] v, boolean[] has, int b, int[] dims, boolean bound) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int d : dims) {
            long x = v[b + d];
            boolean shown = has != null ? has[b + d] : VolcanoDimensions.fixed(d) || x != 0;
            if (shown && !(bound && x == QueueAttrs.UNLIMITED)) {
                m.put(s.dims().name(d), x);
            }
        }
        return ResourceList.of(m);
    }
}
