package dev.caldera.bench.workload;

/**
 * Parameters of a synthetic cluster; {@link SyntheticCluster} derives every node, queue, job and pod from them.
 *
 * @param nodes               node count (1,000 to 100,000 in the suites)
 * @param pendingTasks        pending tasks to schedule, in gangs
 * @param gangSize            tasks per gang, or 0 for sizes drawn from a catalogue (1 to 64, some with roles)
 * @param runningFraction     share of the cluster's cpu to fill with running pods (0 to 1; 1 = until no pod fits)
 * @param runningPods         stop filling after this many running pods (0 = no count limit)
 * @param preemptableFraction share of running pods marked preemptable
 * @param highPriorityShare   share of pending gangs in the high priority class (the rest, and every running pod,
 *                            in the batch class)
 * @param queues              queues, weights 1 to 4
 * @param plain               cpu and memory only: no GPUs, taints, selectors or roles (what Fenzo can express)
 * @param seed                everything is derived from it
 */
public record WorkloadSpec(int nodes, int pendingTasks, int gangSize, double runningFraction, int runningPods,
                           double preemptableFraction, double highPriorityShare, int queues, boolean plain,
                           long seed) {
    public WorkloadSpec {
        if (nodes < 1 || queues < 1) {
            throw new IllegalArgumentException("WorkloadSpec: nodes and queues must be positive, got nodes=" + nodes
                    + ", queues=" + queues);
        }
        if (pendingTasks < 0 || gangSize < 0 || runningPods < 0) {
            throw new IllegalArgumentException("WorkloadSpec: pendingTasks, gangSize and runningPods must not be "
                    + "negative, got " + pendingTasks + ", " + gangSize + ", " + runningPods);
        }
        share("runningFraction", runningFraction);
        share("preemptableFraction", preemptableFraction);
        share("highPriorityShare", highPriorityShare);
    }

    private static void share(String field, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException("WorkloadSpec." + field + " must be within [0, 1], got " + value);
        }
    }

    /**
     * The headline workload of the allocate suites: gangs of the catalogue's sizes (a quarter of them with a
     * master and worker roles), 30% of the cpu busy, half of the running pods preemptable, one gang in ten urgent.
     */
    public static WorkloadSpec headline(int nodes, int pendingTasks) {
        return new WorkloadSpec(nodes, pendingTasks, 0, 0.3, 0, 0.5, 0.1, 4, false, 42);
    }

    /**
     * The preemption-heavy workload of issue 4: every node filled with running batch pods (half preemptable),
     * and {@code pendingTasks} urgent tasks that fit nowhere without evicting some.
     */
    public static WorkloadSpec preemption(int nodes, int pendingTasks) {
        return new WorkloadSpec(nodes, pendingTasks, 0, 1.0, 0, 0.5, 1.0, 4, false, 7);
    }

    /** Single-pod jobs needing cpu and memory only, 30% of the cpu busy: what Fenzo and Caldera both express. */
    public static WorkloadSpec plain(int nodes, int pendingTasks) {
        return new WorkloadSpec(nodes, pendingTasks, 1, 0.3, 0, 0.5, 0.0, 4, true, 11);
    }

    /** A cluster of {@code nodes} with {@code runningPods} running and {@code pendingTasks} pending pods. */
    public static WorkloadSpec sized(int nodes, int runningPods, int pendingTasks) {
        return new WorkloadSpec(nodes, pendingTasks, 0, 1.0, runningPods, 0.5, 0.1, 4, false, 23);
    }
}
