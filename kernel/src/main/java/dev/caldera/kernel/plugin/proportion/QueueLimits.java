package dev.caldera.kernel.plugin.proportion;

import dev.caldera.kernel.plugin.ShareDimensions;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.session.Session;

/**
 * A queue's fixed attributes for a session, as Volcano v1.7 derives them when it first meets a job of
 * the queue: weight, guarantee, and realCapability = min(capability, total - all guarantees + own
 * guarantee).
 * <p>
 * Volcano's resource maps tell "unset" from "zero"; Caldera's dense vectors do not, so a scalar counts as
 * listed when it is non-zero. Rules that follow from v1.7's map handling:
 * <ul>
 *   <li>an unset (or non-positive) cpu or memory capability does not bound the queue;</li>
 *   <li>a capability that lists no scalar resource bounds no scalar; one that lists some bounds every
 *       scalar the cluster has, those it does not list to zero (v1.7's helpers.Min);</li>
 *   <li>a scalar the cluster does not have and no guarantee lists is unbounded.</li>
 * </ul>
 * Threading: scheduling thread; no allocation; O(dims).
 */
final class QueueLimits {
    private QueueLimits() {
    }

    static void init(QueueAttributes a, int q, Session s, long[] totalGuarantee, int[] dims) {
        a.present[q] = true;
        a.weight[q] = s.queues.weight[q];
        int b = a.base(q);
        long[] guarantee = s.queues.guarantee[q];
        long[] capability = s.queues.capability[q];
        boolean capabilityHasScalar = capability != null && hasScalar(capability, dims);
        for (int d : dims) {
            long g = ShareDimensions.at(guarantee, d);
            a.guarantee[b + d] = g;
            long total = d < s.totalAllocatable.length ? s.totalAllocatable[d] : 0;
            boolean scalar = d > ResourceDimensions.MEMORY;
            boolean bounded = !scalar || total != 0 || totalGuarantee[d] != 0 || g != 0;
            long real = bounded ? total - totalGuarantee[d] + g : QueueAttributes.UNLIMITED;
            a.realCapability[b + d] = capability == null ? real : capped(real, capability, d, bounded,
                    capabilityHasScalar);
        }
    }

    private static long capped(long real, long[] capability, int d, boolean bounded, boolean capabilityHasScalar) {
        long cap = ShareDimensions.at(capability, d);
        if (d <= ResourceDimensions.MEMORY) {
            return cap > 0 ? Math.min(real, cap) : real;
        }
        if (!capabilityHasScalar || !bounded) {
            return QueueAttributes.UNLIMITED;
        }
        return Math.min(real, cap);
    }

    private static boolean hasScalar(long[] vector, int[] dims) {
        for (int d : dims) {
            if (d > ResourceDimensions.MEMORY && ShareDimensions.at(vector, d) != 0) {
                return true;
            }
        }
        return false;
    }
}
