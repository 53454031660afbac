package dev.caldera.k8s.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.testing.CliRun;
import dev.caldera.k8s.testing.ConformanceCases;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every scenario in the repository (the conformance cases and the quick-start example) through
 * {@code caldera run --embedded-api --cycles 1 --output json} (informers, bind pipeline, Eviction API, status
 * writes over HTTP) and through {@code caldera simulate --cycles 1 --output json}: the first cycle's binds (as
 * observed on the API server), evictions, pipelined pods and queue reports are identical.
 */
class EmbeddedMatchesSimulateTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static List<Path> scenarios() {
        List<Path> all = new ArrayList<>(ConformanceCases.cases());
        all.add(ConformanceCases.dir().getParent().getParent().resolve("examples").resolve("quickstart"));
        return all;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void firstCycleIsTheSameLiveAndSimulated(Path scenario) throws IOException {
        List<String> args = new ArrayList<>();
        Path conf = scenario.resolve("scheduler.conf");
        if (Files.isRegularFile(conf)) {
            args.addAll(List.of("--conf", conf.toString()));
        }
        args.addAll(List.of("--cycles", "1", "--output", "json"));
        Path input = Files.isRegularFile(scenario.resolve("cluster.yaml")) ? scenario.resolve("cluster.yaml") : scenario;
        args.add(input.toString());
        CliRun simulated = CliRun.of(concat(List.of("simulate"), args));
        CliRun live = CliRun.of(concat(List.of("run", "--embedded-api", "--http-port", "-1"), args));
        assertThat(simulated.status()).as(simulated.toString()).isZero();
        assertThat(live.status()).as(live.toString()).isZero();
        JsonNode expected = JSON.readTree(simulated.out()).path("cycles").get(0);
        JsonNode actual = JSON.readTree(live.out()).path("cycles").get(0);
        for (String field : List.of("binds", "evictions", "pipelined", "queues")) {
            assertThat(actual.path(field)).as(scenario.getFileName() + " " + field).isEqualTo(expected.path(field));
        }
        int decided = expected.path("binds").size() + expected.path("evictions").size()
                + expected.path("pipelined").size();
        assertThat(decided + actual.path("podGroups").size()).as("the scenario decides something").isPositive();
    }

    private static String[] concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all.toArray(String[]::new);
    }
}
