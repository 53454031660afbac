package dev.caldera.k8s.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.manifest.ManifestDocument;
import dev.caldera.k8s.manifest.ManifestReader;
import dev.caldera.k8s.testing.CliRun;
import dev.caldera.k8s.testing.ScenarioJudge;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Network topology scenarios whose answers Caldera's authors derived by reading Volcano's code (each
 * {@code expected.json} says from which files and functions, in {@code derivedFrom}), as HyperNode manifests in
 * {@code src/test/resources/topology}: lower tiers preferred in hard and soft mode, regex and label members, a gang
 * no allowed HyperNode can hold (nothing bound, and why), a partly running job kept in its rack. Run through the
 * command line for one cycle and judged like the conformance cases ({@link ScenarioJudge}).
 */
class TopologyScenariosTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static List<Path> cases() throws URISyntaxException, IOException {
        Path dir = Path.of(TopologyScenariosTest.class.getResource("/topology").toURI());
        try (Stream<Path> dirs = Files.list(dir)) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void cycleOneIsWhatVolcanosCodeDecides(Path scenario) throws IOException {
        CliRun run = CliRun.of("simulate", "--conf", scenario.resolve("scheduler.conf").toString(), "--cycles", "1",
                "--output", "json", scenario.resolve("cluster.yaml").toString());
        assertThat(run.status()).as(run.toString()).isZero();
        JsonNode expected = JSON.readTree(scenario.resolve("expected.json").toFile());
        List<String> diffs = new ScenarioJudge(expected, podGroups(scenario)).judge(JSON.readTree(run.out()));
        assertThat(diffs).as(scenario.getFileName() + ": " + expected.path("derivedFrom").asText()).isEmpty();
    }

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
