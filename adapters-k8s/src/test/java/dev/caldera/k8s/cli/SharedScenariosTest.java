package dev.caldera.k8s.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.manifest.ManifestDocument;
import dev.caldera.k8s.manifest.ManifestReader;
import dev.caldera.k8s.testing.CliRun;
import dev.caldera.k8s.testing.ScenarioJudge;
import dev.caldera.k8s.testing.SharedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every case of {@code shared/scenarios} (Volcano v1.7.0's own answers) through the command line, one cycle,
 * judged like {@code check.py}; and {@code check.py} itself on a few runs when python3 is installed.
 */
class SharedScenariosTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static List<Path> cases() {
        return SharedScenarios.cases();
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

    @Test
    void checkPyAgreesOnAPreemptionAndANonDeterministicCase() throws Exception {
        assumeTrue(python3Available(), "python3 is not installed");
        for (String name : List.of("preempt-enough-tasks-for-large-task", "gen-001-default", "reclaim-from-overused-queue")) {
            Path scenario = SharedScenarios.dir().resolve(name);
            assumeTrue(Files.isDirectory(scenario), name + " is not in " + SharedScenarios.dir());
            Path output = Files.createTempFile("caldera-" + name, ".json");
            Files.writeString(output, simulate(scenario).out());
            Process p = new ProcessBuilder("python3", SharedScenarios.dir().resolve("check.py").toString(),
                    scenario.toString(), output.toString()).redirectErrorStream(true).start();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String verdict = new String(p.getInputStream().readAllBytes()).trim();
            assertThat(verdict).startsWith("PASS " + name);
            assertThat(p.exitValue()).isZero();
            Files.delete(output);
        }
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

    private static boolean python3Available() {
        try {
            Process p = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
