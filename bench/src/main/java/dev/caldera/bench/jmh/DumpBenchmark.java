package dev.caldera.bench.jmh;

import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.generate.ClusterGenerator;
import dev.caldera.k8s.manifest.ManifestReader;
import dev.caldera.k8s.simulate.ClusterBuilder;
import dev.caldera.k8s.simulate.ClusterIngest;
import dev.caldera.k8s.simulate.CycleReport;
import dev.caldera.k8s.simulate.SimulatedCluster;
import dev.caldera.k8s.simulate.Simulation;
import dev.caldera.kernel.conf.SchedulerConf;
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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The warm side of the recorded-dump benchmark (issue 14, {@code bench/dump-bench.sh} records the cold side): a
 * dump generated as {@code caldera generate} writes it (by default 5,000 nodes, 40,000 pods, gangs of 1 to 19 pods,
 * 75% of them running: about 4,000 PodGroups and 10,000 pending pods) is
 * <ul>
 *   <li>{@link #ingest}: read from its file into a built cluster (the streaming reader, the conversion rules,
 *       the cluster's checks), as {@code simulate} does before its first cycle;</li>
 *   <li>{@link #firstCycle}: given to a fresh scheduler with Volcano's default configuration and scheduled once
 *       (the kernel's whole first cycle: applying the cluster to its cache, enqueue, allocate, backfill).</li>
 * </ul>
 * One shot per invocation, after warm-up iterations: the figures a long-lived JVM would see, to set beside the
 * cold process's. The allocate action's times of the measured cycles are printed at the end of the trial.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@Warmup(iterations = 5)
@Measurement(iterations = 5)
public class DumpBenchmark {
    /** The generated dump, made once per trial. */
    @State(Scope.Benchmark)
    public static class Dump {
        @Param("5000")
        int nodes;
        @Param("40000")
        int pods;
        @Param("75")
        int running;
        @Param("19")
        int maxGang;
        @Param("1")
        long seed;

        Path file;

        @Setup(Level.Trial)
        public void generate() throws IOException {
            file = Files.createTempFile("caldera-dump-", ".yaml");
            try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                new ClusterGenerator(nodes, pods, seed, running, 1, maxGang, w).write();
            }
        }

        @TearDown(Level.Trial)
        public void delete() throws IOException {
            Files.deleteIfExists(file);
        }

        SimulatedCluster read() {
            ClusterIngest ingest = new ClusterIngest(new PodConverter(Set.of("volcano")));
            ClusterBuilder builder = new ClusterBuilder(w -> { }, ingest);
            new ManifestReader().stream(List.of(file.toString()), ingest, add -> add.accept(builder));
            return builder.build();
        }
    }

    /** A fresh scheduler holding the dump, before its first cycle. */
    @State(Scope.Benchmark)
    public static class Loaded {
        Simulation simulation;
        final List<Double> allocateMs = new ArrayList<>();

        @Setup(Level.Invocation)
        public void load(Dump dump) {
            simulation = new Simulation(SchedulerConf.volcanoDefault(), SchedulerOptions.DEFAULT);
            simulation.load(dump.read());
        }

        @TearDown(Level.Invocation)
        public void close() {
            simulation.close();
        }

        @TearDown(Level.Trial)
        public void report() {
            System.out.println("allocate ms per cycle (warm-up, then measured): " + allocateMs);
        }
    }

    @Benchmark
    public SimulatedCluster ingest(Dump dump) {
        return dump.read();
    }

    @Benchmark
    public CycleReport firstCycle(Loaded loaded) {
        CycleReport report = loaded.simulation.runCycle();
        Long allocate = report.times().actionNs().get("allocate");
        loaded.allocateMs.add(allocate == null ? 0 : allocate / 1e6);
        if (report.pendingTasks() != report.placed()) {
            throw new UncheckedIOException(new IOException("placed " + report.placed() + " of "
                    + report.pendingTasks() + " pending tasks"));
        }
        return report;
    }
}
