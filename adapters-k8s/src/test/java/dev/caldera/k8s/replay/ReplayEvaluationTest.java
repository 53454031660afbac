package dev.caldera.k8s.replay;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayEvaluationTest {
    @Test
    void writesOneRowPerReplayAndResumesWithoutRepeatingOne(@TempDir Path out) throws IOException {
        Path traces = RepoFiles.gpuNodes().getParent();
        ReplayEvaluation.run(traces, out, List.of("default"), List.of("bestfit"), 42, 42);
        List<Map<String, String>> runs = rows(out.resolve("runs.csv"));
        assertThat(runs).hasSize(1);
        Map<String, String> run = runs.get(0);
        assertThat(run.keySet()).containsExactlyElementsOf(ReplayEvaluation.RUNS_HEADER);
        assertThat(run).containsEntry("workload", "default").containsEntry("policy", "bestfit")
                .containsEntry("seed", "42");
        // the row carries the replay's own figures: what the same replay gives when run directly
        ReplayResult direct = ReplayEvaluation.replay(traces, "default", "bestfit", 42);
        assertThat(Double.parseDouble(run.get("unallocatedGpuPercent")))
                .isCloseTo(direct.unallocatedGpuPercent(), org.assertj.core.data.Offset.offset(0.005));
        assertThat(Integer.parseInt(run.get("placedPods"))).isEqualTo(direct.placedPods());
        assertThat(Integer.parseInt(run.get("droppedPods"))).isEqualTo(direct.droppedPods());
        List<Map<String, String>> curves = rows(out.resolve("curves.csv"));
        assertThat(curves).isNotEmpty().allSatisfy(c -> assertThat(c.keySet())
                .containsExactlyElementsOf(ReplayEvaluation.CURVES_HEADER));
        assertThat(curves).anySatisfy(c -> assertThat(c).containsEntry("kind", "allocation"));

        ReplayEvaluation.run(traces, out, List.of("default"), List.of("bestfit"), 42, 42);
        assertThat(rows(out.resolve("runs.csv"))).hasSize(1);
        assertThat(rows(out.resolve("curves.csv"))).hasSameSizeAs(curves);
        assertThat(ReplayEvaluation.done(out.resolve("runs.csv"))).containsExactly("default,bestfit,42");
    }

    private static List<Map<String, String>> rows(Path file) throws IOException {
        try (MappingIterator<Map<String, String>> it = new CsvMapper().readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(file.toFile())) {
            return it.readAll();
        }
    }
}
