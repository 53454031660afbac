package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.PreparedCluster;
import dev.caldera.bench.workload.WorkloadSpec;
import dev.caldera.kernel.bind.Sinks;
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
 * Proves what a preemption-heavy cycle costs (issue 4): {@code nodes} nodes filled with running batch pods, half
 * of them preemptable, and {@code pendingTasks} urgent pending tasks in gangs that fit nowhere until victims
 * are evicted; conf enqueue, allocate, preempt over priority, gang, conformance / drf, proportion, predicates,
 * nodeorder. The primary score is cycles per second; {@code placements} (pipelined preemptors) and
 * {@code evictions} are per second. The cache is restored before each cycle.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class PreemptCycleBenchmark {
    @Param({"1000"})
    public int nodes;

    @Param({"500"})
    public int pendingTasks;

    private PreparedCluster cluster;
    private Scheduler scheduler;
    private int placedPerCycle;
    private int evictedPerCycle;

    /** Placements and evictions per second. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Counters {
        public long placements;
        public long evictions;

        @Setup(Level.Iteration)
        public void clear() {
            placements = 0;
            evictions = 0;
        }
    }

    @Setup(Level.Trial)
    public void build() {
        cluster = PreparedCluster.of(WorkloadSpec.preemption(nodes, pendingTasks));
        scheduler = new Scheduler(cluster.cache, BenchConfs.preemption(), PluginRegistry.defaults(),
                SchedulerOptions.DEFAULT, Sinks.NONE);
        System.out.println("\nworkload: " + cluster.objects.describe());
    }

    @Setup(Level.Invocation)
    public void restore() {
        cluster.restore();
    }

    @Benchmark
    public int cycle(Counters counters) {
        CycleStats stats = scheduler.runOnce();
        int evicted = scheduler.session().decisions().evictionCount();
        counters.placements += stats.placed();
        counters.evictions += evicted;
        placedPerCycle = stats.placed();
        evictedPerCycle = evicted;
        return stats.placed() + evicted;
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.println("\nper cycle: " + placedPerCycle + " placed (pipelined or bound), " + evictedPerCycle
                + " evicted");
        scheduler.close();
    }
}
