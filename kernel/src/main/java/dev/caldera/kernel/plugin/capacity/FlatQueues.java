package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.Queues;
import dev.caldera.kernel.framework.SessionView;

import java.util.Arrays;

/**
 * Current Volcano's {@code buildQueueAttrs} (capacity without hierarchy): every queue that has a job in the
 * session gets attributes:
 * <ul>
 *   <li>realCapability = (cluster total - the guarantees of all queues, where positive) + own guarantee,
 *       bounded by {@code spec.capability} where that sets a value (an unset or non-positive cpu or memory
 *       capability bounds nothing);</li>
 *   <li>deserved = {@code spec.deserved} bounded by realCapability where both set a value, then raised to the
 *       guarantee;</li>
 *   <li>allocated, request, inqueue and elastic from its jobs ({@link JobTotals}); share from allocated and
 *       deserved.</li>
 * </ul>
 * Threading: scheduling thread. Scratch vectors reused; O(queues x dims + jobs x dims).
 */
final class FlatQueues {
    private long[] total = new long[0];
    private long[] totalGuarantee = new long[0];

    void build(SessionView s, QueueAttrs a, JobTotals totals, int[] dims) {
        size(a.stride);
        ClusterTotal.of(s, dims, total);
        sumGuarantees(s.queues(), dims);
        for (int i = 0; i < s.jobCount(); i++) {
            int job = s.job(i);
            int q = s.jobs().queue(job);
            if (!a.present[q]) {
                init(s.queues(), q, a, dims);
            }
            totals.add(s, job, a, a.base(q), dims);
        }
        for (int q = 0; q < a.rows; q++) {
            if (a.present[q]) {
                int b = a.base(q);
                Vectors.minWith(a.deserved, a.deservedHas, b, a.realCapability, a.realCapabilityHas, b, dims);
                Vectors.maxWith(a.deserved, a.deservedHas, b, a.guarantee, a.guaranteeHas, b, dims);
                a.updateShare(q, dims);
            }
        }
    }

    private void init(Queues queues, int q, QueueAttrs a, int[] dims) {
        QueueSpecs.copy(queues, q, a, dims);
        int b = a.base(q);
        Vectors.exceededPart(total, 0, totalGuarantee, 0, a.realCapability, a.realCapabilityHas, b, dims);
        Vectors.add(a.realCapability, a.realCapabilityHas, b, a.guarantee, a.guaranteeHas, b, dims);
        if (a.capabilitySet[q]) {
            QueueSpecs.unboundUnsetCpuMemory(a, q);
            Vectors.minWith(a.realCapability, a.realCapabilityHas, b, a.capability, a.capabilityHas, b, dims);
        }
    }

    /** The guarantees of every live queue, whether or not it has jobs (Volcano sums ssn.Queues). */
    private void sumGuarantees(Queues queues, int[] dims) {
        Arrays.fill(totalGuarantee, 0);
        for (int q = 0; q < queues.rows(); q++) {
            if (!queues.live(q) || !queues.hasGuarantee(q)) {
                continue;
            }
            for (int d : dims) {
                totalGuarantee[d] += queues.guarantee(q, d);
            }
        }
    }

    private void size(int stride) {
        if (total.length != stride) {
            total = new long[stride];
            totalGuarantee = new long[stride];
        }
    }
}
