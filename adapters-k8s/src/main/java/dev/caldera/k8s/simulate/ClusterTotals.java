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

    /** Per kind of total, the sum per resource name. */
    private final Map<String, long[]> allocatable = new HashMap<>();
    private final Map<String, long[]> requests = new HashMap<>();
    private final Map<String, long[]> minResources = new HashMap<>();
    private final Map<String, long[]> capability = new HashMap<>();
    private final Map<String, long[]> guarantee = new HashMap<>();
    private final Map<String, long[]> deserved = new HashMap<>();

    void node(NodeSpec n, Location at) {
        check(add(allocatable, n.allocatable()), "nodes' allocatable", n.allocatable(), "Node " + n.name(), at);
    }

    void task(TaskSpec t, Location at) {
        int over = add(requests, t.request());
        if (over >= 0) { // the pod's name is joined only then: this runs for every pod read
            check(over, "pods' requests", t.request(), "Pod " + t.key(), at);
        }
    }

    void job(JobSpec j, Location at) {
        int over = add(minResources, j.minResources());
        if (over >= 0) {
            check(over, "PodGroups' minResources", j.minResources(), "PodGroup " + j.key(), at);
        }
    }

    void queue(QueueSpec q, Location at) {
        check(add(capability, q.capability()), "queues' capability", q.capability(), "Queue " + q.name(), at);
        check(add(guarantee, q.guarantee()), "queues' guarantee", q.guarantee(), "Queue " + q.name(), at);
        check(add(deserved, q.deserved()), "queues' deserved", q.deserved(), "Queue " + q.name(), at);
    }

    /**
     * Adds {@code amounts} to {@code sums} resource by resource; returns the index of the first resource whose total
     * would pass {@link #LIMIT} (that one and those after it are not added), or -1.
     */
    private static int add(Map<String, long[]> sums, ResourceList amounts) {
        if (amounts == null) {
            return -1;
        }
        for (int i = 0; i < amounts.size(); i++) {
            long[] sum = sums.get(amounts.name(i));
            if (sum == null) {
                sum = new long[1];
                sums.put(amounts.name(i), sum);
            }
            long next = sum[0] + amounts.amount(i);
            if (next > LIMIT || next < 0) {
                return i;
            }
            sum[0] = next;
        }
        return -1;
    }

    /** Refuses the object when {@link #add} found a total that would pass the limit ({@code over} >= 0). */
    private static void check(int over, String what, ResourceList amounts, String object, Location at) {
        if (over >= 0) {
            throw new ManifestException(at + ": " + object + ": the total " + amounts.name(over) + " of all " + what
                    + " would exceed " + LIMIT + " " + Quantities.unit(amounts.name(over)) + ", more than Caldera"
                    + " can add up exactly in 64 bits");
        }
    }
}
