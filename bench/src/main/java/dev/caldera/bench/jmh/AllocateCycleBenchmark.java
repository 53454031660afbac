package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.PreparedCluster;
import dev.caldera.bench.workload.WorkloadSpec;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.scheduler.CycleStats;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Proves how many tasks per second one scheduling thread places in a full cycle (enqueue, allocate, backfill
 * with Volcano's default plugins plus binpack) on the headline workload, versus node count and pending tasks,
 * with the incremental selector and with the plain scan, on one or two filter threads. The primary score is cycles per second (cycle time is
 * its inverse); {@code placements} is placements per second; {@code gc.alloc.rate.norm} from {@code -prof gc}
 * is bytes per cycle. The cluster is built once per trial and its state restored before each cycle.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class AllocateCycleBenchmark {
    @Param({"1000", "5000", "10000", "50000"})
    public int nodes;

    @Param({"10000"})
    public int pendingTasks;

    @Param({"true"})
    public boolean incremental;

    /** Filter threads (SchedulerOptions.filterWorkers). */
    @Param({"1"})
    public int filterWorkers;

    /** SchedulerOptions.parallelThreshold; -1 for the default. 0 shards every evaluation when filterWorkers > 1. */
    @Param({"-1"})
    public int parallelThreshold;

    private PreparedCluster cluster;
    private Scheduler scheduler;
    private int placedPerCycle;

    @Setup(Level.Trial)
    public void build() {
        cluster = PreparedCluster.of(WorkloadSpec.headline(nodes, pendingTasks));
        scheduler = new Scheduler(cluster.cache, BenchConfs.defaultPlusBinpack(), PluginRegistry.defaults(),
                new SchedulerOptions(filterWorkers,
                        parallelThreshold < 0 ? SchedulerOptions.DEFAULT.parallelThreshold() : parallelThreshold,
                        incremental),
                Sinks.NONE);
        System.out.println("\nworkload: " + cluster.objects.describe());
    }

    @Setup(Level.Invocation)
    public void restore() {
        cluster.restore();
    }

    @Benchmark
    public int cycle(PlacementCounter counter) {
        CycleStats stats = scheduler.runOnce();
        counter.placements += stats.placed();
        placedPerCycle = stats.placed();
        return stats.placed();
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.println("\nplacements per cycle: " + placedPerCycle);
        scheduler.close();
    }
}
