package dev.caldera.bench.jmh;

import com.netflix.fenzo.SchedulingResult;
import com.netflix.fenzo.TaskScheduler;
import com.netflix.fenzo.VirtualMachineLease;
import dev.caldera.bench.fenzo.FenzoWorkload;
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

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Proves the ratio of Caldera's placements per second to Netflix Fenzo's (fenzo-core 1.0.1, cpu and memory
 * bin-packing fitness) on the identical workload in the same JVM: the same nodes with the same free cpu and
 * memory, the same pending single-pod jobs. Caldera runs a full cycle of the default conf plus binpack on one
 * thread; Fenzo runs {@code scheduleOnce} with its defaults, which evaluate nodes on as many threads as there
 * are cores (2 here), so the ratio is conservative. The {@code placements} result of each method is its
 * placements per second; Caldera / Fenzo is the ratio of the two.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FenzoComparisonBenchmark {

    /** The workload both schedulers get. */
    @State(Scope.Benchmark)
    public static class Workload {
        @Param({"1000", "5000"})
        public int nodes;

        @Param({"2000"})
        public int pendingTasks;

        PreparedCluster cluster;
        FenzoWorkload fenzo;

        @Setup(Level.Trial)
        public void build() {
            cluster = PreparedCluster.of(WorkloadSpec.plain(nodes, pendingTasks));
            fenzo = new FenzoWorkload(cluster.objects);
            System.out.println("\nworkload: " + cluster.objects.describe());
        }
    }

    /** Caldera's side: one scheduler, the cache restored before every cycle. */
    @State(Scope.Benchmark)
    public static class CalderaSide {
        Scheduler scheduler;
        Workload workload;

        @Setup(Level.Trial)
        public void build(Workload w) {
            workload = w;
            scheduler = new Scheduler(w.cluster.cache, BenchConfs.defaultPlusBinpack(), PluginRegistry.defaults(),
                    SchedulerOptions.DEFAULT, Sinks.NONE);
        }

        @Setup(Level.Invocation)
        public void restore() {
            workload.cluster.restore();
        }

        @TearDown(Level.Trial)
        public void close() {
            scheduler.close();
        }
    }

    /** Fenzo's side: a new scheduler and fresh leases before every run (Fenzo keeps what it assigned). */
    @State(Scope.Benchmark)
    public static class FenzoSide {
        TaskScheduler scheduler;
        List<VirtualMachineLease> leases;
        Workload workload;

        @Setup(Level.Invocation)
        public void fresh(Workload w) {
            workload = w;
            if (scheduler != null) {
                scheduler.shutdown();
            }
            scheduler = FenzoWorkload.newScheduler();
            leases = w.fenzo.leases();
            w.fenzo.resetRequests();
        }

        @TearDown(Level.Trial)
        public void close() {
            scheduler.shutdown();
        }
    }

    @Benchmark
    public int caldera(CalderaSide side, PlacementCounter counter) {
        CycleStats stats = side.scheduler.runOnce();
        counter.placements += stats.placed();
        return stats.placed();
    }

    @Benchmark
    public int fenzo(FenzoSide side, PlacementCounter counter) {
        SchedulingResult result = side.scheduler.scheduleOnce(side.workload.fenzo.requests(), side.leases);
        int placed = FenzoWorkload.assigned(result);
        counter.placements += placed;
        return placed;
    }
}
