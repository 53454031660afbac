package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.Queues;
import dev.caldera.kernel.framework.VolcanoDimensions;

/**
 * Copies a queue's {@code spec.deserved}, {@code spec.capability} and {@code spec.guarantee.resource} into
 * its attribute slot as Volcano's {@code api.NewResource} reads them: listed names become set entries (also
 * with a zero amount), unlisted scalars stay unset, cpu and memory are always set (0 when unlisted).
 * <p>
 * Threading: stateless. O(dims), no allocation.
 */
final class QueueSpecs {
    private QueueSpecs() {
    }

    /** Fills deserved, guarantee and capability of slot {@code q} from queue-table row {@code q}. */
    static void copy(Queues queues, int q, QueueAttrs a, int[] dims) {
        int b = a.base(q);
        a.present[q] = true;
        a.capabilitySet[q] = queues.hasCapability(q);
        for (int d : dims) {
            a.deserved[b + d] = queues.deserved(q, d);
            a.deservedHas[b + d] = VolcanoDimensions.fixed(d) || queues.deservedListed(q, d);
            a.guarantee[b + d] = queues.guarantee(q, d);
            a.guaranteeHas[b + d] = VolcanoDimensions.fixed(d) || queues.guaranteeListed(q, d);
            a.capability[b + d] = queues.capability(q, d);
            a.capabilityHas[b + d] = VolcanoDimensions.fixed(d) || queues.capabilityListed(q, d);
        }
    }

    /** The flat plugin's reading of a set capability: cpu or memory at or below zero is unlimited. */
    static void unboundUnsetCpuMemory(QueueAttrs a, int q) {
        int b = a.base(q);
        for (int d = 0; d <= 1; d++) {
            if (a.capability[b + d] <= 0) {
                a.capability[b + d] = QueueAttrs.UNLIMITED;
            }
        }
    }
}
