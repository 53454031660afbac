package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.PreparedCluster;
import dev.caldera.bench.workload.WorkloadSpec;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.select.IncrementalSelector;
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

import java.util.concurrent.TimeUnit;

/**
 * What a class view's build costs on one thread ({@code workers=1}) and split over a {@link ShardPool} of two
 * ({@code workers=2}, every build on the shards), versus its leaves: the ground for
 * {@code SchedulerOptions.parallelThreshold}, which the incremental selector's builds read. Volcano's default
 * configuration (the 5,000-node dump's), the node equivalence off so that a view has a leaf per node, and a
 * memory budget of two views: the selection cycles through tasks of eight classes, so that each one evicts a
 * view and builds its class's in the evicted arrays (no selection is placed: no catch-ups). {@code backToBack}
 * runs builds back to back (the worker still spinning: the dump's allocate, where catch-ups and builds follow one
 * another within microseconds); {@code afterPause} sleeps 2 ms before each (not measured), so that the worker has
 * parked and each build includes waking it. Run it with {@code -jvmArgsAppend -XX:TieredStopAtLevel=1} for the
 * code bin/caldera's simulate runs (C1 only).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class ViewBuildBenchmark {
    private static final int CLASSES = 8;

    @Param({"250", "500", "1000", "2000", "5000", "10000"})
    public int nodes;

    @Param({"1", "2"})
    public int workers;

    private ShardPool pool;
    private IncrementalSelector selector;
    private int[] tasks;
    private int next;

    @Setup(Level.Trial)
    public void prepare() {
        PreparedCluster cluster = PreparedCluster.of(WorkloadSpec.headline(nodes, 1_000));
        Session session = cluster.session(SchedulerConf.volcanoDefault());
        session.open();
        tasks = cluster.pendingTasks(CLASSES);
        pool = workers > 1 ? new ShardPool(workers) : null;
        selector = new IncrementalSelector(session, pool, 0, 1, false);
    }

    @Benchmark
    public int backToBack() {
        return selector.select(tasks[next++ % tasks.length]);
    }

    /** Each measured build after a 2 ms pause: the pool's worker has stopped spinning and parked. */
    @Benchmark
    public int afterPause(ParallelFilterBenchmark.Pause pause) {
        return selector.select(tasks[next++ % tasks.length]);
    }

    @TearDown(Level.Trial)
    public void stop() {
        if (pool != null) {
            pool.close();
        }
    }
}
