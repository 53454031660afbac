package dev.caldera.kernel.scheduler;

/**
 * Tuning that is not part of Volcano's configuration.
 *
 * @param filterWorkers     threads that filter and score node shards (1 = the scheduling thread alone)
 * @param parallelThreshold clusters smaller than this many nodes are filtered on one thread, where
 *                          dispatching to workers costs more than it saves. The default, 20,000, is where two
 *                          workers began to win in whole allocate cycles on a 2-vCPU machine
 *                          (perf-results, {@code allocate-workers}); back-to-back scans of every node
 *                          (incremental off) win from a few hundred nodes and may set it lower
 * @param incremental       keep per-class filter and score results and refresh only changed nodes
 *                          (identical decisions; off = scan every node for every task)
 */
public record SchedulerOptions(int filterWorkers, int parallelThreshold, boolean incremental) {
    public static final SchedulerOptions DEFAULT = new SchedulerOptions(1, 20_000, true);

    public SchedulerOptions {
        if (filterWorkers < 1) {
            throw new IllegalArgumentException("filterWorkers must be at least 1, got " + filterWorkers);
        }
        if (parallelThreshold < 0) {
            throw new IllegalArgumentException("parallelThreshold must not be negative, got " + parallelThreshold);
        }
    }
}
