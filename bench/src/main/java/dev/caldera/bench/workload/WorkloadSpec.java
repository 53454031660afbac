package dev.caldera.bench.workload;

/**
 * Parameters of a synthetic cluster.
 *
 * @param nodes           node count (1,000 to 100,000 in the suites)
 * @param pendingTasks    pending tasks to schedule, in gangs
 * @param gangSize        tasks per gang, or 0 for varied sizes (1 to 64)
 * @param runningFraction share of node capacity already taken by running pods (0 to 0.9)
 * @param queues          queues, weights 1 to 4
 * @param seed            everything is derived from it
 */
public record WorkloadSpec(int nodes, int pendingTasks, int gangSize, double runningFraction, int queues, long seed) {
    public WorkloadSpec {
        if (nodes < 1 || pendingTasks < 0 || gangSize < 0 || queues < 1) {
            throw new IllegalArgumentException("nodes and queues must be positive, tasks and gang size not negative");
        }
        if (runningFraction < 0 || runningFraction > 0.9) {
            throw new IllegalArgumentException("runningFraction must be within [0, 0.9], got " + runningFraction);
        }
    }

    /** The headline workload of the allocate benchmark: gangs of 10, a third of the cluster busy. */
    public static WorkloadSpec headline(int nodes, int pendingTasks) {
        return new WorkloadSpec(nodes, pendingTasks, 10, 0.3, 4, 42);
    }
}
