package dev.caldera.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReportTest {

    @Test
    void writesAPagePerJvmWithTablesChartsAndTheIndex(@TempDir Path root) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Path jdk = Files.createDirectories(root.resolve("jdk-17"));
        String one = JmhResultTest.sample();
        Files.writeString(jdk.resolve("allocate.json"), one);
        // a second node count so the file has a chart
        Files.writeString(jdk.resolve("allocate.json"), "[" + one.substring(one.indexOf('{'), one.lastIndexOf(']'))
                + ", " + one.substring(one.indexOf('{'), one.indexOf("}\n    },") + 7).replace("\"1000\"", "\"5000\"") + "]");

        Path index = Report.write(root, "bench/run-all.sh --quick", "2026-01-01T00:00:00Z", "Test CPU, 2 vCPU");

        String page = Files.readString(jdk.resolve("RESULTS.md"));
        assertThat(page).contains("- machine: Test CPU, 2 vCPU", "- command: `bench/run-all.sh --quick`",
                "- JVM: OpenJDK 64-Bit Server VM 17.0.15");
        assertThat(page).contains("| cycle | true | 1000 | 10000 | 40.0 ± 1.25 | ops/s | 25.0 | 6,000 | 240,000 | 4.17 | 1,200 | 0.20 |");
        assertThat(page).contains("## Statement (`allocate.json`").doesNotContain("AllocateCycle (`allocate.json`, written unknown");
        assertThat(page).contains("| session open, 10,000 nodes and 100,000 tasks: < 5 ms | no result");
        BufferedImage chart = ImageIO.read(jdk.resolve("charts/allocate-AllocateCycle-per-placement.png").toFile());
        assertThat(chart.getWidth()).isEqualTo(960);
        assertThat(Files.readString(index)).contains("| jdk-17 |", "| 1,000 | 240,000 |", "| 5,000 | 240,000 |");
        assertThat(root.resolve("charts/headline-per-jvm.png")).exists();
    }

    @Test
    void eachFileIsDatedByItsStampNotByItsModificationTime(@TempDir Path root) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Path jdk = Files.createDirectories(root.resolve("jdk-17"));
        Files.writeString(jdk.resolve("allocate.json"), JmhResultTest.sample());
        Files.writeString(jdk.resolve("older.json"), JmhResultTest.sample());
        Files.writeString(jdk.resolve("allocate.stamp"), "date=2026-11-29T06:45:30Z\nmachine=Test CPU, 2 vCPU\n"
                + "load=1.23 1.35 2.59\ncommand=bench/run-all.sh --only allocate-nodes\n");

        Report.write(root, "bench/run-all.sh --only allocate-nodes", "2026-11-29T06:43:39Z", "Test CPU, 2 vCPU");

        String page = Files.readString(jdk.resolve("RESULTS.md"));
        assertThat(page).contains("(`allocate.json`, written 2026-11-29T06:45:30Z on Test CPU, 2 vCPU, load average "
                + "1.23 1.35 2.59)");
        // no stamp: the file was written by an older run-all (or copied in); its mtime is the clone's, not the run's
        assertThat(page).contains("(`older.json`, written before per-file stamps were kept");

        // a JVM folder this invocation did not run keeps the header of the run-all that did (run.stamp)
        Path other = Files.createDirectories(root.resolve("jdk-25"));
        Files.writeString(other.resolve("allocate.json"), JmhResultTest.sample());
        Files.writeString(other.resolve("run.stamp"), "date=2026-11-25T10:49:31Z\nmachine=Other CPU, 2 vCPU\n"
                + "command=bench/run-all.sh --only allocate-nodes\n");
        Report.write(root, "bench/run-all.sh --only session-open", "2026-11-30T00:00:00Z", "Test CPU, 2 vCPU");
        assertThat(Files.readString(other.resolve("RESULTS.md"))).contains("- machine: Other CPU, 2 vCPU",
                "- date: 2026-11-25T10:49:31Z", "- command: `bench/run-all.sh --only allocate-nodes`");
        assertThat(Files.readString(jdk.resolve("RESULTS.md"))).contains("- machine: Test CPU, 2 vCPU",
                "- date: 2026-11-30T00:00:00Z");
    }

    @Test
    void refusesARootWithoutResults(@TempDir Path root) {
        assertThatThrownBy(() -> Report.write(root, "c", "d", "m")).hasMessageContaining("no JMH JSON results");
    }

    @Test
    void targetsSayMetOrByHowMuchTheyAreMissed() {
        List<JmhResult> results = List.of(
                twoThreads(5000, 2, 2),
                cycle(5000, 40, 120_000),            // 3,000 placed per cycle, 8.33 us each
                cycle(50000, 10, 30_000),            // 33.3 us each: 4 x the 5,000-node cost
                fenzo("caldera", 300_000), fenzo("fenzo", 10_000),
                twoThreads(50000, 1, 1));               // two filter threads: not the headline
        assertThat(new Targets(results).headline(5000)).get().extracting(JmhResult::placementsPerSecond)
                .isEqualTo(120_000.0);
        List<Targets.Row> rows = new Targets(results).rows();
        assertThat(rows.get(0).status()).isEqualTo("met");
        assertThat(rows.get(1).status()).isEqualTo("not met: 1.33 x the target");
        assertThat(rows.get(3).status()).isEqualTo("not measured");
        assertThat(rows.get(4).measured()).isEqualTo("1000 nodes, 2000 tasks: 30.0 x");
        assertThat(rows.get(4).status()).isEqualTo("met");
    }

    @Test
    void topologyTargetsTakeTheWorstGangAndTheRatioOfTheTwoCycles() {
        List<JmhResult> results = List.of(
                gang("0.0", 6), gang("0.3", 62),
                topologyCycle("false", 500_000), topologyCycle("true", 200_000));
        List<Targets.Row> rows = new Targets(results).rows();
        assertThat(rows.get(5).measured()).isEqualTo("0.0 busy: 6.00 ms; 0.3 busy: 62.0 ms");
        assertThat(rows.get(5).status()).isEqualTo("not met: 1.24 x the target");
        assertThat(rows.get(6).measured()).isEqualTo("200,000 vs 500,000 placements/s: 0.40 x");
        assertThat(rows.get(6).status()).isEqualTo("met");
        assertThat(new Targets(List.of(gang("0.0", 6))).rows().get(6).status()).isEqualTo("not measured");
    }

    @Test
    void parallelCrossoverIsTheSmallestCountFromWhichTwoWorkersStayFaster() {
        List<JmhResult> results = List.of(filter(500, 1, 10), filter(500, 2, 12), filter(1000, 1, 20),
                filter(1000, 2, 15), filter(2000, 1, 40), filter(2000, 2, 22));
        assertThat(ParallelCrossover.describe(results)).contains("500 nodes: 0.83 x")
                .contains("faster from 1,000 nodes up");
    }

    @Test
    void chartAxesUseShortNumbers() {
        assertThat(LineChart.format(50_000)).isEqualTo("50k");
        assertThat(LineChart.format(1_500_000)).isEqualTo("1.5M");
        assertThat(LineChart.format(0.25)).isEqualTo("0.25");
    }

    @Test
    void aChartIsAPngWithALogScaleWhenXSpansMoreThanTwentyFold(@TempDir Path dir)
            throws IOException {
        LineChart wide = new LineChart("t", "nodes", "us").point("a", 1_000, 2).point("a", 50_000, 5)
                .point("b", 1_000, 1).stamp("JVM 17");
        LineChart narrow = new LineChart("t", "nodes", "us").point("a", 1_000, 2).point("a", 5_000, 5);
        assertThat(wide.chart().getXYPlot().getDomainAxis()).isInstanceOf(org.jfree.chart.axis.LogAxis.class);
        assertThat(narrow.chart().getXYPlot().getDomainAxis()).isNotInstanceOf(org.jfree.chart.axis.LogAxis.class);
        assertThat(wide.chart().getXYPlot().getDataset().getSeriesCount()).isEqualTo(2);
        assertThat(wide.chart().getXYPlot().getRangeAxis().getLowerBound()).isEqualTo(0);
        Path png = dir.resolve("c.png");
        wide.write(png);
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(960);
        assertThat(img.getHeight()).isEqualTo(600);
    }

    private static JmhResult cycle(int nodes, double cyclesPerSecond, double placementsPerSecond) {
        return new JmhResult("AllocateCycle", "cycle", "thrpt",
                Map.of("nodes", String.valueOf(nodes), "pendingTasks", "10000", "incremental", "true"),
                new Metric(cyclesPerSecond, Double.NaN, "ops/s"),
                Map.of("placements", new Metric(placementsPerSecond, Double.NaN, "ops/s")), "17", "vm", "17", List.of(), "t");
    }

    private static JmhResult twoThreads(int nodes, double cyclesPerSecond, double placementsPerSecond) {
        JmhResult one = cycle(nodes, cyclesPerSecond, placementsPerSecond);
        java.util.Map<String, String> params = new java.util.LinkedHashMap<>(one.params());
        params.put("filterWorkers", "2");
        return new JmhResult(one.suite(), one.method(), one.mode(), params, one.primary(), one.secondary(), "17", "vm",
                "17", List.of(), "t");
    }

    private static JmhResult fenzo(String method, double placementsPerSecond) {
        return new JmhResult("FenzoComparison", method, "thrpt", Map.of("nodes", "1000", "pendingTasks", "2000"),
                new Metric(1, Double.NaN, "ops/s"),
                Map.of("placements", new Metric(placementsPerSecond, Double.NaN, "ops/s")), "17", "vm", "17", List.of(), "t");
    }

    private static JmhResult gang(String busy, double millis) {
        return new JmhResult("TopologyGang", "gang", "avgt", Map.of("busyFraction", busy),
                new Metric(millis, Double.NaN, "ms/op"), Map.of(), "17", "vm", "17", List.of(), "t");
    }

    private static JmhResult topologyCycle(String topology, double placementsPerSecond) {
        return new JmhResult("TopologyCycle", "cycle", "thrpt", Map.of("topology", topology, "pendingTasks", "10000"),
                new Metric(1, Double.NaN, "ops/s"),
                Map.of("placements", new Metric(placementsPerSecond, Double.NaN, "ops/s")), "17", "vm", "17", List.of(), "t");
    }

    private static JmhResult filter(int nodes, int workers, double micros) {
        return new JmhResult("ParallelFilter", "filterScoreSelect", "avgt",
                Map.of("nodes", String.valueOf(nodes), "workers", String.valueOf(workers)),
                new Metric(micros, Double.NaN, "us/op"), Map.of(), "17", "vm", "17", List.of(), "t");
    }
}
