package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.PreparedCluster;
import dev.caldera.bench.workload.WorkloadSpec;
import dev.caldera.kernel.select.IncrementalSelector;
import dev.caldera.kernel.select.ScanSelector;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Proves what one task's placement costs versus node count, the figure kube-scheduler's "about 2 ms of filter
 * and score per pod at 5,000 nodes" compares to. {@code scan}: the straightforward filter + score + select over
 * every node for one task (no state change). {@code incremental}: what a task costs inside a cycle with the
 * incremental selector, select then allocate (or pipeline), in batches of {@value #BATCH} tasks of varied classes
 * that are then discarded, so each selection catches up with the nodes the previous ones changed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class PerTaskPlacementBenchmark {
    static final int BATCH = 64;

    @Param({"1000", "5000", "10000", "50000"})
    public int nodes;

    private Session session;
    private ScanSelector scan;
    private IncrementalSelector incremental;
    private Statement statement;
    private int[] tasks;
    private int next;

    @Setup(Level.Trial)
    public void build() {
        PreparedCluster cluster = PreparedCluster.of(WorkloadSpec.headline(nodes, 2_000));
        session = cluster.session(BenchConfs.defaultPlusBinpack());
        session.open();
        scan = new ScanSelector(session);
        incremental = new IncrementalSelector(session, null, Integer.MAX_VALUE);
        statement = new Statement(session);
        tasks = placeable(cluster.pendingTasks(BATCH * 4));
        if (tasks.length < BATCH) {
            throw new IllegalStateException("PerTaskPlacementBenchmark: only " + tasks.length
                    + " placeable pending tasks in the workload, need " + BATCH);
        }
        tasks = Arrays.copyOf(tasks, BATCH);
    }

    /** The tasks some node takes (a task that fits nowhere would measure the error path instead). */
    private int[] placeable(int[] candidates) {
        return Arrays.stream(candidates).filter(t -> scan.select(t) >= 0).toArray();
    }

    @Benchmark
    public int scan() {
        int task = tasks[next++ & (BATCH - 1)];
        return scan.select(task);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int incremental() {
        statement.begin();
        int sum = 0;
        for (int task : tasks) {
            int node = incremental.select(task);
            if (node < 0) {
                continue;
            }
            if (incremental.fitsIdle()) {
                statement.allocate(task, node);
            } else {
                statement.pipeline(task, node);
            }
            sum += node;
        }
        statement.discard();
        return sum;
    }
}
