package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.PreparedCluster;
import dev.caldera.bench.workload.QueueHierarchy;
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
 * What hierarchical queues under the capacity plugin cost in a full allocate cycle (issue 16): the headline
 * workload's gangs spread over 75 leaf queues, and either {@code proportion} over those queues as flat weighted
 * queues (Volcano's default conf plus binpack), or {@code capacity} with {@code enableHierarchy} over 100 queues in
 * three levels ({@link QueueHierarchy}: 5 organisations, 20 departments, 75 leaves, each leaf deserving an equal
 * part of the cluster and capped at three times that). The goal: capacity's placements per second at least half of
 * proportion's, both measured in one run. The primary score is cycles per second, {@code placements} placements
 * per second. The cache's task, job and node state is restored before each cycle.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class QueueHierarchyBenchmark {
    @Param({"10000"})
    public int nodes;

    @Param({"10000"})
    public int pendingTasks;

    /** {@code proportion} (flat queues) or {@code capacity} (the three-level hierarchy). */
    @Param({"proportion", "capacity"})
    public String queues;

    private PreparedCluster cluster;
    private Scheduler scheduler;
    private int placedPerCycle;

    @Setup(Level.Trial)
    public void build() {
        int leaves = QueueHierarchy.leaves();
        cluster = PreparedCluster.of(new WorkloadSpec(nodes, pendingTasks, 0, 0.3, 0, 0.5, 0.1, leaves, false, 42));
        boolean capacity = queues.equals("capacity");
        if (capacity) {
            QueueHierarchy.apply(cluster.cache, leaves);
        }
        scheduler = new Scheduler(cluster.cache, capacity ? BenchConfs.capacityHierarchy()
                : BenchConfs.defaultPlusBinpack(), PluginRegistry.defaults(), SchedulerOptions.DEFAULT, Sinks.NONE);
        System.out.println("\nworkload: " + cluster.objects.describe() + (capacity ? ", as a 100-queue tree" : ""));
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
