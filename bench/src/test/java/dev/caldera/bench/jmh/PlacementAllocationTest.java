package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.PreparedCluster;
import dev.caldera.bench.workload.WorkloadSpec;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.management.ManagementFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The zero-allocation claim of issue 5, measured with the scheduling thread's own allocation counter
 * ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes}, exact, TLAB included): after warm-up, a
 * cycle of the default conf plus binpack that places N tasks may allocate no more than the same cycle with
 * nothing left to place (the per-cycle constant: run right after, without restoring, so every job is walked and
 * every unplaceable gang fails again), plus less than one byte per placement in total, i.e. 0 bytes per
 * placement in integer average. Each figure is the minimum of several runs, so that a one-off JIT
 * deoptimization (which re-materializes scalar-replaced objects) is not mistaken for the kernel's behaviour;
 * an allocation made per placement shows in every run and fails the test. Sizes: 1,000 to 10,000 nodes here;
 * 50,000 and 100,000 nodes would not fit the suite's heap and time, the JMH runs' {@code -prof gc} columns
 * cover them.
 * <p>
 * The unplaced-gang path (issue 14): a cycle in which gangs fail records their "0/N nodes are available" reasons
 * without building the text, so such a cycle stays within a small constant whatever the number of failed gangs,
 * and the text appears when someone reads it.
 */
class PlacementAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final int WARM_UP_CYCLES = 20;
    private static final int RUNS = 5;
    /**
     * A cycle's own constant allocation, measured at 16 to 120 B; built eagerly, the messages cost 11,936 B per
     * cycle there (about 1 KB per gang).
     */
    private static final long CYCLE_BUDGET_BYTES = 512;

    /** Kept reachable so the control's allocations cannot be optimised away. */
    private static Object lastBind;

    @ParameterizedTest(name = "{0} nodes, {1} pending, incremental={2}")
    @CsvSource({
        "1000, 1000, true",   // every gang fits
        "1000, 1000, false",  // the plain scan selector
        "600, 1500, true",    // some gangs fit nowhere and fail every cycle
        "5000, 1000, true",   // the sizes of issue 14's growth table (50,000 and 100,000: see the class javadoc)
        "10000, 1000, true",
    })
    void aWarmCycleAllocatesNothingPerPlacement(int nodes, int pending, boolean incremental) {
        Measured m = measure(nodes, pending, incremental, Sinks.NONE);
        assertThat(m.placed).as("placements per cycle").isGreaterThan(500);
        assertThat((m.full - m.empty) / m.placed)
                .as("bytes per placement: a cycle of %d placements allocated %d B, the same cycle with nothing "
                        + "to place %d B", m.placed, m.full, m.empty)
                .isLessThanOrEqualTo(0);
    }

    /**
     * 300 nodes, 1,500 pending tasks: the gangs that fit nowhere fail again in every cycle and get their
     * Unschedulable reason, yet the cycle allocates no more than {@value #CYCLE_BUDGET_BYTES} bytes in all (its
     * bookkeeping), because the reasons are built only when read; reading them then gives Volcano's text.
     */
    @Test
    void unplacedGangsCostNoMessageUntilTheReasonIsRead() {
        PreparedCluster cluster = PreparedCluster.of(WorkloadSpec.headline(300, 1500));
        try (Scheduler scheduler = new Scheduler(cluster.cache, BenchConfs.defaultPlusBinpack(),
                PluginRegistry.defaults(), new SchedulerOptions(1, Integer.MAX_VALUE, true), Sinks.NONE)) {
            long cycle = Long.MAX_VALUE;
            for (int i = 0; i < WARM_UP_CYCLES + RUNS; i++) {
                cluster.restore();
                long before = allocatedBytes();
                scheduler.runOnce();
                cycle = Math.min(cycle, allocatedBytes() - before);
            }
            int unplaced = 0;
            String example = null;
            for (int job = 0; job < cluster.cache.jobs().rows(); job++) {
                String reason = scheduler.reason(job);
                unplaced += reason != null ? 1 : 0;
                if (reason != null && reason.contains("nodes are available")) {
                    example = reason;
                }
            }
            System.out.printf("300 nodes, 1500 pending: %d gangs unschedulable, cycle %d B; e.g. %s%n",
                    unplaced, cycle, example);
            assertThat(unplaced).as("unschedulable gangs").isGreaterThanOrEqualTo(8);
            assertThat(example).matches("\\d+/\\d+ tasks in gang unschedulable: 0/300 nodes are available: .+\\.");
            assertThat(cycle).as("bytes allocated by a cycle in which %d gangs fail", unplaced)
                    .isLessThanOrEqualTo(CYCLE_BUDGET_BYTES);
        }
    }

    /** Negative control: a bind sink that allocates 16 bytes per bind must show up as at least 16 B per placement. */
    @Test
    void theMeasurementSeesOneSmallObjectPerPlacement() {
        Sinks allocating = new Sinks((uid, pod, node) -> {
            lastBind = new Object();
            return true;
        }, Sinks.NONE.evictions(), Sinks.NONE.status());
        Measured m = measure(1000, 1000, true, allocating);
        assertThat((m.full - m.empty) / m.placed).isGreaterThanOrEqualTo(16);
        assertThat(lastBind).isNotNull();
    }

    private record Measured(int placed, long full, long empty) {
    }

    private static Measured measure(int nodes, int pending, boolean incremental, Sinks sinks) {
        PreparedCluster cluster = PreparedCluster.of(WorkloadSpec.headline(nodes, pending));
        try (Scheduler scheduler = new Scheduler(cluster.cache, BenchConfs.defaultPlusBinpack(),
                PluginRegistry.defaults(), new SchedulerOptions(1, Integer.MAX_VALUE, incremental), sinks)) {
            for (int i = 0; i < WARM_UP_CYCLES; i++) {
                cluster.restore();
                scheduler.runOnce();
                scheduler.runOnce();
            }
            long full = Long.MAX_VALUE;
            long empty = Long.MAX_VALUE;
            int placed = 0;
            for (int i = 0; i < RUNS; i++) {
                cluster.restore();
                long before = allocatedBytes();
                placed = scheduler.runOnce().placed();
                full = Math.min(full, allocatedBytes() - before);
                before = allocatedBytes();
                scheduler.runOnce();
                empty = Math.min(empty, allocatedBytes() - before);
            }
            System.out.printf("%d nodes, %d pending, incremental=%b: %d placements, cycle %d B, per-cycle constant %d B%n",
                    nodes, pending, incremental, placed, full, empty);
            return new Measured(placed, full, empty);
        }
    }

    private static long allocatedBytes() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
