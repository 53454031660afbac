package dev.caldera.k8s.simulate;

import dev.caldera.k8s.manifest.Location;
import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.quantity.Quantities;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.resource.ResourceList;

import java.util.HashMap;
import java.util.Map;

/**
 * Keeps the cluster's quantity totals where the kernel's exact 64-bit arithmetic holds them: the sum of every
 * node's allocatable, of every pod's request, of every PodGroup's minResources and of every queue's capability,
 * guarantee and deserved, per resource, at most {@link #LIMIT} (2^62, so that a sum of two totals still fits).
 * An input beyond that is refused naming the object that crossed it, instead of overflowing silently (two nodes
 * of 5e15 cpu used to wrap the cluster's total around and leave a 1-cpu pod unadmitted).
 * <p>
 * Threading: one thread.
 */
final class ClusterTotals {
    static final long LIMIT = 1L << 62;

    private final Map<String, long[]> sums = new HashMap<>();

    void node(NodeSpec n, Location at) {
        add("nodes' allocatable", n.allocatable(), "Node " + n.name(), at);
    }

    void task(TaskSpec t, Location at) {
        add("pods' requests", t.request(), "Pod " + t.key(), at);
    }

    void job(JobSpec j, Location at) {
        add("PodGroups' minResources", j.minResources(), "PodGroup " + j.key(), at);
    }

    void queue(QueueSpec q, Location at) {
        add("queues' capability", q.capability(), "Queue " + q.name(), at);
        add("queues' guarantee", q.guarantee(), "Queue " + q.name(), at);
        add("queues' deserved", q.deserved(), "Queue " + q.name(), at);
    }

    private void add(String what, ResourceList amounts, String object, Location at) {
        if (amounts == null) {
            return;
        }
        for (int i = 0; i < amounts.size(); i++) {
            long[] sum = sums.computeIfAbsent(what + "\0" + amounts.name(i), k -> new long[1]);
            long next = sum[0] + amounts.amount(i);
            if (next > LIMIT || next < 0) {
                throw new ManifestException(at + ": " + object + ": the total " + amounts.name(i) + " of all " + what
                        + " would exceed " + LIMIT + " " + Quantities.unit(amounts.name(i)) + ", more than Caldera"
                        + " can add up exactly in 64 bits");
            }
            sum[0] = next;
        }
    }
}
