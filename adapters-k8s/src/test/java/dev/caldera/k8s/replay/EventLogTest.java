package dev.caldera.k8s.replay;

import dev.caldera.k8s.manifest.ManifestException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Caldera's JSON-lines trace format: the example reads whole; every bad line is refused with file:line. */
class EventLogTest {
    private static final String NODE = "{\"time\": 0, \"kind\": \"node\", \"name\": \"g\", \"cpu\": \"8\","
            + " \"memory\": \"32Gi\", \"gpus\": 2, \"gpuModel\": \"T4\"}";

    @TempDir
    Path dir;

    @Test
    void theExampleReadsWhole() {
        Trace t = EventLog.read(RepoFiles.find("examples", "replay", "small-gpu-cluster.jsonl"));
        assertThat(t.nodeCount()).isEqualTo(3);
        assertThat(t.gpuCapacityMilli()).isEqualTo(10_000);
        assertThat(t.pods()).hasSize(9);
        assertThat(t.pods().get(2).gpuMilli()).isEqualTo(250);
        assertThat(t.pods().get(3).task().placement().requiredTerms()).hasSize(1);
        assertThat(t.pods().get(0).durationMs()).isEqualTo(3_600_000);
        assertThat(t.events().get(t.events().size() - 1)).isInstanceOf(TraceEvent.DeletePod.class);
    }

    @Test
    void badLinesAreRefusedWithFileAndLine() throws IOException {
        refused(":2: not a JSON object", NODE, "{\"time\": 1, \"kind\": ");
        refused(":2: kind must be one of delete, group, node, pod, queue, remove-node, got 'job'", NODE,
                "{\"time\": 1, \"kind\": \"job\", \"name\": \"x\"}");
        refused(":2: time is required (seconds)", NODE, "{\"kind\": \"pod\", \"name\": \"x\"}");
        refused(":2: time must be a number of at least 0, got -1", NODE, "{\"time\": -1, \"kind\": \"pod\", \"name\": \"x\"}");
        refused(":2: gpu must be a fraction below 1 (a share of one GPU) or a whole number of GPUs up to 64, got 1.5", NODE,
                "{\"time\": 1, \"kind\": \"pod\", \"name\": \"x\", \"gpu\": 1.5}");
        refused(":2: gpuModels names GPU type 'A100', which no node has (nodes have: T4)", NODE,
                "{\"time\": 1, \"kind\": \"pod\", \"name\": \"x\", \"gpu\": 1, \"gpuModels\": [\"A100\"]}");
        refused(":2: group g1 is not defined", NODE, "{\"time\": 1, \"kind\": \"pod\", \"name\": \"x\", \"group\": \"g1\"}");
        refused(":2: delete names pod y, which no line creates", NODE, "{\"time\": 1, \"kind\": \"delete\", \"name\": \"y\"}");
        refused(":3: pod x is defined twice", NODE, "{\"time\": 1, \"kind\": \"pod\", \"name\": \"x\"}",
                "{\"time\": 2, \"kind\": \"pod\", \"name\": \"x\"}");
        refused(":2: cpu 'lots' ", NODE, "{\"time\": 1, \"kind\": \"pod\", \"name\": \"x\", \"cpu\": \"lots\"}");
        refused(":1: gpuModel is required for a node with GPUs",
                "{\"time\": 0, \"kind\": \"node\", \"name\": \"g\", \"cpu\": \"8\", \"memory\": \"1Gi\", \"gpus\": 2}");
    }

    private void refused(String expected, String... lines) throws IOException {
        Path p = dir.resolve("t.jsonl");
        Files.writeString(p, String.join("\n", lines) + "\n");
        assertThatThrownBy(() -> EventLog.read(p)).isInstanceOf(ManifestException.class)
                .hasMessageStartingWith(p.toString()).hasMessageContaining(expected);
    }
}
