package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.PreparedCluster;
import dev.caldera.bench.workload.TopologyWorkload;
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
 * Proves how long one 512-pod hard-mode gang takes to place on 6,000 nodes in three tiers (racks of 8 nodes of
 * 8 cpu, spines of 8 racks, zones of 8 spines; {@link TopologyWorkload}): a whole cycle (session open, allocate
 * with the HyperNode search and dry runs, commit, close), in milliseconds per cycle. On an empty cluster the gang
 * needs a whole spine (tier 2, its limit); with 30% of the cpu busy no spine holds it and it goes to a zone
 * (tier 3). The target is under 50 ms.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class TopologyGangBenchmark {
    @Param({"0.0", "0.3"})
    public double busyFraction;

    private PreparedCluster cluster;
    private Scheduler scheduler;
    private int placedPerCycle;

    @Setup(Level.Trial)
    public void build() {
        int slack = busyFraction > 0 ? 1 : 0;
        TopologyWorkload.Objects objects = TopologyWorkload.suite(512, new int[] {512}, busyFraction, true, slack)
                .build();
        cluster = PreparedCluster.of(objects::feed);
        scheduler = new Scheduler(cluster.cache, BenchConfs.defaultPlusBinpackAndTopology(), PluginRegistry.defaults(),
                SchedulerOptions.DEFAULT, Sinks.NONE);
        System.out.println("\nworkload: " + objects.describe());
    }

    @Setup(Level.Invocation)
    public void restore() {
        cluster.restore();
    }

    @Benchmark
    public int gang(PlacementCounter counter) {
        CycleStats stats = scheduler.runOnce();
        counter.placements += stats.placed();
        placedPerCycle = stats.placed();
        return stats.placed();
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.println("\nplacements per cycle: " + placedPerCycle);
        if (placedPerCycle != 512) {
            throw new IllegalStateException("the 512-pod gang was not placed whole: " + placedPerCycle);
        }
        scheduler.close();
    }
}
