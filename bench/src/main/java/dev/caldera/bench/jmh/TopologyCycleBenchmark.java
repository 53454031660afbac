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
 * Proves what hard-mode network topology costs in a full cycle: 6,000 nodes in racks of 8, spines of 8 racks and
 * zones of 8 spines ({@link TopologyWorkload}), 30% of the cpu busy, 10,000 pending pods in gangs of 8 to 256;
 * with {@code topology} each gang in hard mode (one tier above the tightest that could hold it) under the
 * network-topology-aware plugin, without it the same gangs and cluster under the same configuration minus the
 * plugin. {@code placements} is placements per second; the target is the topology cycle at no less than a third
 * of the topology-free one, compared within one run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class TopologyCycleBenchmark {
    static final int[] GANG_SIZES = {8, 16, 32, 64, 128, 256};

    @Param({"false", "true"})
    public boolean topology;

    @Param({"10000"})
    public int pendingTasks;

    private PreparedCluster cluster;
    private Scheduler scheduler;
    private int placedPerCycle;

    @Setup(Level.Trial)
    public void build() {
        TopologyWorkload.Objects objects = TopologyWorkload.suite(pendingTasks, GANG_SIZES, 0.3, topology, 1).build();
        cluster = PreparedCluster.of(objects::feed);
        scheduler = new Scheduler(cluster.cache, topology ? BenchConfs.defaultPlusBinpackAndTopology()
                : BenchConfs.defaultPlusBinpack(), PluginRegistry.defaults(), SchedulerOptions.DEFAULT, Sinks.NONE);
        System.out.println("\nworkload: " + objects.describe());
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
