package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.PreparedCluster;
import dev.caldera.bench.workload.WorkloadSpec;
import dev.caldera.kernel.cache.ClusterChange;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
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
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Proves what starting a cycle costs versus cluster size and versus the share of pods that changed since the
 * last cycle: apply the queued pod changes to the cache, resolve job priorities, then open the session
 * (copy node usage, task and job state; every plugin of the default conf plus binpack rebuilds its totals).
 * Clusters have {@code nodes} nodes and ten pods per node, half running and half pending (10,000 nodes =
 * 100,000 pods, the 5 ms target). Changed pods alternate between two versions each invocation: a
 * running pod finishes (Succeeded) and comes back, a pending pod is re-sent as it is (an informer resync).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms8g", "-Xmx8g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class SessionOpenBenchmark {
    static final int PODS_PER_NODE = 10;

    @Param({"1000", "5000", "10000", "50000"})
    public int nodes;

    @Param({"0"})
    public int changedPercent;

    private PreparedCluster cluster;
    private Session session;
    private ClusterChange[] original;
    private ClusterChange[] changed;
    private boolean flip;

    @Setup(Level.Trial)
    public void build() {
        int half = nodes * PODS_PER_NODE / 2;
        cluster = PreparedCluster.of(WorkloadSpec.sized(nodes, half, half));
        session = cluster.session(BenchConfs.defaultPlusBinpack());
        List<TaskSpec> pods = cluster.objects.tasks();
        int count = (int) ((long) pods.size() * changedPercent / 100);
        original = new ClusterChange[count];
        changed = new ClusterChange[count];
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < count; i++) {
            TaskSpec pod = pods.get(random.nextInt(pods.size()));
            original[i] = new ClusterChange.UpsertTask(pod);
            changed[i] = new ClusterChange.UpsertTask(pod.status() == TaskStatus.RUNNING ? succeeded(pod) : pod);
        }
        System.out.println("\nworkload: " + cluster.objects.describe() + "; " + count + " pod changes per cycle");
    }

    private static TaskSpec succeeded(TaskSpec p) {
        return p.toBuilder().status(TaskStatus.SUCCEEDED).build();
    }

    /** Queues this cycle's pod changes (not measured), alternating the two versions. */
    @Setup(Level.Invocation)
    public void submitChanges() {
        ClusterChange[] batch = flip ? original : changed;
        flip = !flip;
        for (ClusterChange c : batch) {
            cluster.cache.submit(c);
        }
    }

    @Benchmark
    public int applyAndOpen() {
        int applied = cluster.cache.applyChanges();
        cluster.cache.resolveJobPriorities();
        session.open();
        return applied + session.jobCount();
    }
}
