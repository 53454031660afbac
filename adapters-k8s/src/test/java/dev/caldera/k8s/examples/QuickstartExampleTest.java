package dev.caldera.k8s.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bundled example ({@code examples/quickstart}) tells the story its header promises: serving and the GPU
 * evaluation bind at once, reclaim takes five sweep pods back for the production gang, the gang binds whole in
 * cycle 2 where its places were held, and the oversized ETL pod stays pending saying why.
 */
class QuickstartExampleTest {
    private static JsonNode cycles;

    @BeforeAll
    static void simulate() throws IOException {
        Path example = example();
        CliRun run = CliRun.of("simulate", "--conf", example.resolve("scheduler.conf").toString(), "--output", "json",
                example.toString());
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.err()).as("the example has no warnings").isEmpty();
        cycles = new ObjectMapper().readTree(run.out()).path("cycles");
    }

    @Test
    void servingAndTheGpuEvaluationBindAtOnceTheGpuPodsOnTheTaintedNode() {
        Map<String, String> binds = placements(cycles.get(0).path("binds"));
        assertThat(binds).containsOnlyKeys("production/serving-0", "production/serving-1",
                "production/gpu-eval-0", "production/gpu-eval-1");
        assertThat(binds).containsEntry("production/gpu-eval-0", "gpu-1").containsEntry("production/gpu-eval-1",
                "gpu-1");
        assertThat(binds.get("production/serving-0")).startsWith("cpu-");
    }

    @Test
    void reclaimTakesBackFiveSweepPodsAndTheSweepKeepsItsMinimum() {
        JsonNode evictions = cycles.get(0).path("evictions");
        assertThat(evictions).hasSize(5);
        assertThat(evictions).allSatisfy(e -> {
            assertThat(e.path("pod").asText()).startsWith("research/sweep-");
            assertThat(e.path("reason").asText()).isEqualTo("reclaim");
        });
        assertThat(phase(0, "research/sweep")).isEqualTo("Running");
    }

    @Test
    void theProductionGangHoldsItsPlacesThenBindsWholeWhereTheyWere() {
        Map<String, String> pipelined = placements(cycles.get(0).path("pipelined"));
        assertThat(pipelined).containsOnlyKeys("production/train-0", "production/train-1", "production/train-2",
                "production/train-3");
        assertThat(phase(0, "production/train")).isEqualTo("Inqueue");
        assertThat(placements(cycles.get(1).path("binds"))).isEqualTo(pipelined);
        // the pods bound in cycle 2 are Binding, not scheduled yet (current Volcano's getPodGroupPhase)
        assertThat(phase(1, "production/train")).isEqualTo("Inqueue");
        assertThat(phase(2, "production/train")).isEqualTo("Running");
    }

    @Test
    void theOversizedPodStaysPendingAndSaysWhy() {
        for (JsonNode cycle : cycles) {
            assertThat(cycle.path("binds").toString()).doesNotContain("etl-0");
        }
        JsonNode etl = group(cycles.size() - 1, "production/etl");
        assertThat(etl.path("reason").asText()).contains("0/3 nodes are available", "1 node(s) had untolerated taint",
                "2 Insufficient cpu");
    }

    @Test
    void theRunStopsAtTheFirstQuietCycle() {
        assertThat(cycles).hasSize(4);
        assertThat(cycles.get(2).path("binds")).isEmpty();
        assertThat(cycles.get(3).path("binds")).isEmpty();
        assertThat(cycles.get(3).path("evictions")).isEmpty();
    }

    /** {@code examples/quickstart}, found from the working directory up (the module or the repository root). */
    static Path example() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path candidate = d.resolve("examples").resolve("quickstart");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("examples/quickstart not found above " + Path.of("").toAbsolutePath());
    }

    private static Map<String, String> placements(JsonNode list) {
        Map<String, String> m = new TreeMap<>();
        list.forEach(p -> m.put(p.path("pod").asText(), p.path("node").asText()));
        return m;
    }

    private static JsonNode group(int cycle, String name) {
        for (JsonNode g : cycles.get(cycle).path("podGroups")) {
            if (g.path("name").asText().equals(name)) {
                return g;
            }
        }
        throw new AssertionError("no PodGroup " + name + " in cycle " + (cycle + 1));
    }

    private static String phase(int cycle, String name) {
        return group(cycle, name).path("phase").asText();
    }
}
