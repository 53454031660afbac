package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.SyntheticCluster;
import dev.caldera.bench.workload.WorkloadSpec;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.NodeUsage;
import dev.caldera.kernel.cluster.TaskState;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.scheduler.CycleStats;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * One full scheduling cycle (enqueue, allocate, backfill with Volcano's default plugins plus binpack) on a
 * synthetic cluster with every task pending, restored before each invocation. Proves how many placements per
 * second the kernel makes on one scheduling thread; the {@code placements} counter is the rate, and
 * {@code gc.alloc.rate.norm} from {@code -prof gc} divided by placements per cycle is bytes per placement.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class AllocateCycleBenchmark {
    @Param({"5000"})
    public int nodes;

    @Param({"10000"})
    public int pendingTasks;

    @Param({"true"})
    public boolean incremental;

    private ClusterCache cache;
    private Scheduler scheduler;
    private final TaskState tasks = new TaskState();
    private final JobState jobs = new JobState();
    private NodeUsage usage;
    private int placedPerCycle;

    /** Placements made, reported by JMH as a rate next to the cycle time. */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class Placements {
        public long placements;

        @Setup(Level.Iteration)
        public void clear() {
            placements = 0;
        }
    }

    @Setup(Level.Trial)
    public void build() {
        cache = new ClusterCache();
        SyntheticCluster.feed(cache, WorkloadSpec.headline(nodes, pendingTasks));
        cache.applyChanges();
        usage = new NodeUsage(cache.dims.count());
        tasks.copyFrom(cache.taskState, cache.tasks.rows);
        jobs.copyFrom(cache.jobState, cache.jobs.rows);
        usage.copyFrom(cache.nodeUsage, cache.nodes.rows);
        scheduler = new Scheduler(cache, BenchConfs.defaultPlusBinpack(), PluginRegistry.defaults(),
                new SchedulerOptions(1, Integer.MAX_VALUE, incremental), Sinks.NONE);
    }

    @Setup(Level.Invocation)
    public void restore() {
        cache.taskState.copyFrom(tasks, cache.tasks.rows);
        cache.jobState.copyFrom(jobs, cache.jobs.rows);
        cache.nodeUsage.copyFrom(usage, cache.nodes.rows);
    }

    @Benchmark
    public int cycle(Placements counter) {
        CycleStats stats = scheduler.runOnce();
        counter.placements += stats.placed;
        placedPerCycle = stats.placed;
        return stats.placed;
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.println("\nplacements per cycle: " + placedPerCycle);
        scheduler.close();
    }
}
