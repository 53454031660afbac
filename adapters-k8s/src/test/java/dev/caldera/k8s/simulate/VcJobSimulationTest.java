package dev.caldera.k8s.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static dev.caldera.k8s.testing.Resources.path;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Volcano Jobs in a dump, expanded the way the Job controller's SyncJob does (the seeds' Job controller
 * walk-through; {@code pkg/controllers/job} {@code syncJob}, {@code createJobPod}, {@code createOrUpdatePodGroup})
 * and then scheduled as gangs by the default configuration: a two-task Job whose PodGroup and pods were absent
 * binds whole in one cycle; a Job that does not fit binds nothing; a Job whose controller objects are in the dump
 * is not doubled.
 */
class VcJobSimulationTest {
    private static JsonNode cycles;

    @BeforeAll
    static void simulate() throws IOException {
        CliRun run = CliRun.of("simulate", "--output", "json", path("simulate/vcjobs.yaml"));
        assertThat(run.status()).as(run.toString()).isZero();
        cycles = new ObjectMapper().readTree(run.out()).path("cycles");
    }

    @Test
    void aTwoTaskJobIsExpandedAndBindsWholeInTheFirstCycle() {
        List<String> bound = pods(cycles.get(0).path("binds"));
        assertThat(bound).containsExactlyInAnyOrder("ml/tf-ps-0", "ml/tf-worker-0", "ml/tf-worker-1",
                "ml/tf-worker-2", "ml/tf-worker-3");
        // Binding pods are not scheduled yet (current Volcano's getPodGroupPhase): Running from the next cycle
        assertThat(phase(0, "ml/tf-7f1c")).isEqualTo("Inqueue");
        assertThat(phase(1, "ml/tf-7f1c")).isEqualTo("Running");
    }

    @Test
    void aJobThatDoesNotFitWholeIsNotAdmittedAndBindsNothing() {
        for (JsonNode c : cycles) {
            assertThat(pods(c.path("binds"))).noneMatch(p -> p.startsWith("ml/big-"));
        }
        // its PodGroup carries the controller's minResources (4 cpu): overcommit does not admit it next to tf
        assertThat(phase(cycles.size() - 1, "ml/big-9a2e")).isEqualTo("Pending");
    }

    @Test
    void theControllersObjectsInTheDumpAreNotDoubled() {
        List<String> groups = new ArrayList<>();
        cycles.get(0).path("podGroups").forEach(g -> groups.add(g.path("name").asText()));
        assertThat(groups).containsExactlyInAnyOrder("ml/big-9a2e", "ml/done-before-c0de", "ml/tf-7f1c");
        for (JsonNode c : cycles) {
            assertThat(pods(c.path("binds"))).noneMatch(p -> p.startsWith("ml/done-before"));
        }
    }

    private static List<String> pods(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.forEach(p -> out.add(p.path("pod").asText()));
        return out;
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
