package dev.caldera.bench.jmh;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CI speed gate of issue 14, inside {@code mvn verify}: a JMH smoke run of {@link SpeedGateBenchmark} that
 * measures, in one run and on the same generated cluster, a full cycle with the kernel's incremental selector and
 * the same cycle with the plain full scan ({@code ScanSelector}, identical decisions), and fails when the
 * incremental cycle's CPU time per placement is less than {@value #FLOOR} times lower than the scan's. A ratio,
 * never an absolute time: both sides run on the same machine minutes apart. Each side's figure is its best
 * measured iteration (the least disturbed), and CPU time rather than wall time, since on a shared machine wall
 * time also counts waiting for a core.
 * <p>
 * The floor comes from this benchmark's own runs on a 2-vCPU Intel Xeon VM, JDK 17, while seven other engineers
 * built and tested on it (load average 17 to 23): CPU-time ratios of 7.6 to 14.0, so {@value #FLOOR} is about half
 * the lowest ({@code perf-results/speed-gate.md}); a kernel that re-evaluates a class view on every selection
 * measured 1.03 and failed. A shared machine can still starve one side's fork (a ratio of 3.48 was seen once at load
 * average 11.8 on a 2-vCPU AMD EPYC VM, where the quiet ratio is 10 to 17), so a run below the floor is repeated
 * once and the gate fails only when both runs are below it; a broken kernel fails both. Run it alone with
 * {@code mvn -B -ntp -q -pl bench -am test -Dtest=AllocateSpeedupGateTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class AllocateSpeedupGateTest {
    static final double FLOOR = 4.0;

    /** Runs of the pair: a second one only when the first falls below the floor. */
    static final int ATTEMPTS = 2;

    @Test
    void incrementalAllocateStaysFasterThanTheFullScan() throws RunnerException {
        Measured best = null;
        for (int attempt = 1; attempt <= ATTEMPTS && (best == null || best.ratio() < FLOOR); attempt++) {
            Measured run = measure();
            System.out.printf("speed gate, run %d of at most %d: CPU time per placement incremental %.0f ns, scan "
                            + "%.0f ns: ratio %.2f (floor %.1f); wall placements/s incremental %.0f, scan %.0f: "
                            + "ratio %.2f; load average %s%n", attempt, ATTEMPTS,
                    run.incremental.cpuNsPerPlacement, run.scan.cpuNsPerPlacement, run.ratio(), FLOOR,
                    run.incremental.placementsPerSecond, run.scan.placementsPerSecond,
                    run.incremental.placementsPerSecond / run.scan.placementsPerSecond, loadAverage());
            if (best == null || run.ratio() > best.ratio()) {
                best = run;
            }
        }
        assertThat(best.ratio())
                .as("CPU time per placement: full scan %.0f ns / incremental allocate %.0f ns is below the floor "
                                + "in each of %d runs", best.scan.cpuNsPerPlacement,
                        best.incremental.cpuNsPerPlacement, ATTEMPTS)
                .isGreaterThanOrEqualTo(FLOOR);
    }

    /** One JMH run of both sides, one fork each. */
    private static Measured measure() throws RunnerException {
        Options options = new OptionsBuilder()
                .include(SpeedGateBenchmark.class.getName() + ".cycle$")
                .shouldFailOnError(true)
                .build();
        Collection<RunResult> results = new Runner(options).run();
        return new Measured(best(results, "true"), best(results, "false"));
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return fields.length >= 3 ? fields[0] + " " + fields[1] + " " + fields[2] : "unknown";
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private record Measured(Side incremental, Side scan) {
        double ratio() {
            return scan.cpuNsPerPlacement / incremental.cpuNsPerPlacement;
        }
    }

    /** The best iteration of one side: lowest CPU time per placement, highest placements per second. */
    private record Side(double cpuNsPerPlacement, double placementsPerSecond) {
    }

    private static Side best(Collection<RunResult> results, String incremental) {
        double cpu = Double.MAX_VALUE;
        double rate = 0;
        int configurations = 0;
        for (RunResult run : results) {
            if (!incremental.equals(run.getParams().getParam("incremental"))) {
                continue;
            }
            configurations++;
            for (BenchmarkResult b : run.getBenchmarkResults()) {
                for (IterationResult it : b.getIterationResults()) {
                    double placed = it.getSecondaryResults().get("placed").getScore();
                    assertThat(placed).as("placements in an iteration, incremental=" + incremental).isPositive();
                    cpu = Math.min(cpu, it.getSecondaryResults().get("cpuNs").getScore() / placed);
                    rate = Math.max(rate, it.getSecondaryResults().get("placements").getScore());
                }
            }
        }
        assertThat(configurations).as("JMH runs with incremental=" + incremental).isEqualTo(1);
        return new Side(cpu, rate);
    }
}
