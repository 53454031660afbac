package dev.caldera.kernel.plugin.proportion;

import dev.caldera.kernel.framework.Queues;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Dimensions;

/**
 * A queue's fixed attributes for a session, as current Volcano's proportion plugin derives them when it first
 * meets a job of the queue ({@code OnSessionOpen}): weight, guarantee, and
 * {@code realCapability = ExceededPart(total, all guarantees) + own guarantee}, bounded by the capability
 * ({@code MinDimensionResource(capability, Infinity)}):
 * <ul>
 *   <li>a capability with no resource at all bounds nothing;</li>
 *   <li>an unset or non-positive cpu or memory capability bounds nothing on that resource (Volcano reads it as
 *       MaxFloat64);</li>
 *   <li>a scalar the capability lists bounds it, even to 0; a scalar it does not list is not bounded
 *       (Volcano v1.7 bounded it to 0 when the capability listed some other scalar);</li>
 *   <li>a resource the cluster does not have and no guarantee lists has realCapability 0.</li>
 * </ul>
 * Threading: scheduling thread; no allocation; O(dims).
 */
final class QueueLimits {
    private QueueLimits() {
    }

    static void init(QueueAttributes a, int q, SessionView s, long[] totalGuarantee, int[] dims) {
        a.present[q] = true;
        a.weight[q] = s.queues().weight(q);
        int b = a.base(q);
        Queues queues = s.queues();
        boolean capped = queues.hasCapability(q) && queues.capabilityListsAny(q);
        for (int d : dims) {
            long g = queues.guarantee(q, d);
            a.guarantee[b + d] = g;
            long total = s.totalAllocatable(d);
            long real = Math.max(total - totalGuarantee[d], 0) + g;
            a.realCapability[b + d] = capped ? bound(real, queues, q, d) : real;
        }
    }

    private static long bound(long real, Queues queues, int q, int d) {
        long cap = queues.capability(q, d);
        if (d == Dimensions.CPU || d == Dimensions.MEMORY) {
            return cap > 0 ? Math.min(real, cap) : real;
        }
        return queues.capabilityListed(q, d) ? Math.min(real, cap) : real;
    }
}
