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
        copy(queues.deserved(q), queues.deservedListed(q), a.deserved, a.deservedHas, b, dims);
        copy(queues.guarantee(q), queues.guaranteeListed(q), a.guarantee, a.guaranteeHas, b, dims);
        a.capabilitySet[q] = queues.capability(q) != null;
        copy(queues.capability(q), queues.capabilityListed(q), a.capability, a.capabilityHas, b, dims);
    }

    private static void copy(long[] vector, boolean[] listed, long[] out, boolean[] has, int b, int[] dims) {
        for (int d : dims) {
            out[b + d] = Limits.at(vector, d);
            has[b + d] = VolcanoDimensions.fixed(d) || Queues.listed(listed, d);
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
