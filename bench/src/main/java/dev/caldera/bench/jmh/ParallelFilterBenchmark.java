package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.PreparedCluster;
import dev.caldera.bench.workload.WorkloadSpec;
import dev.caldera.kernel.select.ScanSelector;
import dev.caldera.kernel.select.ShardPool;
import dev.caldera.kernel.session.Session;
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

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Proves the speed-up of filtering and scoring over node shards and where it stops paying: one task's full
 * filter + score + select on the scheduling thread alone ({@code workers=1}) or split with one
 * {@link ShardPool} worker ({@code workers=2}, the threshold forced to 0), versus node count. The node count
 * where the two lines cross is the right default for {@code SchedulerOptions.parallelThreshold}.
 * {@code filterScoreSelect} runs selections back to back, so the worker is still spinning when the next one
 * starts (the best case for sharding); {@code afterPause} sleeps 2 ms (not measured) before each selection, so
 * the worker has parked and the measured time includes waking it, as when a cycle's other work separates two
 * full evaluations.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class ParallelFilterBenchmark {
    private static final int TASKS = 32;

    @Param({"250", "500", "1000", "2000", "5000", "10000", "50000"})
    public int nodes;

    @Param({"1", "2"})
    public int workers;

    private ShardPool pool;
    private ScanSelector scan;
    private int[] tasks;
    private int next;

    @Setup(Level.Trial)
    public void build() {
        PreparedCluster cluster = PreparedCluster.of(WorkloadSpec.headline(nodes, 1_000));
        Session session = cluster.session(BenchConfs.defaultPlusBinpack());
        session.open();
        ScanSelector single = new ScanSelector(session);
        tasks = Arrays.stream(cluster.pendingTasks(TASKS * 4)).filter(t -> single.select(t) >= 0).limit(TASKS)
                .toArray();
        pool = workers > 1 ? new ShardPool(workers) : null;
        scan = new ScanSelector(session, pool, 0);
    }

    @Benchmark
    public int filterScoreSelect() {
        int task = tasks[next++ % tasks.length];
        return scan.select(task);
    }

    /** Gives the pool's worker time to stop spinning and park before each measured selection. */
    @State(Scope.Thread)
    public static class Pause {
        @Setup(Level.Invocation)
        public void sleep() throws InterruptedException {
            Thread.sleep(2);
        }
    }

    @Benchmark
    public int afterPause(Pause pause) {
        int task = tasks[next++ % tasks.length];
        return scan.select(task);
    }

    @TearDown(Level.Trial)
    public void stop() {
        if (pool != null) {
            pool.close();
        }
    }
}
