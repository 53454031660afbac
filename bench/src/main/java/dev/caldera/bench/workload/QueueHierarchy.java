package dev.caldera.bench.workload;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;

/**
 * Turns a workload's flat queues {@code queue-0 .. queue-(L-1)} (the leaves, where its jobs are) into a three-level
 * capacity hierarchy of 100 queues: {@value #ORGS} organisations under the root, {@value #DEPARTMENTS} departments
 * (each in organisation {@code d % ORGS}), and the leaves (leaf {@code q} in department {@code q % DEPARTMENTS}).
 * Every leaf deserves an equal part of the cluster's cpu and memory and may borrow up to three times that; a
 * department and an organisation deserve the sum of their children. The cache's queue table is changed in place
 * (jobs, tasks and nodes are untouched, so {@link PreparedCluster#restore} still applies).
 */
public final class QueueHierarchy {
    public static final int ORGS = 5;
    public static final int DEPARTMENTS = 20;

    private QueueHierarchy() {
    }

    /** Leaves for a total of 100 queues. */
    public static int leaves() {
        return 100 - ORGS - DEPARTMENTS;
    }

    public static void apply(ClusterCache cache, int leaves) {
        long[] total = totals(cache);
        long cpu = total[ResourceDimensions.CPU] / leaves;
        long mem = total[ResourceDimensions.MEMORY] / leaves;
        long[] deptCpu = new long[DEPARTMENTS];
        long[] deptMem = new long[DEPARTMENTS];
        for (int q = 0; q < leaves; q++) {
            int d = q % DEPARTMENTS;
            deptCpu[d] += cpu;
            deptMem[d] += mem;
            cache.upsertQueue(queue("queue-" + q, "dept-" + d, cpu, mem, q));
        }
        long[] orgCpu = new long[ORGS];
        long[] orgMem = new long[ORGS];
        for (int d = 0; d < DEPARTMENTS; d++) {
            orgCpu[d % ORGS] += deptCpu[d];
            orgMem[d % ORGS] += deptMem[d];
            cache.upsertQueue(queue("dept-" + d, "org-" + d % ORGS, deptCpu[d], deptMem[d], leaves + d));
        }
        for (int o = 0; o < ORGS; o++) {
            cache.upsertQueue(queue("org-" + o, null, orgCpu[o], orgMem[o], leaves + DEPARTMENTS + o));
        }
        cache.applyChanges();
    }

    private static QueueSpec queue(String name, String parent, long cpuMilli, long memoryBytes, long creationMs) {
        ResourceList deserved = ResourceList.of("cpu", cpuMilli, "memory", memoryBytes);
        ResourceList capability = ResourceList.of("cpu", 3 * cpuMilli, "memory", 3 * memoryBytes);
        return new QueueSpec(name, 1, capability, null, deserved, true, parent, 0, "Open", creationMs);
    }

    private static long[] totals(ClusterCache cache) {
        long[] total = new long[2];
        for (int n = 0; n < cache.nodes().rows(); n++) {
            if (cache.nodes().live(n)) {
                total[0] += cache.nodes().allocatable(ResourceDimensions.CPU, n);
                total[1] += cache.nodes().allocatable(ResourceDimensions.MEMORY, n);
            }
        }
        return total;
    }
}
