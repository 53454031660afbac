package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.PreparedCluster;
import dev.caldera.bench.workload.WorkloadSpec;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import dev.caldera.kernel.session.Decisions;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Proves the cost of the gang transaction per operation: {@value #OPS} allocations (the task and node pairs a
 * real cycle chose on the 5,000-node headline workload, with every plugin's allocate event firing) followed by a
 * discard (exact undo, backwards) or by a commit (bind hand-off and Binding in session and cache). Scores are
 * nanoseconds per allocated task, undo or commit included.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class StatementBenchmark {
    static final int OPS = 8_192;

    private PreparedCluster cluster;
    private Session session;
    private Statement statement;
    private final int[] tasks = new int[OPS];
    private final int[] nodes = new int[OPS];
    private boolean committed;

    @Setup(Level.Trial)
    public void build() {
        cluster = PreparedCluster.of(WorkloadSpec.headline(5_000, 10_000));
        try (Scheduler scheduler = new Scheduler(cluster.cache, BenchConfs.defaultPlusBinpack(),
                PluginRegistry.defaults(), SchedulerOptions.DEFAULT, Sinks.NONE)) {
            scheduler.runOnce();
            Decisions d = scheduler.session().decisions();
            if (d.bindCount() < OPS) {
                throw new IllegalStateException("StatementBenchmark: the cycle bound " + d.bindCount()
                        + " tasks, need " + OPS);
            }
            for (int i = 0; i < OPS; i++) {
                tasks[i] = d.bindTask(i);
                nodes[i] = d.bindNode(i);
            }
        }
        cluster.restore();
        session = cluster.session(BenchConfs.defaultPlusBinpack());
        session.open();
        statement = new Statement(session);
    }

    /** A commit changed the session and the cache for good: put both back (not measured). */
    @Setup(Level.Invocation)
    public void restoreAfterCommit() {
        if (committed) {
            cluster.restore();
            session.open();
            committed = false;
        }
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    public int allocateDiscard() {
        allocateAll();
        int size = statement.size();
        statement.discard();
        return size;
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    public int allocateCommit() {
        allocateAll();
        int size = statement.size();
        statement.commit();
        committed = true;
        return size;
    }

    private void allocateAll() {
        statement.begin();
        for (int i = 0; i < OPS; i++) {
            statement.allocate(tasks[i], nodes[i]);
        }
    }
}
