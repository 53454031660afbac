package dev.caldera.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The before/after table pairs each after run with the before run of its round and judges the median ratio. */
class SideBySideTest {

    @Test
    void medianOfPerRoundRatiosDecidesAndEachSideShowsItsMedians(@TempDir Path dir) throws IOException {
        // 5000 nodes: after is 1% slower in every round; 10000 nodes: 5% slower in two of three rounds
        write(dir, "before", 5000, 1, 100_000, 800);
        write(dir, "after", 5000, 1, 99_000, 800);
        write(dir, "before", 5000, 2, 110_000, 800);
        write(dir, "after", 5000, 2, 108_900, 900);
        write(dir, "before", 10000, 1, 50_000, 1000);
        write(dir, "after", 10000, 1, 47_500, 1000);
        write(dir, "before", 10000, 2, 60_000, 1000);
        write(dir, "after", 10000, 2, 57_000, 1000);
        write(dir, "before", 10000, 3, 40_000, 1000);
        write(dir, "after", 10000, 3, 41_000, 1000);

        String table = SideBySide.table(SideBySide.read(dir), "nodes", 0.03, List.of("JVM: test"));

        assertThat(table).contains("- JVM: test\n")
                .contains("| 5000 | 2 | 105,000 | 103,950 | 0.9900 | 0.990 0.990 | 800 | 850 | within 3% |")
                .contains("| 10000 | 3 | 50,000 | 47,500 | 0.9500 | 0.950 0.950 1.025 | 1,000 | 1,000 | REGRESSION beyond 3% |");
        assertThat(table.indexOf("| 5000 |")).isLessThan(table.indexOf("| 10000 |"));
    }

    @Test
    void anAfterRunWithoutItsBeforeRunIsAnError(@TempDir Path dir) throws IOException {
        write(dir, "after", 5000, 1, 99_000, 800);
        assertThatThrownBy(() -> SideBySide.table(SideBySide.read(dir), "nodes", 0.03, List.of()))
                .hasMessageContaining("after-5000-r1 has no before run of the same round");
    }

    private static void write(Path dir, String side, int nodes, int round, double placementsPerSecond, double bytes)
            throws IOException {
        String json = String.format(Locale.ROOT, """
                [{"benchmark": "dev.caldera.bench.jmh.AllocateCycleBenchmark.cycle", "mode": "thrpt",
                  "jdkVersion": "17", "vmName": "vm", "vmVersion": "17", "jvmArgs": [],
                  "params": {"nodes": "%d", "pendingTasks": "10000", "incremental": "true"},
                  "primaryMetric": {"score": 10.0, "scoreError": "NaN", "scoreUnit": "ops/s"},
                  "secondaryMetrics": {
                    "gc.alloc.rate.norm": {"score": %f, "scoreError": "NaN", "scoreUnit": "B/op"},
                    "placements": {"score": %f, "scoreError": "NaN", "scoreUnit": "ops/s"}}}]
                """, nodes, bytes, placementsPerSecond);
        Files.writeString(dir.resolve(side + "-" + nodes + "-r" + round + ".json"), json);
    }
}
