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
 * The CI speed gate's benchmark (issue 14, run by {@code AllocateSpeedupGateTest} in {@code mvn verify}): the
 * same full cycle as {@link AllocateCycleBenchmark} (default conf plus binpack, one thread) on a small headline
 * cluster, with the kernel's incremental selector and with the plain full scan (identical decisions), counting
 * the scheduling thread's CPU time per cycle ({@link CycleCpuCounter}) besides placements per second. Small on
 * purpose (2,000 nodes, 1,000 pending tasks): the scan side must get through enough cycles in a smoke run of a
 * second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx1g"})
@Warmup(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class SpeedGateBenchmark {
    @Param({"2000"})
    public int nodes;

    @Param({"1000"})
    public int pendingTasks;

    @Param({"true", "false"})
    public boolean incremental;

    private PreparedCluster cluster;
    private Scheduler scheduler;

    @Setup(Level.Trial)
    public void build() {
        cluster = PreparedCluster.of(WorkloadSpec.headline(nodes, pendingTasks));
        scheduler = new Scheduler(cluster.cache, BenchConfs.defaultPlusBinpack(), PluginRegistry.defaults(),
                new SchedulerOptions(1, Integer.MAX_VALUE, incremental), Sinks.NONE);
    }

    @Setup(Level.Invocation)
    public void restore() {
        cluster.restore();
    }

    @Benchmark
    public int cycle(PlacementCounter counter, CycleCpuCounter cpu) {
        long start = CycleCpuCounter.threadCpuNs();
        CycleStats stats = scheduler.runOnce();
        cpu.cpuNs += CycleCpuCounter.threadCpuNs() - start;
        cpu.placed += stats.placed();
        counter.placements += stats.placed();
        return stats.placed();
    }

    @TearDown(Level.Trial)
    public void close() {
        scheduler.close();
    }
}
