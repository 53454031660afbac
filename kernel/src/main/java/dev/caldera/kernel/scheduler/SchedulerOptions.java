package dev.caldera.kernel.scheduler;

/**
 * Tuning that is not part of Volcano's configuration.
 *
 * @param filterWorkers     threads that filter and score node shards (1 = the scheduling thread alone)
 * @param parallelThreshold a scan of fewer nodes, or a class view's build with fewer leaves, runs on one thread,
 *                          where dispatching to workers costs more than it saves. The default, 1,000: a view
 *                          build evaluates a leaf in about 46 ns of C1 code (the 5,000-node dump's first cycle,
 *                          CPU profile) and the pool's hand-off costs about 1 us while the worker spins and
 *                          18 to 24 us once it has parked (perf-results/dump-allocate-two-cores.md), so two
 *                          shards pay from about 900 leaves even when the worker must be woken (in theory: measured
 *                          quiet, the dump's allocate gained nothing from a second worker, the sharded path doing
 *                          a third more work in all; same file, "Quiet"); back-to-back
 *                          scans of every node (incremental off) win from a few hundred nodes. Without workers
 *                          ({@code filterWorkers} 1, the default) it is not read
 * @param incremental       keep per-class filter and score results and refresh only changed nodes
 *                          (identical decisions; off = scan every node for every task)
 * @param cycleDetail       measure every field of {@link CycleStats} (each action's and each plugin's open and
 *                          close time, pending and placed tasks) and record {@link CycleMetrics}' histograms; off,
 *                          a cycle measures only its whole duration ({@link CycleStats#cycleNs}) and the rest reads
 *                          0, for a caller that reads nothing else: the replay, whose ~90,000 cycles on the long
 *                          chained openb trace spent about 4% of its loop's CPU on those clock reads, counts and
 *                          histograms (no decision reads them)
 */
public record SchedulerOptions(int filterWorkers, int parallelThreshold, boolean incremental, boolean cycleDetail) {
    public static final SchedulerOptions DEFAULT = new SchedulerOptions(1, 1_000, true);

    /** With every cycle's detail measured. */
    public SchedulerOptions(int filterWorkers, int parallelThreshold, boolean incremental) {
        this(filterWorkers, parallelThreshold, incremental, true);
    }

    public SchedulerOptions {
        if (filterWorkers < 1) {
            throw new IllegalArgumentException("filterWorkers must be at least 1, got " + filterWorkers);
        }
        if (parallelThreshold < 0) {
            throw new IllegalArgumentException("parallelThreshold must not be negative, got " + parallelThreshold);
        }
    }

    /** These options with {@code cycleDetail} off. */
    public SchedulerOptions withoutCycleDetail() {
        return new SchedulerOptions(filterWorkers, parallelThreshold, incremental, false);
    }
}
