package dev.caldera.k8s.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.caldera.k8s.testing.Resources.path;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code caldera simulate} end to end: both outputs, cluster play between cycles, when it stops. */
class SimulateCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PREEMPTION = path("simulate/preemption.yaml");
    private static final String PREEMPTION_CONF = path("simulate/preemption.conf");
    private static final String TWO_QUEUES = path("simulate/two-queues.yaml");

    private static JsonNode json(CliRun run) throws IOException {
        assertThat(run.status()).as(run.toString()).isZero();
        return JSON.readTree(run.out());
    }

    @Test
    void preemptionPlaysOutOverCycles_evictAndPipelineThenBindToTheNominatedNode() throws IOException {
        JsonNode cycles = json(CliRun.of("simulate", "--conf", PREEMPTION_CONF, "--output", "json", PREEMPTION))
                .path("cycles");
        assertThat(cycles).hasSize(4);
        JsonNode first = cycles.get(0);
        assertThat(first.path("binds")).isEmpty();
        assertThat(first.path("evictions")).hasSize(1);
        assertThat(first.path("evictions").get(0).path("pod").asText()).startsWith("ns/low-");
        assertThat(first.path("evictions").get(0).path("reason").asText()).isEqualTo("preempt");
        assertThat(first.path("pipelined").toString()).isEqualTo("[{\"pod\":\"ns/high-0\",\"node\":\"n1\"}]");
        JsonNode second = cycles.get(1);
        assertThat(second.path("binds").toString()).isEqualTo("[{\"pod\":\"ns/high-0\",\"node\":\"n1\"}]");
        assertThat(second.path("evictions")).isEmpty();
        assertThat(second.path("pipelined")).isEmpty();
        // current Volcano's getPodGroupPhase: a pod bound in this cycle is Binding, not scheduled yet
        assertThat(phase(second, "ns/high")).isEqualTo("Inqueue");
        JsonNode third = cycles.get(2);
        assertThat(third.path("binds")).isEmpty();
        assertThat(third.path("evictions")).isEmpty();
        assertThat(phase(third, "ns/high")).isEqualTo("Running");
        assertThat(cycles.get(3).path("binds")).isEmpty();
    }

    @Test
    void jsonFollowsTheContractExactly() throws IOException {
        JsonNode root = json(CliRun.of("simulate", "--conf", PREEMPTION_CONF, "--output", "json", "--cycles", "1",
                PREEMPTION));
        assertThat(fields(root)).containsExactly("cycles");
        JsonNode cycle = root.path("cycles").get(0);
        assertThat(fields(cycle)).containsExactly("cycle", "binds", "evictions", "pipelined", "podGroups", "queues",
                "stats");
        assertThat(cycle.path("cycle").asInt()).isEqualTo(1);
        assertThat(fields(cycle.path("evictions").get(0))).containsExactly("pod", "reason");
        assertThat(fields(cycle.path("pipelined").get(0))).containsExactly("pod", "node");
        JsonNode groups = cycle.path("podGroups");
        assertThat(groups).extracting(g -> g.path("name").asText()).containsExactly("ns/high", "ns/low");
        assertThat(fields(groups.get(0))).containsExactly("name", "phase", "reason");
        assertThat(groups.get(0).path("reason").asText()).isEqualTo("1/1 tasks in gang unschedulable: pod group is"
                + " not ready, 0 ready, 1 Pipelined, 0 Pending, 1 minAvailable");
        assertThat(groups.get(1).path("reason").isNull()).isTrue();
        JsonNode stats = cycle.path("stats");
        assertThat(fields(stats)).containsExactly("cycleMs", "actionsMs", "openSessionMs", "pendingTasks", "placed");
        assertThat(fields(stats.path("actionsMs"))).containsExactly("enqueue", "allocate", "preempt");
        assertThat(stats.path("cycleMs").isNumber()).isTrue();
        assertThat(stats.path("cycleMs").asDouble()).isPositive()
                .isGreaterThanOrEqualTo(stats.path("actionsMs").path("preempt").asDouble());
        assertThat(stats.path("pendingTasks").asInt()).isEqualTo(1);
        assertThat(stats.path("placed").asInt()).isEqualTo(1);
    }

    @Test
    void listsAreSortedByPodAndPodGroupName() throws IOException {
        JsonNode cycle = json(CliRun.of("simulate", "--output", "json", "--cycles", "1", TWO_QUEUES))
                .path("cycles").get(0);
        assertThat(cycle.path("binds")).extracting(b -> b.path("pod").asText())
                .containsExactly("ml/good-0", "ml/good-1", "web/solo");
        assertThat(cycle.path("podGroups")).extracting(g -> g.path("name").asText())
                .containsExactly("ml/good", "ml/lost", "web/podgroup-solo");
    }

    @Test
    void aPodGroupInAnUnknownQueueIsReportedWhileOthersStillSchedule() throws IOException {
        JsonNode cycle = json(CliRun.of("simulate", "--output", "json", "--cycles", "1", TWO_QUEUES))
                .path("cycles").get(0);
        JsonNode lost = group(cycle, "ml/lost");
        assertThat(lost.path("phase").asText()).isEqualTo("Pending");
        assertThat(lost.path("reason").asText()).isEqualTo("queue nope does not exist");
        assertThat(phase(cycle, "ml/good")).isEqualTo("Inqueue");
        assertThat(cycle.path("binds").toString()).contains("good-0").doesNotContain("lost-0");
    }

    @Test
    void theDefaultConfigurationIsVolcanos() throws IOException {
        JsonNode stats = json(CliRun.of("simulate", "--output", "json", "--cycles", "1", TWO_QUEUES))
                .path("cycles").get(0).path("stats");
        assertThat(fields(stats.path("actionsMs"))).containsExactly("enqueue", "allocate", "backfill");
    }

    @Test
    void withoutCyclesItStopsAfterTheFirstCycleThatChangesNothing() throws IOException {
        JsonNode cycles = json(CliRun.of("simulate", "--output", "json", TWO_QUEUES)).path("cycles");
        // cycle 2 binds nothing but turns the groups bound in cycle 1 Running; cycle 3 changes nothing
        assertThat(cycles).hasSize(3);
        assertThat(cycles.get(1).path("binds")).isEmpty();
        assertThat(phase(cycles.get(1), "ml/good")).isEqualTo("Running");
        assertThat(cycles.get(2).path("binds")).isEmpty();
    }

    @Test
    void cyclesRunsExactlyThatMany() throws IOException {
        assertThat(json(CliRun.of("simulate", "--output", "json", "--cycles", "4", TWO_QUEUES)).path("cycles"))
                .hasSize(4);
    }

    @Test
    void textOutputTellsAPersonWhatHappenedEachCycle() {
        CliRun run = CliRun.of("simulate", "--conf", PREEMPTION_CONF, PREEMPTION);
        assertThat(run.status()).as(run.toString()).isZero();
        String out = run.out();
        assertThat(out).contains("Cycle 1  (kernel ", " ms: open ", "enqueue ", "allocate ", "preempt ");
        assertThat(out).containsPattern("(?m)^  evicted\\n    ns/low-\\d  preempt  \\(PodGroup ns/low\\)$");
        assertThat(out).contains("  pipelined (waiting on the node for evicted pods to leave)\n    ns/high-0  -> n1\n");
        assertThat(out).contains("    ns/high  Inqueue    1/1 tasks in gang unschedulable: pod group is not ready,");
        assertThat(out).contains("Cycle 2  (", "  bound\n    ns/high  1 pod     n1: high-0\n");
        assertThat(out).contains("Cycle 3  (", "  nothing bound, evicted or pipelined\n");
        assertThat(out).contains("Summary\n  nodes 1, pods 4: 3 on nodes at start, 1 bound, 1 evicted, 0 still"
                + " pending\n  cycles 4 (cycle 4 changed nothing)\n  kernel cycle time: p50 ");
        assertThat(out).containsPattern("p50 [0-9.]+ ms, p99 [0-9.]+ ms, max [0-9.]+ ms");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void textOutputGroupsBindsByPodGroupAndNode() {
        CliRun run = CliRun.of("simulate", TWO_QUEUES);
        assertThat(run.out()).contains("  bound\n    ml/good            2 pods    n1: good-0 good-1\n"
                + "    web/podgroup-solo  1 pod     n1: solo\n");
        assertThat(run.out()).contains("    ml/lost            Pending    queue nope does not exist\n");
    }

    @Test
    void directoriesAndStandardInputAreInputsToo(@TempDir Path dir) throws IOException {
        Files.copy(Path.of(TWO_QUEUES), dir.resolve("cluster.yaml"));
        String fromDir = CliRun.of("simulate", "--output", "json", "--cycles", "1", dir.toString()).out();
        String fromStdin = CliRun.withStdin(Files.readString(Path.of(TWO_QUEUES)), "simulate", "--output", "json",
                "--cycles", "1", "-").out();
        assertThat(bindsOf(fromDir)).isEqualTo(bindsOf(fromStdin)).contains("ml/good-0");
    }

    @Test
    void podsOfOtherSchedulersCountWhereTheyRunAndAreOtherwiseIgnored() throws IOException {
        String yaml = Files.readString(Path.of(TWO_QUEUES)) + """
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: hog, namespace: web}
                spec: {nodeName: n1, containers: [{name: main, resources: {requests: {cpu: "7"}}}]}
                status: {phase: Running}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: theirs, namespace: web}
                spec: {schedulerName: default-scheduler, containers: [{name: main}]}
                """;
        CliRun run = CliRun.withStdin(yaml, "simulate", "--output", "json", "--cycles", "1", "-");
        JsonNode cycle = json(run).path("cycles").get(0);
        assertThat(cycle.path("binds")).extracting(b -> b.path("pod").asText()).containsExactly("web/solo");
        assertThat(run.err()).contains("caldera: warning: 1 pending pod(s) of other schedulers were ignored");
        CliRun asDefault = CliRun.withStdin(yaml, "simulate", "--output", "json", "--cycles", "1",
                "--scheduler-name", "volcano", "--scheduler-name", "default-scheduler", "-");
        assertThat(json(asDefault).path("cycles").get(0).path("binds").toString()).contains("web/theirs");
    }

    @Test
    void workersMustBeOneToSixtyFour() {
        for (String bad : new String[] {"0", "65"}) {
            CliRun run = CliRun.of("simulate", "--workers", bad, TWO_QUEUES);
            assertThat(run.status()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).contains("--workers must be between 1 and 64, got " + bad);
        }
    }

    /**
     * A generated 1,500-node dump's first cycle with one worker and with two (its views' long catch-ups, and builds
     * past the parallel threshold, then run on two shards): the same report, its timings apart.
     */
    @Test
    void twoWorkersDecideAsOne(@TempDir Path dir) throws IOException {
        String dump = dir.resolve("dump.yaml").toString();
        CliRun generated = CliRun.of("generate", "--nodes", "1500", "--pods", "9000", "--running", "60",
                "--gang-size", "1-9", "--seed", "7", dump);
        assertThat(generated.status()).as(generated.toString()).isZero();
        CliRun one = CliRun.of("simulate", "--workers", "1", "--cycles", "1", "--output", "json", dump);
        CliRun two = CliRun.of("simulate", "--workers", "2", "--cycles", "1", "--output", "json", dump);
        JsonNode first = withoutTimings(json(one));
        assertThat(first.path("cycles").get(0).path("binds")).isNotEmpty();
        assertThat(withoutTimings(json(two))).isEqualTo(first);
    }

    /** The report without its cycles' stats (times, which differ from run to run). */
    private static JsonNode withoutTimings(JsonNode report) {
        report.path("cycles").forEach(c -> ((com.fasterxml.jackson.databind.node.ObjectNode) c).remove("stats"));
        return report;
    }

    @Test
    void helpSaysHowLongARunLasts() {
        CliRun run = CliRun.of("simulate", "--help");
        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("until a cycle changes nothing, at most 100 cycles", "--output", "--conf",
                "--cycles");
    }

    private static List<String> bindsOf(String json) throws IOException {
        List<String> pods = new ArrayList<>();
        JSON.readTree(json).path("cycles").get(0).path("binds").forEach(b -> pods.add(b.path("pod").asText()));
        return pods;
    }

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode group(JsonNode cycle, String name) {
        for (JsonNode g : cycle.path("podGroups")) {
            if (g.path("name").asText().equals(name)) {
                return g;
            }
        }
        throw new AssertionError("no PodGroup " + name + " in " + cycle);
    }

    private static String phase(JsonNode cycle, String name) {
        return group(cycle, name).path("phase").asText();
    }
}
