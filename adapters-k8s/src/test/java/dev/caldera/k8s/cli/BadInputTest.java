package dev.caldera.k8s.cli;

import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Every kind of bad input ends with exit status 2 and one line on stderr that names the file, the object and
 * the field, and why; never a stack trace. Unknown kinds are skipped with a warning.
 */
class BadInputTest {
    private static final String NODE = """
            apiVersion: v1
            kind: Node
            metadata: {name: n1}
            status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
            """;

    @TempDir
    Path dir;
    private String cluster;

    @BeforeEach
    void validCluster() throws IOException {
        cluster = write("cluster.yaml", NODE);
    }

    private String write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p.toString();
    }

    /** Runs simulate on {@code args}; asserts exit 2 and a single clean line; returns that line. */
    private static String refused(String... args) {
        String[] full = new String[args.length + 1];
        full[0] = "simulate";
        System.arraycopy(args, 0, full, 1, args.length);
        CliRun run = CliRun.of(full);
        assertThat(run.status()).as(run.toString()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).doesNotContain("\tat ", "Exception");
        assertThat(run.err().lines()).as(run.err()).hasSize(1);
        return run.err().lines().findFirst().orElseThrow();
    }

    @Test
    void aMissingFile() {
        Path missing = dir.resolve("nope.yaml");
        assertThat(refused(missing.toString())).isEqualTo("caldera: " + missing + ": no such file or directory");
    }

    @Test
    void anUnreadableFile() throws IOException {
        Path locked = Path.of(write("locked.yaml", NODE));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        assumeFalse(Files.isReadable(locked), "running as a user who can read anything (root)");
        assertThat(refused(locked.toString())).isEqualTo("caldera: " + locked + ": cannot read: permission denied");
    }

    @Test
    void aPathThatCannotBeOpened() {
        Path below = Path.of(cluster, "inside.yaml");
        assertThat(refused(below.toString())).isEqualTo("caldera: " + below + ": cannot read: not a directory");
    }

    @Test
    void aFileThatIsNotUtf8() throws IOException {
        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, new byte[] {'k', 'i', 'n', 'd', ':', ' ', (byte) 0xE9, '\n'});
        assertThat(refused(latin1.toString())).isEqualTo("caldera: " + latin1 + ": not valid UTF-8 text");
    }

    @Test
    void malformedYamlWithLineAndColumn() throws IOException {
        String f = write("bad.yaml", NODE + "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n   bad: indent\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":10:7: malformed YAML: mapping values are not allowed here");
    }

    @Test
    void anEmptyInput() throws IOException {
        String f = write("empty.yaml", "# nothing here\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ": no Kubernetes objects found");
    }

    @Test
    void anObjectWithoutAName() throws IOException {
        String f = write("noname.yaml", NODE + "---\napiVersion: v1\nkind: Pod\nmetadata: {namespace: ml}\n"
                + "spec: {containers: [{name: a}]}\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":6: Pod ml/<unnamed>: metadata.name is required");
    }

    @Test
    void aPodWithoutContainers() throws IOException {
        String f = write("nocontainers.yaml", NODE + "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {}\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f
                + ":6: Pod default/p: spec.containers is required (at least one container)");
    }

    @Test
    void aPriorityClassWithoutValue() throws IOException {
        String f = write("pc.yaml", "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":1: PriorityClass high: value is required");
    }

    @Test
    void aDocumentWithoutKind() throws IOException {
        String f = write("nokind.yaml", "apiVersion: v1\nmetadata: {name: x}\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":1: object x: kind is required");
    }

    @Test
    void aFieldOfTheWrongType() throws IOException {
        String f = write("type.yaml", "apiVersion: scheduling.volcano.sh/v1beta1\nkind: PodGroup\n"
                + "metadata: {name: pg, namespace: ml}\nspec: {minMember: many}\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":1: PodGroup ml/pg: spec.minMember: expected an integer,"
                + " got the string 'many'");
    }

    @Test
    void anInvalidQuantity() throws IOException {
        String f = write("quantity.yaml", NODE + "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ml}\n"
                + "spec: {containers: [{name: a, resources: {requests: {memory: 2GB}}}]}\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":6: Pod ml/p: spec.containers[0].resources.requests.memory:"
                + " '2GB' is not a quantity (expected a number with an optional suffix such as 500m, 2, 1.5Gi, 128Mi,"
                + " 1e3)");
    }

    @Test
    void aNegativeQuantity() throws IOException {
        String f = write("negative.yaml", "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"
                + "status: {allocatable: {cpu: \"-4\"}}\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":1: Node n1: status.allocatable.cpu: '-4' is negative");
    }

    private String pod(String name, String extraMetadata, String extraSpec) throws IOException {
        return write(name, NODE + "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ml\n"
                + extraMetadata + "spec:\n  schedulerName: volcano\n  containers:\n  - name: a\n" + extraSpec);
    }

    @Test
    void aDeletionTimestampThatIsNotATime() throws IOException {
        String f = pod("deleting.yaml", "  deletionTimestamp: soon\n", "");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":6: Pod ml/p: metadata.deletionTimestamp: 'soon' is not an"
                + " RFC 3339 time such as 2024-01-01T00:00:00Z");
    }

    @Test
    void aPriorityThatIsNotAWholeNumberIsNotTruncated() throws IOException {
        String f = pod("priority.yaml", "", "  priority: 1.5\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":6: Pod ml/p: spec.priority: expected an integer, got the"
                + " number 1.5");
    }

    @Test
    void aStringWhereKubernetesWantsAStringAndYamlReadsABoolean() throws IOException {
        String f = pod("selector.yaml", "", "  nodeSelector: {gpu: yes}\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":6: Pod ml/p: spec.nodeSelector.gpu: expected a string,"
                + " got the boolean yes (quote it)");
    }

    /**
     * The paths of map entries, list items and container resources are put together only for a wrong value; each
     * is named as it always was (messages taken from the reader that built every path as it went).
     */
    @Test
    void wrongValuesDeepInsideContainersAndMapsAreNamedByTheirWholePath() throws IOException {
        String pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ml}\nspec:\n  containers:\n";
        String node = "apiVersion: v1\nkind: Node\nmetadata: {name: n";
        Map<String, String> inputs = new LinkedHashMap<>();
        inputs.put(pod + "  - name: a\n  - name: b\n    resources: 5\n",
                "Pod ml/p: spec.containers[1].resources: expected a mapping, got the number 5");
        inputs.put(pod + "  - name: a\n    resources: {requests: x}\n",
                "Pod ml/p: spec.containers[0].resources.requests: expected a mapping, got the string 'x'");
        inputs.put(pod + "  - name: a\n  - name: b\n  - name: c\n    resources: {limits: {cpu: [1]}}\n",
                "Pod ml/p: spec.containers[2].resources.limits.cpu: expected a quantity, got a list");
        inputs.put(pod + "  - name: a\n  initContainers:\n  - name: i\n    resources: {requests: {memory: true}}\n",
                "Pod ml/p: spec.initContainers[0].resources.requests.memory: expected a quantity such as 500m or 2Gi,"
                        + " got the boolean true");
        inputs.put(node + ", labels: {a: b, c: 12}}\nstatus: {allocatable: {cpu: \"4\"}}\n",
                "Node n: metadata.labels.c: expected a string, got the number 12 (quote it)");
        inputs.put(node + "}\nstatus: {allocatable: {cpu: \"4\", memory: {x: 1}}}\n",
                "Node n: status.allocatable.memory: expected a quantity, got a mapping");
        inputs.put(node + "}\nstatus: {allocatable: [1]}\n", "Node n: status.allocatable: expected a mapping, got a list");
        inputs.put(pod + "  - name: a\n  tolerations:\n  - {key: a, operator: Exists}\n  - {key: 1, operator: Exists}\n",
                "Pod ml/p: spec.tolerations[1].key: expected a string, got the number 1 (quote it)");
        inputs.put(node + "}\nspec:\n  taints:\n  - {key: a, effect: NoSchedule}\n  - {key: b, effect: [x]}\n",
                "Node n: spec.taints[1].effect: expected a string, got a list");
        int i = 0;
        for (Map.Entry<String, String> e : inputs.entrySet()) {
            String f = write("path" + i++ + ".yaml", e.getKey());
            assertThat(refused(f)).isEqualTo("caldera: " + f + ":1: " + e.getValue());
        }
    }

    @Test
    void aDurationBeyondGosRange() throws IOException {
        String f = write("sla.yaml", "apiVersion: scheduling.volcano.sh/v1beta1\nkind: PodGroup\nmetadata:\n"
                + "  name: pg\n  namespace: ml\n  annotations: {sla-waiting-time: 3000000h}\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":1: PodGroup ml/pg: metadata.annotations[sla-waiting-time]:"
                + " '3000000h' is beyond Go's duration range (about 292 years)");
    }

    @Test
    void aGtRequirementWithoutAnInteger() throws IOException {
        String f = pod("gt.yaml", "", "  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
                + "        nodeSelectorTerms:\n        - matchExpressions: [{key: cores, operator: Gt, values: [many]}]\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":6: Pod ml/p: spec.affinity.nodeAffinity"
                + ".requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]:"
                + " 'many' is not an integer (Gt compares numbers)");
    }

    @Test
    void aResourceWithoutAName() throws IOException {
        String f = pod("noname.yaml", "", "    resources: {requests: {\"\": 1}}\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":6: Pod ml/p: spec.containers[0].resources.requests: a"
                + " resource needs a name, got \"\"");
    }

    @Test
    void aFilePathWithATrailingSlash() {
        assertThat(refused(cluster + "/")).isEqualTo("caldera: " + cluster + "/: cannot read: not a directory");
    }

    @Test
    void aHugeQuantityIsNotEchoedWhole() throws IOException {
        String f = pod("huge.yaml", "", "    resources: {requests: {cpu: \"" + "9".repeat(5000) + "\"}}\n");
        assertThat(refused(f)).startsWith("caldera: " + f + ":6: Pod ml/p: spec.containers[0].resources.requests.cpu:"
                + " '999").contains("...' (5000 characters)").hasSizeLessThan(300);
    }

    @Test
    void aStructureOfTheWrongShapeIsNamedWithoutJavaTypes() throws IOException {
        String f = write("shape.yaml", NODE + "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: []\n");
        assertThat(refused(f)).isEqualTo("caldera: " + f + ":6: Pod default/p: spec: expected a mapping, got a list");
        String g = write("dashes.yaml", "- -\n");
        assertThat(refused(g)).isEqualTo("caldera: " + g + ":1: expected a Kubernetes object (a mapping with"
                + " apiVersion and kind), found a list");
    }

    /** Issue 11: two nodes of 5e15 cpu made the cluster's total wrap around; now no total can. */
    @Test
    void quantitiesAndTotalsBeyondExact64BitArithmeticAreRefused() throws IOException {
        String big = write("big.yaml", "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"
                + "status: {allocatable: {cpu: 5e15}}\n");
        assertThat(refused(big)).isEqualTo("caldera: " + big + ":1: Node n1: status.allocatable.cpu: '5e15' is too"
                + " large (more than 72057594037927936 milli-units, so that scores and totals stay exact in 64 bits)");
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 70; i++) {
            many.append("---\napiVersion: v1\nkind: Node\nmetadata: {name: n").append(i)
                    .append("}\nstatus: {allocatable: {cpu: 72T}}\n");
        }
        String total = write("total.yaml", many.toString());
        assertThat(refused(total)).startsWith("caldera: " + total + ":").contains(": Node n64: the total cpu of all"
                + " nodes' allocatable would exceed 4611686018427387904 milli-units");
    }

    @Test
    void twoPodsOfOneNameAreOneThatIsTheLast() throws IOException {
        String f = write("twice.yaml", NODE + """
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: p, namespace: ml, uid: u1}
                spec: {schedulerName: volcano, containers: [{name: a, resources: {requests: {cpu: "1"}}}]}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: p, namespace: ml, uid: u2}
                spec: {schedulerName: volcano, containers: [{name: a, resources: {requests: {cpu: "2"}}}]}
                """);
        CliRun run = CliRun.of("simulate", "--cycles", "1", "--output", "json", f);
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.err()).isEqualTo("caldera: warning: " + f + ":11: Pod ml/p appears more than once (uids u1 and"
                + " u2); the last one is used\n");
        assertThat(run.out()).containsOnlyOnce("\"pod\": \"ml/p\"").contains("\"pendingTasks\": 1");
    }

    @Test
    void yamlAnchorsInManifestsAreResolved() throws IOException {
        String f = write("anchors.yaml", """
                apiVersion: v1
                kind: List
                items:
                - apiVersion: v1
                  kind: Node
                  metadata: {name: n1}
                  status: {allocatable: &size {cpu: "4", memory: 8Gi, pods: "10"}}
                - apiVersion: v1
                  kind: Node
                  metadata: {name: n2}
                  status: {allocatable: *size}
                """);
        CliRun run = CliRun.of("simulate", "--cycles", "1", f);
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.out()).contains("nodes 2");
    }

    @Test
    void aSchedulerConfWithABadFlagNamesTheKeyAndWhy() throws IOException {
        String conf = write("bad.conf", "actions: \"enqueue, allocate\"\ntiers:\n- plugins:\n  - name: gang\n"
                + "    enableJobOrder: maybe\n");
        assertThat(refused("--conf", conf, cluster)).isEqualTo("caldera: " + conf
                + ": tiers[0].plugins[0].enableJobOrder: must be true or false, got 'maybe' (line 5, column 21)");
    }

    @Test
    void aSchedulerConfWithAnUnknownAction() throws IOException {
        String conf = write("unknown.conf", "actions: \"enqueue, elect\"\n");
        assertThat(refused("--conf", conf, cluster)).startsWith("caldera: ").contains("unknown action 'elect'",
                "Volcano refuses a configuration with an unknown action", "unknown.conf: actions", "(line 1, column 20)");
    }

    @Test
    void aSchedulerConfThatIsNotYaml() throws IOException {
        String conf = write("broken.conf", "actions: [allocate\n");
        assertThat(refused("--conf", conf, cluster)).startsWith("caldera: " + conf);
    }

    @Test
    void aMissingSchedulerConf() {
        Path conf = dir.resolve("missing.conf");
        assertThat(refused("--conf", conf.toString(), cluster)).isEqualTo("caldera: " + conf
                + ": no such file (--conf)");
    }

    @Test
    void aDirectoryAsSchedulerConf() {
        assertThat(refused("--conf", dir.toString(), cluster)).isEqualTo("caldera: " + dir + ": not a file (--conf)");
    }

    /**
     * The configuration is made beside the reading ({@code SimulationSetUp}); what it says still comes first, as
     * when it was read before the manifests: its error before the manifests' error, its warnings before theirs.
     */
    @Test
    void theSchedulerConfsErrorComesBeforeTheManifestsError() throws IOException {
        Path conf = dir.resolve("missing.conf");
        assertThat(refused("--conf", conf.toString(), dir.resolve("nope.yaml").toString())).isEqualTo("caldera: "
                + conf + ": no such file (--conf)");
        String broken = write("broken.yaml", "apiVersion: v1\nkind: Node\nmetadata: {name: [x\n");
        assertThat(refused("--conf", conf.toString(), broken)).isEqualTo("caldera: " + conf
                + ": no such file (--conf)");
    }

    @Test
    void theSchedulerConfsWarningsComeBeforeTheManifestsWarningsAndError() throws IOException {
        String conf = write("low.conf", "actions: \"enqueue, allocate\"\ntiers:\n- plugins:\n  - name: overcommit\n"
                + "    arguments:\n      overcommit-factor: 0.5\n");
        String twice = write("twice.yaml", NODE + "---\n" + NODE);
        CliRun run = CliRun.of("simulate", "--cycles", "1", "--conf", conf, twice);
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.err().lines()).hasSize(2);
        assertThat(run.err().lines().toList().get(0)).startsWith("caldera: warning: " + conf + ": tiers[0]");
        assertThat(run.err().lines().toList().get(1)).isEqualTo("caldera: warning: " + twice
                + ":6: Node n1 appears more than once; the last one is used");
        CliRun bad = CliRun.of("simulate", "--conf", conf, dir.resolve("nope.yaml").toString());
        assertThat(bad.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(bad.err().lines().toList()).hasSize(2).last().isEqualTo("caldera: " + dir.resolve("nope.yaml")
                + ": no such file or directory");
        assertThat(bad.err()).startsWith("caldera: warning: " + conf + ": tiers[0]");
    }

    @Test
    void aNonPositiveCycleCountIsAUsageError() {
        CliRun run = CliRun.of("simulate", "--cycles", "0", cluster);
        assertThat(run.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).startsWith("--cycles must be between 1 and 100000, got 0").doesNotContain("\tat ");
    }

    /** Issue 11: --cycles 2147483647 ran until killed while memory grew per cycle. */
    @Test
    void aHugeCycleCountIsAUsageError() {
        CliRun run = CliRun.of("simulate", "--cycles", "2147483647", cluster);
        assertThat(run.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).startsWith("--cycles must be between 1 and 100000, got 2147483647");
    }

    /** Out of memory ends in one line saying what to do, not a stack trace. */
    @Test
    void runningOutOfMemoryIsOneLine() {
        java.io.StringWriter err = new java.io.StringWriter();
        assertThat(Main.outOfMemory(new java.io.PrintWriter(err, true))).isEqualTo(Main.INTERNAL_ERROR);
        assertThat(err.toString()).startsWith("caldera: out of memory: the input needs more than the JVM's ")
                .endsWith("MiB of heap (give java more with -Xmx, or split the input)\n");
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        CliRun run = CliRun.of("simulate", "--colour", cluster);
        assertThat(run.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).startsWith("Unknown option: '--colour'");
    }

    @Test
    void unknownKindsAreSkippedWithAWarningAndTheRestIsSimulated() throws IOException {
        String f = write("mixed.yaml", NODE + "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n");
        CliRun run = CliRun.of("simulate", "--cycles", "1", f);
        assertThat(run.status()).isZero();
        assertThat(run.err()).isEqualTo("caldera: warning: " + f + ":6: skipping 1 Deployment (apps/v1) object:"
                + " caldera simulate reads Node, Pod, PodGroup, Queue, Job (batch.volcano.sh), PriorityClass and"
                + " HyperNode\n");
        assertThat(run.out()).contains("nodes 1, pods 0");
    }

    @Test
    void theTopLevelCommandWithoutSubcommandShowsUsage() {
        CliRun run = CliRun.of();
        assertThat(run.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).contains("Usage: caldera", "simulate", "generate");
    }
}
