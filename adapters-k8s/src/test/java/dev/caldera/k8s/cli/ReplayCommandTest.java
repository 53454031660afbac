package dev.caldera.k8s.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code caldera replay}: the contract scripts call ({@code --format openb --protocol paper --policy NAME --seed N
 * --output json NODES.csv PODS.csv}: one JSON object with the figures), the README's examples, and bad input
 * refused with exit status 2 and one line naming file:line before anything is replayed.
 */
class ReplayCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static String repo(String first, String... more) {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path candidate = d.resolve(Path.of(first, more));
            if (Files.exists(candidate)) {
                return candidate.toString();
            }
        }
        throw new IllegalStateException(first + " not found");
    }

    private static String nodes() {
        return repo("traces", "alibaba-openb", "openb_node_list_gpu_node.csv");
    }

    private static String pods(String variant) {
        return repo("traces", "alibaba-openb", "openb_pod_list_" + variant + ".csv");
    }

    @Test
    void thePaperProtocolPrintsOneJsonObjectWithTheContractsFigures() throws IOException {
        CliRun run = CliRun.of("replay", "--format", "openb", "--protocol", "paper", "--policy", "bestfit", "--seed",
                "42", "--output", "json", nodes(), pods("default"));

        assertThat(run.status()).as(run.toString()).isZero();
        JsonNode r = JSON.readTree(run.out());
        assertThat(r.get("policy").asText()).isEqualTo("bestfit");
        assertThat(r.get("seed").asLong()).isEqualTo(42);
        assertThat(r.get("protocol").asText()).isEqualTo("paper");
        assertThat(r.get("unallocatedGpuPercent").asDouble()).isBetween(5.0, 9.5);
        assertThat(r.get("gpuAllocationPercent").asDouble()).isBetween(85.0, 100.0);
        assertThat(r.get("arrivedPods").asInt()).isEqualTo(r.get("placedPods").asInt() + r.get("droppedPods").asInt());
        assertThat(r.get("allocationCurve").size()).isGreaterThan(100);
        assertThat(r.get("fragmentation").size()).isGreaterThan(10);
        assertThat(r.get("jvm").asText()).isNotBlank();
        assertThat(run.err()).isEmpty();
    }

    @Test
    void withoutAPolicyTheDefaultIsCalderasOwn() throws IOException {
        CliRun run = CliRun.of("replay", "--protocol", "paper", "--output", "json", nodes(), pods("multigpu50"));
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(JSON.readTree(run.out()).get("policy").asText()).isEqualTo("fgdfill");
    }

    @Test
    void theReadmesTraceExampleReplaysRecordedDeparturesAndPrintsItsSummary() {
        CliRun run = CliRun.of("replay", nodes(), pods("default"));

        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.out()).contains("recorded protocol", "8152 arrived", "replay:", "cycles over");
        assertThat(run.out()).containsPattern("process: +[0-9.]+ s from the JVM's start to this report \\(\\d+ events/s\\):"
                + " [0-9.]+ s starting, [0-9.]+ s reading the trace");
        assertThat(run.out()).containsPattern("\\d+ finished");
    }

    @Test
    void repeatedRunsReportTheMedianTimingsOfTheirLastHalf() throws IOException {
        String events = repo("examples", "replay", "small-gpu-cluster.jsonl");
        CliRun once = CliRun.of("replay", "--format", "events", "--output", "json", events);
        CliRun json = CliRun.of("replay", "--format", "events", "--output", "json", "--repeat", "4", events);
        CliRun text = CliRun.of("replay", "--format", "events", "--repeat", "5", events);

        assertThat(json.status()).as(json.toString()).isZero();
        JsonNode a = JSON.readTree(once.out());
        JsonNode b = JSON.readTree(json.out());
        // the process figure is the four runs' events over the JVM's uptime: in this long-lived test JVM it can be
        // below 0.5 and round to 0, so it is checked against its definition rather than for being positive
        double perProcessSecond = 4.0 * b.get("events").asLong() / b.get("processSeconds").asDouble();
        assertThat(b.get("eventsPerProcessSecond").asDouble()).as("eventsPerProcessSecond")
                .isCloseTo(Math.rint(perProcessSecond), within(1.0 + perProcessSecond / 100));
        for (String timing : new String[] {"wallSeconds", "cpuSeconds", "eventsPerSecond", "eventsPerCpuSecond",
                "schedulingMicrosPerPod", "startSeconds", "readSeconds", "processSeconds", "eventsPerProcessSecond"}) {
            if (!timing.equals("eventsPerProcessSecond")) {
                assertThat(b.get(timing).asDouble()).as(timing).isPositive();
            }
            ((com.fasterxml.jackson.databind.node.ObjectNode) a).remove(timing);
            ((com.fasterxml.jackson.databind.node.ObjectNode) b).remove(timing);
        }
        assertThat(b).isEqualTo(a);
        assertThat(text.status()).as(text.toString()).isZero();
        assertThat(text.out()).contains("timings:    median of runs 3 to 5 of 5");
    }

    @Test
    void theEventsExampleReplays() {
        CliRun run = CliRun.of("replay", "--format", "events", repo("examples", "replay", "small-gpu-cluster.jsonl"));
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.out()).contains("9 arrived, 9 placed, 0 dropped");
    }

    @Test
    void aBadRowIsRefusedWithFileAndLineBeforeAnythingIsReplayed() throws IOException {
        Path bad = dir.resolve("pods.csv");
        Files.writeString(bad, "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec\np1,1000,1024,1,500,\n"
                + "p2,1000,1024,1,500,H100\n");
        CliRun run = CliRun.of("replay", "--protocol", "paper", nodes(), bad.toString());

        assertThat(run.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err()).startsWith("caldera: " + bad + ":3: column gpu_spec names GPU type 'H100'");
    }

    /**
     * A recorded trace's pods are made and handed to the replay while it runs (docs/REPLAY.md, "Reading beside the
     * replay"); every row is still checked before the first event is replayed, the last ones too.
     */
    @Test
    void aBadRowLateInALongTraceIsRefusedBeforeAnythingIsReplayed() throws IOException {
        Path pods = dir.resolve("long.csv");
        StringBuilder csv = new StringBuilder("name,cpu_milli,memory_mib,num_gpu,gpu_milli,creation_time,deletion_time\n");
        int rows = 40_000;
        for (int i = 0; i < rows; i++) {
            long created = 10L * i;
            long deleted = i == rows - 3 ? created - 1 : created + 500;
            csv.append("p").append(i).append(",4000,8192,1,").append(i % 2 == 0 ? 500 : 1000).append(',')
                    .append(created).append(',').append(deleted).append('\n');
        }
        Files.writeString(pods, csv);
        CliRun run = CliRun.of("replay", "--output", "json", nodes(), pods.toString());

        assertThat(run.status()).as(run.toString()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err()).startsWith("caldera: " + pods + ":" + (rows - 1) + ": column deletion_time is before"
                + " creation_time " + 10L * (rows - 3));
    }

    /**
     * A pod shape the converters refuse (a row that passes its checks but asks for more CPU than the kernel's units
     * hold) is found when its first pod is made, during the replay: the replay stops, nothing is reported, and the
     * error names the first such row in file order, even when a later row's refused shape arrives earlier in time.
     */
    @Test
    void aShapeTheConvertersRefuseStopsTheReplayWithItsFirstRowInFileOrder() throws IOException {
        Path pods = dir.resolve("refused.csv");
        StringBuilder csv = new StringBuilder("name,cpu_milli,memory_mib,num_gpu,gpu_milli,creation_time,deletion_time\n");
        int rows = 40_000;
        String huge = "9223372036854775807";
        for (int i = 0; i < rows; i++) {
            long created = i == rows - 2 ? 3 : 10L * i;
            String cpu = i == rows - 5 || i == rows - 2 ? huge : "4000";
            String memory = i == rows - 2 ? "4096" : "8192";
            csv.append("p").append(i).append(',').append(cpu).append(',').append(memory).append(",0,0,")
                    .append(created).append(',').append(created + 500).append('\n');
        }
        Files.writeString(pods, csv);
        CliRun run = CliRun.of("replay", "--output", "json", nodes(), pods.toString());

        assertThat(run.status()).as(run.toString()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err()).startsWith("caldera: " + pods + ":" + (rows - 3) + ": Pod default/shape:")
                .contains("'" + huge + "m' is too large");
    }

    @Test
    void usageErrorsSayWhat() {
        assertThat(CliRun.of("replay", "--policy", "tetris", nodes(), pods("default")).err())
                .contains("--policy must be one of bestfit, gpupacking, dotprod, random, fgd, fgdfill");
        CliRun events = CliRun.of("replay", "--format", "events", "--protocol", "paper", nodes());
        assertThat(events.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(events.err()).contains("--protocol paper needs --format openb");
        assertThat(CliRun.of("replay", nodes()).err()).contains("needs two files");
    }
}
