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
 * The capacity example ({@code examples/queues}, the configuration of docs/CONFIGURATION.md) tells the story its
 * header promises: the GPU finetune binds at once, the GPU eval stays Pending at team-a1's a100 capability, reclaim
 * takes 8 borrowed sweep pods back (exactly down to team-b1's deserved 8 CPUs) so the vcjob's driver and workers
 * and the etl gang are pipelined, and they bind in cycle 2.
 */
class QueuesExampleTest {
    private static JsonNode cycles;

    @BeforeAll
    static void simulate() throws IOException {
        Path example = example();
        CliRun run = CliRun.of("simulate", "--conf", example.resolve("scheduler.conf").toString(), "--output", "json",
                example.resolve("cluster.yaml").toString());
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.err()).as("the example passes Volcano's queue admission and has no warnings").isEmpty();
        cycles = new ObjectMapper().readTree(run.out()).path("cycles");
    }

    @Test
    void theGpuFinetuneBindsAtOnceAndTheEvalStaysAtTheA100Capability() {
        assertThat(placements(cycles.get(0).path("binds"))).containsExactlyInAnyOrderEntriesOf(
                Map.of("vision/finetune-0", "gpu-1", "vision/finetune-1", "gpu-1"));
        JsonNode eval = group(cycles.size() - 1, "vision/eval");
        assertThat(eval.path("phase").asText()).isEqualTo("Inqueue");
        assertThat(eval.path("reason").asText()).contains("queue team-a1 cannot take more now");
    }

    @Test
    void reclaimTakesTheBorrowedCpusBackExactlyDownToDeserved() {
        JsonNode evictions = cycles.get(0).path("evictions");
        assertThat(evictions).hasSize(8).allSatisfy(e -> {
            assertThat(e.path("pod").asText()).startsWith("research/sweep-");
            assertThat(e.path("reason").asText()).isEqualTo("reclaim");
        });
        JsonNode b1 = queue(0, "team-b1");
        assertThat(b1.path("allocated").path("cpu").asText()).isEqualTo("8");
        assertThat(b1.path("deserved").path("cpu").asText()).isEqualTo("8");
        assertThat(b1.path("reclaim").path("gave").path("cpu").asText()).isEqualTo("8");
        assertThat(queue(0, "team-a1").path("reclaim").path("took").path("cpu").asText()).isEqualTo("4");
        assertThat(queue(0, "team-a2").path("reclaim").path("took").path("cpu").asText()).isEqualTo("4");
        assertThat(queue(0, "team-a1").path("parent").asText()).isEqualTo("org-a");
    }

    @Test
    void theVcjobAndTheEtlGangAreHeldThenBindWhole() {
        Map<String, String> pipelined = placements(cycles.get(0).path("pipelined"));
        assertThat(pipelined).containsOnlyKeys("vision/train-driver-0", "vision/train-worker-0",
                "vision/train-worker-1", "vision/train-worker-2", "data/etl-0", "data/etl-1");
        assertThat(placements(cycles.get(1).path("binds"))).isEqualTo(pipelined);
        // bound in cycle 2, Running once the pods are Bound (current Volcano's getPodGroupPhase)
        assertThat(group(1, "data/etl").path("phase").asText()).isEqualTo("Inqueue");
        assertThat(group(2, "vision/train-5e1f0c2a-0000-4000-8000-000000000001").path("phase").asText())
                .isEqualTo("Running");
        assertThat(group(2, "data/etl").path("phase").asText()).isEqualTo("Running");
    }

    @Test
    void noQueueEndsAboveItsCapability() {
        JsonNode a1 = queue(cycles.size() - 1, "team-a1");
        assertThat(a1.path("allocated").path("cpu").asText()).isEqualTo("6");
        assertThat(a1.path("capability").path("cpu").asText()).isEqualTo("6");
        assertThat(a1.path("allocated").path("nvidia.com/a100").asText()).isEqualTo("2");
        assertThat(a1.path("capability").path("nvidia.com/a100").asText()).isEqualTo("2");
        assertThat(queue(cycles.size() - 1, "team-a2").path("allocated").path("cpu").asText()).isEqualTo("4");
    }

    private static Path example() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path candidate = d.resolve("examples").resolve("queues");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("examples/queues not found above " + Path.of("").toAbsolutePath());
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

    private static JsonNode queue(int cycle, String name) {
        for (JsonNode q : cycles.get(cycle).path("queues")) {
            if (q.path("name").asText().equals(name)) {
                return q;
            }
        }
        throw new AssertionError("no queue " + name + " in cycle " + (cycle + 1));
    }
}
