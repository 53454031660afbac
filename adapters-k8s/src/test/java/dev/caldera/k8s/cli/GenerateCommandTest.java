package dev.caldera.k8s.cli;

import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code caldera generate}: a seeded dump that {@code simulate} reads back with the sizes asked for. */
class GenerateCommandTest {
    @TempDir
    Path dir;

    @Test
    void theSameSeedWritesTheSameDumpAndAnotherSeedAnother() {
        CliRun first = CliRun.of("generate", "--nodes", "20", "--pods", "200", "--seed", "7", "-");
        CliRun again = CliRun.of("generate", "--nodes", "20", "--pods", "200", "--seed", "7", "-");
        CliRun other = CliRun.of("generate", "--nodes", "20", "--pods", "200", "--seed", "8", "-");

        assertThat(first.status()).as(first.toString()).isZero();
        assertThat(again.out()).isEqualTo(first.out());
        assertThat(other.out()).isNotEqualTo(first.out());
    }

    @Test
    void aWrittenDumpSimulatesWithTheNodesAndPodsAskedFor() throws IOException {
        Path dump = dir.resolve("cluster.yaml");
        CliRun wrote = CliRun.of("generate", "--nodes", "30", "--pods", "400", dump.toString());
        assertThat(wrote.err()).isEqualTo("caldera: wrote 30 nodes and 400 pods to " + dump + "\n");
        assertThat(Files.size(dump)).isPositive();

        CliRun run = CliRun.of("simulate", "--cycles", "1", dump.toString());

        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.out()).contains("nodes 30, pods 400");
    }

    @Test
    void helpPrintsTheDescriptionWithoutFormatWarnings() {
        ByteArrayOutputStream tracer = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(tracer, true, StandardCharsets.UTF_8));
        CliRun run;
        try {
            run = CliRun.of("generate", "--help");
        } finally {
            System.setErr(stderr);
        }

        assertThat(run.status()).isZero();
        assertThat(run.out().replaceAll("\\s+", " ")).contains("about 40% of them already running.");
        assertThat(run.err()).isEmpty();
        assertThat(tracer.toString(StandardCharsets.UTF_8)).as("picocli's own warnings").isEmpty();
    }

    @Test
    void noNodesIsRefused() {
        CliRun run = CliRun.of("generate", "--nodes", "0", "-");

        assertThat(run.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).contains("--nodes must be at least 1");
    }

    @Test
    void gangSizesAndTheRunningShareAreChosen() {
        CliRun run = CliRun.of("generate", "--nodes", "400", "--pods", "600", "--gang-size", "5-5", "--running", "100",
                "-");
        assertThat(run.status()).as(run.err()).isZero();
        String dump = run.out();
        assertThat(dump.split("\nkind: PodGroup\n", -1)).hasSize(600 / 5 + 1);
        assertThat(dump).doesNotContain("phase: Pending");
        CliRun none = CliRun.of("generate", "--nodes", "50", "--pods", "600", "--running", "0", "-");
        assertThat(none.out()).doesNotContain("phase: Running");
    }

    @Test
    void badGangSizesAndSharesAreUsageErrors() {
        for (String[] args : new String[][] {{"--gang-size", "0-3"}, {"--gang-size", "9-2"}, {"--gang-size", "x"},
            {"--running", "101"}}) {
            CliRun run = CliRun.of("generate", args[0], args[1], "-");
            assertThat(run.status()).as(String.join(" ", args)).isEqualTo(Main.BAD_INPUT);
            assertThat(run.err()).contains(args[0] + " must be");
        }
    }
}
