package dev.caldera.bench.report;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Parsing of {@code jmh/sample.json}: real {@code -rf json -prof gc} output of two suites, trimmed (fewer
 * percentiles and secondary metrics) and with round scores and one numeric error so the figures are exact.
 */
class JmhResultTest {

    static String sample() throws IOException {
        try (InputStream in = JmhResultTest.class.getResourceAsStream("/jmh/sample.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsSuiteMethodModeParamsAndJvm() throws IOException {
        List<JmhResult> results = JmhResult.parse(sample(), "sample.json");
        assertThat(results).hasSize(2);
        JmhResult cycle = results.get(0);
        assertThat(cycle.suite()).isEqualTo("AllocateCycle");
        assertThat(cycle.method()).isEqualTo("cycle");
        assertThat(cycle.mode()).isEqualTo("thrpt");
        assertThat(cycle.params()).containsEntry("nodes", "1000").containsEntry("pendingTasks", "10000")
                .containsEntry("incremental", "true");
        assertThat(cycle.jdkVersion()).isEqualTo("17.0.15");
        assertThat(cycle.jvm()).startsWith("OpenJDK 64-Bit Server VM 17.0.15");
        assertThat(cycle.source()).isEqualTo("sample.json");
        assertThat(results.get(1).suite()).isEqualTo("Statement");
        assertThat(results.get(1).method()).isEqualTo("allocateCommit");
    }

    @Test
    void scoreErrorIsANumberOrNaNWrittenAsAString() throws IOException {
        List<JmhResult> results = JmhResult.parse(sample(), "sample.json");
        assertThat(results.get(0).primary()).isEqualTo(new Metric(40.0, 1.25, "ops/s"));
        assertThat(results.get(1).primary().error()).isNaN();
        assertThat(results.get(1).primary().unit()).isEqualTo("ns/op");
    }

    @Test
    void derivesCycleTimePlacementsAndBytesPerPlacement() throws IOException {
        JmhResult cycle = JmhResult.parse(sample(), "sample.json").get(0);
        assertThat(cycle.secondsPerOp()).isCloseTo(0.025, within(1e-12));
        assertThat(cycle.placementsPerSecond()).isEqualTo(240_000.0);
        assertThat(cycle.placementsPerOp()).isCloseTo(6_000, within(1e-9));
        assertThat(cycle.microsPerPlacement()).isCloseTo(4.1667, within(1e-4));
        assertThat(cycle.bytesPerOp()).isEqualTo(1_200.0);
        assertThat(cycle.bytesPerPlacement()).isCloseTo(0.2, within(1e-12));
    }

    @Test
    void averageTimeResultsConvertTheirUnitAndHaveNoPlacements() throws IOException {
        JmhResult statement = JmhResult.parse(sample(), "sample.json").get(1);
        assertThat(statement.secondsPerOp()).isCloseTo(statement.primary().score() * 1e-9, within(1e-15));
        assertThat(statement.placementsPerSecond()).isNaN();
        assertThat(statement.bytesPerOp()).isLessThan(1);
    }

    /**
     * In average-time mode JMH reports a placement counter as time per placement ({@code ms/op}), as
     * TopologyGangBenchmark does (1.5 ms per gang, 0.003 ms per placement): the rate is its inverse.
     */
    @Test
    void anAverageTimePlacementCounterIsTheTimePerPlacement() throws IOException {
        String json;
        try (InputStream in = JmhResultTest.class.getResourceAsStream("/jmh/avgt-placements.json")) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        JmhResult gang = JmhResult.parse(json, "avgt-placements.json").get(0);
        assertThat(gang.placementsPerSecond()).isCloseTo(1 / 3e-6, within(1e-6));
        assertThat(gang.placementsPerOp()).isCloseTo(500, within(1e-9));
    }
}
