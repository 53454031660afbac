package dev.caldera.kernel.scheduler;

/**
 * Tuning that is not part of Volcano's configuration.
 *
 * @param filterWorkers     threads that filter and score node shards (1 = the scheduling thread alone)
 * @param parallelThreshold clusters smaller than this many nodes are filtered on one thread, where
 *                          dispatching to workers costs more than it saves
 */
public record SchedulerOptions(int filterWorkers, int parallelThreshold) {
    public static final SchedulerOptions DEFAULT = new SchedulerOptions(1, 2_000);

    public SchedulerOptions {
        if (filterWorkers < 1) {
            throw new IllegalArgumentException("filterWorkers must be at least 1, got " + filterWorkers);
        }
        if (parallelThreshold < 0) {
            throw new IllegalArgumentException("parallelThreshold must not be negative, got " + parallelThreshold);
        }
    }
}
