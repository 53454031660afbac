package dev.caldera.k8s.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.manifest.ManifestDocument;
import dev.caldera.k8s.manifest.ManifestReader;
import dev.caldera.k8s.testing.CliRun;
import dev.caldera.k8s.testing.ScenarioJudge;
import dev.caldera.k8s.testing.ConformanceCases;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every case of {@code conformance/cases} (answers recorded from a real Volcano run) through the command line,
 * one cycle, judged by {@link ScenarioJudge}.
 */
class ConformanceCasesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static List<Path> cases() {
        return ConformanceCases.cases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void cycleOneMatchesVolcano(Path scenario) throws IOException {
        CliRun run = simulate(scenario);
        assertThat(run.status()).as(run.toString()).isZero();
        JsonNode expected = JSON.readTree(scenario.resolve("expected.json").toFile());
        List<String> diffs = new ScenarioJudge(expected, podGroups(scenario)).judge(JSON.readTree(run.out()));
        assertThat(diffs).as(scenario.getFileName() + ": " + expected.path("source").asText()).isEmpty();
    }

    /**
     * A field left unchecked (current Volcano decides it differently from the v1.7.0 run that recorded the answer)
     * names the current Volcano file and function that justify it, and docs/DIFFERENCES.md lists the case.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everyUncheckedFieldIsJustifiedAndListed(Path scenario) throws IOException {
        JsonNode expected = JSON.readTree(scenario.resolve("expected.json").toFile());
        Map<String, String> unchecked = ScenarioJudge.justifications(expected);
        if (unchecked.isEmpty()) {
            return;
        }
        String differences = java.nio.file.Files.readString(
                ConformanceCases.dir().getParent().getParent().resolve("docs").resolve("DIFFERENCES.md"));
        assertThat(differences).as("docs/DIFFERENCES.md lists " + scenario.getFileName())
                .contains(scenario.getFileName().toString());
        unchecked.forEach((field, why) -> assertThat(why).as(scenario.getFileName() + " unchecked " + field)
                .containsPattern("pkg/scheduler/\\S+\\.go")
                .containsPattern("[A-Za-z]+\\(\\)|func |[a-z][A-Za-z]+[A-Z][A-Za-z]*"));
    }

    private static CliRun simulate(Path scenario) {
        return CliRun.of("simulate", "--conf", scenario.resolve("scheduler.conf").toString(), "--cycles", "1",
                "--output", "json", scenario.resolve("cluster.yaml").toString());
    }

    /** {@code ns/pod} to {@code ns/podgroup}, from the pods' group-name annotations. */
    private static Map<String, String> podGroups(Path scenario) {
        Map<String, String> m = new HashMap<>();
        for (ManifestDocument d : new ManifestReader().read(List.of(scenario.resolve("cluster.yaml").toString()))) {
            String group = d.tree().path("metadata").path("annotations").path("scheduling.k8s.io/group-name").asText();
            if ("Pod".equals(d.kind()) && !group.isEmpty()) {
                String ns = d.namespace() == null ? "default" : d.namespace();
                m.put(ns + "/" + d.name(), ns + "/" + group);
            }
        }
        return m;
    }
}
