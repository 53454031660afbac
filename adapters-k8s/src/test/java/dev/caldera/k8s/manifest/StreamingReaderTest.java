package dev.caldera.k8s.manifest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caldera.k8s.convert.fields.NodeFields;
import dev.caldera.k8s.convert.fields.PodFields;
import dev.caldera.k8s.convert.fields.PodGroupFields;
import dev.caldera.k8s.convert.fields.PriorityClassFields;
import dev.caldera.k8s.convert.fields.QueueFields;
import dev.caldera.k8s.manifest.read.ObjectHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/** The ingest path: objects straight from text into field views, in file order, with their lines. */
class StreamingReaderTest {
    @TempDir
    Path dir;

    /** Names what it is given: "Pod ns/name@line", "Node n@line", "skip Kind@line". */
    private static final ObjectHandler<String> NAMES = new ObjectHandler<>() {
        @Override
        public String pod(PodFields pod, Location at) {
            return "Pod " + pod.meta.namespace + "/" + pod.meta.name + "@" + at.line();
        }

        @Override
        public String node(NodeFields node, Location at) {
            return "Node " + node.meta.name + "@" + at.line() + " " + node.allocatable;
        }

        @Override
        public String podGroup(PodGroupFields group, Location at) {
            return "PodGroup " + group.meta.name + "@" + at.line() + " minMember " + group.minMember;
        }

        @Override
        public String queue(QueueFields queue, Location at) {
            return "Queue " + queue.meta.name + "@" + at.line();
        }

        @Override
        public String priorityClass(PriorityClassFields pc, Location at) {
            return "PriorityClass " + pc.meta.name + "@" + at.line();
        }

        @Override
        public String tree(String kind, String apiVersion, ObjectNode object, Location at) {
            return "tree " + kind;
        }

        @Override
        public String other(String kind, String apiVersion, String why, Location at) {
            return "skip " + kind + "@" + at.line();
        }
    };

    private List<String> stream(String text) throws IOException {
        Path f = dir.resolve("c.yaml");
        Files.writeString(f, text);
        List<String> out = new ArrayList<>();
        new ManifestReader().stream(List.of(f.toString()), NAMES, out::add);
        return out;
    }

    @Test
    void aKubectlListIsReadItemByItemWithItsLines() throws IOException {
        assertThat(stream("""
                apiVersion: v1
                items:
                - apiVersion: v1
                  kind: Node
                  metadata:
                    name: n1
                  status:
                    allocatable: {cpu: "4"}
                - apiVersion: apps/v1
                  kind: Deployment
                  metadata: {name: web}
                kind: List
                metadata:
                  resourceVersion: ""
                """)).containsExactly("Node n1@3 {cpu=4}", "skip Deployment@9");
    }

    @Test
    void fieldsBeforeKindAreKeptUntilTheKindIsKnown() throws IOException {
        assertThat(stream("""
                metadata: {name: pg, namespace: ml}
                spec: {minMember: 3}
                kind: PodGroup
                apiVersion: scheduling.volcano.sh/v1beta1
                """)).containsExactly("PodGroup pg@1 minMember 3");
    }

    @Test
    void anchorsAliasesAndMergeKeysAreResolved() throws IOException {
        assertThat(stream("""
                apiVersion: v1
                kind: List
                items:
                - apiVersion: v1
                  kind: Node
                  metadata: {name: n1}
                  status:
                    allocatable: &shape {cpu: "8", memory: 32Gi}
                - apiVersion: v1
                  kind: Node
                  metadata: {name: n2}
                  status:
                    allocatable:
                      <<: *shape
                      cpu: "16"
                """)).containsExactly("Node n1@4 {cpu=8, memory=32Gi}", "Node n2@9 {cpu=16, memory=32Gi}");
    }

    @Test
    void anAliasBombIsRefused() throws IOException {
        StringBuilder sb = new StringBuilder("apiVersion: v1\nkind: Node\nmetadata: {name: n}\nx: &a0 [a, a]\n");
        for (int i = 1; i < 40; i++) {
            sb.append("x").append(i).append(": &a").append(i).append(" [*a").append(i - 1).append(", *a")
                    .append(i - 1).append("]\n");
        }
        assertThatThrownBy(() -> stream(sb.toString())).isInstanceOf(ManifestException.class)
                .hasMessageContaining("c.yaml").hasMessageNotContaining("Exception");
    }

    @Test
    void aRecursiveAliasIsRefused() throws IOException {
        assertThatThrownBy(() -> stream("apiVersion: v1\nkind: Node\nmetadata: {name: n}\nx: &a [*a]\n"))
                .isInstanceOf(ManifestException.class).hasMessageContaining("c.yaml");
    }

    @Test
    void itemsOutsideAListAreRefused() throws IOException {
        assertThatThrownBy(() -> stream("apiVersion: v1\nitems: []\nkind: Node\nmetadata: {name: n}\n"))
                .hasMessageEndingWith("c.yaml:1: Node: has a top-level items list, which only a List (a kind ending in"
                        + " List) may have");
    }

    @Test
    void aNestedListIsNotAnObject() throws IOException {
        assertThatThrownBy(() -> stream("- - a\n")).hasMessage(dir.resolve("c.yaml") + ":1: expected a Kubernetes"
                + " object (a mapping with apiVersion and kind), found a list");
    }

    @Test
    void aLargeFileReadInParallelKeepsFileOrder() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            sb.append("---\napiVersion: v1\nkind: Node\nmetadata:\n  name: n").append(i)
                    .append("\n  labels: {a: b}\nstatus:\n  allocatable:\n    cpu: \"4\"\n");
        }
        assertThat(sb.length()).isGreaterThan(YamlFile.PARALLEL_MIN_BYTES);
        List<String> out = stream(sb.toString());
        assertThat(out).hasSize(20_000);
        for (int i = 0; i < out.size(); i++) {
            assertThat(out.get(i)).startsWith("Node n" + i + "@" + (i * 9 + 2) + " ");
        }
    }

    /** Documents of every kind the handler names, {@code n} of them, one with {@code odd} in it. */
    private static byte[] documents(int n, int oddAt, String odd) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append("---\n");
            if (i == oddAt) {
                sb.append(odd);
            } else if (i % 3 == 0) {
                sb.append("apiVersion: v1\nkind: Node\nmetadata:\n  name: n").append(i)
                        .append("\nstatus:\n  allocatable: {cpu: '4', memory: 8Gi}\n");
            } else if (i % 3 == 1) {
                sb.append("apiVersion: v1\nkind: Pod\nmetadata: {name: p").append(i).append(", namespace: ns}\n")
                        .append("spec:\n  containers:\n  - name: c\n    resources:\n      requests: {cpu: 500m}\n");
            } else {
                sb.append("apiVersion: scheduling.volcano.sh/v1beta1\nkind: PodGroup\nmetadata: {name: g").append(i)
                        .append("}\nspec:\n  minMember: ").append(i % 7).append('\n');
            }
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The line where {@code text} first appears. */
    private static int lineOf(byte[] bytes, String text) {
        String s = new String(bytes, StandardCharsets.UTF_8);
        return 1 + (int) s.substring(0, s.indexOf(text)).chars().filter(c -> c == '\n').count();
    }

    /**
     * What {@code workers} threads read from {@code bytes}, in as many parts as threads; checked to be what they
     * read from many more, smaller parts (each thread taking the next when done with one), results or error, and
     * to be what they read from a file of these bytes, each part reading its own bytes from it.
     */
    private static List<String> read(byte[] bytes, int workers) {
        List<String> out = new ArrayList<>();
        Throwable few = catchThrowable(() -> YamlFile.read(bytes, "f.yaml", NAMES, out::add, workers, workers));
        if (workers > 1) {
            for (int parts : new int[] {workers, 8 * workers + 1}) {
                List<String> many = new ArrayList<>();
                Throwable small = catchThrowable(() -> YamlFile.read(bytes, "f.yaml", NAMES, many::add, workers,
                        parts));
                sameOutcome(small, many, few, out);
                List<String> fromFile = new ArrayList<>();
                sameOutcome(catchThrowable(() -> readFile(bytes, workers, parts, fromFile::add)), fromFile, few, out);
            }
        }
        if (few instanceof RuntimeException e) {
            throw e;
        }
        assertThat(few).isNull();
        return out;
    }

    private static void sameOutcome(Throwable error, List<String> results, Throwable expectedError,
            List<String> expected) {
        if (expectedError == null) {
            assertThat(error).isNull();
            assertThat(results).isEqualTo(expected);
        } else {
            assertThat(error).isInstanceOf(expectedError.getClass()).hasMessage(expectedError.getMessage());
        }
    }

    /** {@code bytes} written to a file, read by {@link YamlFile#read(Path, String, ObjectHandler, java.util.function.Consumer, int, int)}. */
    private static void readFile(byte[] bytes, int workers, int parts, java.util.function.Consumer<String> out)
            throws IOException {
        Path f = Files.createTempFile("caldera-parts", ".yaml");
        try {
            Files.write(f, bytes);
            YamlFile.read(f, "f.yaml", NAMES, out, workers, parts);
        } finally {
            Files.delete(f);
        }
    }

    /**
     * A large multi-document file is read part by part from the file, by the threads that read the parts; what
     * needs the whole input (an alias in a later part), or bytes that forbid the cuts, send it to be read whole.
     */
    @Test
    void thePartsOfAFileAreReadFromTheFileByTheirThreads() throws IOException {
        byte[] clean = documents(3_000, -1, "");
        byte[] aliased = documents(3_000, 2_500, "apiVersion: v1\nkind: Node\nmetadata: {name: &n aliased}\n"
                + "status:\n  allocatable: {cpu: *n}\n");
        byte[] crlf = new String(clean, StandardCharsets.UTF_8).replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8);
        Path f = dir.resolve("parts.yaml");
        Files.write(f, clean);
        assertThat(YamlFile.fromFile(f, "f.yaml", NAMES, 3, 7)).isEqualTo(read(clean, 1));
        Files.write(f, aliased);
        assertThat(YamlFile.fromFile(f, "f.yaml", NAMES, 3, 7)).isNull();
        Files.write(f, crlf);
        assertThat(YamlFile.fromFile(f, "f.yaml", NAMES, 3, 7)).isNull();
    }

    @Test
    void aFileIsReadInRangesAndThroughAWindowAsItIs() throws IOException {
        byte[] text = new byte[2 * FileBytes.READ_CHUNK_BYTES + 50_000];
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) (i * 31 + i / 7);
        }
        Path f = dir.resolve("bytes");
        Files.write(f, text);
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(f)) {
            FileBytes file = new FileBytes(channel, text.length);
            for (int p = 0; p < text.length; p += 997) {
                assertThat(file.at(p)).isEqualTo(text[p]);
            }
            assertThat(file.at(3)).isEqualTo(text[3]);
            assertThat(file.range(12_345, 40_000)).isEqualTo(java.util.Arrays.copyOfRange(text, 12_345, 40_000));
            assertThat(file.range(7, text.length - 3)).isEqualTo(java.util.Arrays.copyOfRange(text, 7, text.length - 3));
            FileBytes longer = new FileBytes(channel, text.length + 1);
            assertThatThrownBy(() -> longer.range(0, text.length + 1)).isInstanceOf(FileBytes.Changed.class);
            assertThatThrownBy(() -> longer.at(text.length)).isInstanceOf(FileBytes.Changed.class);
        }
    }

    @Test
    void partsReadInParallelGiveWhatOneThreadGives() {
        byte[] bytes = documents(3_000, -1, "");
        List<String> one = read(bytes, 1);
        assertThat(one).hasSize(3_000).contains("PodGroup g2999@" + (lineOf(bytes, "name: g2999") - 2) + " minMember 3");
        assertThat(read(bytes, 3)).isEqualTo(one);
        assertThat(DocumentCuts.of(bytes, 0, 3, new int[3])).hasSize(3);
    }

    @Test
    void anErrorInALaterPartNamesItsLineInTheFile() {
        byte[] bad = documents(3_000, 2_500, "apiVersion: scheduling.volcano.sh/v1beta1\nkind: PodGroup\n"
                + "metadata: {name: bad}\nspec:\n  minMember: many\n");
        byte[] malformed = documents(3_000, 2_500, "apiVersion: v1\nkind: Node\nmetadata: {name: [x\n");
        for (byte[] bytes : List.of(bad, malformed)) {
            Throwable one = catchThrowable(() -> read(bytes, 1));
            assertThat(one).isInstanceOf(ManifestException.class)
                    .hasMessageStartingWith("f.yaml:" + (bytes == bad ? lineOf(bytes, "name: bad") - 2 : lineOf(bytes, "[x") + 1) + ":");
            assertThat(catchThrowable(() -> read(bytes, 3))).hasMessage(one.getMessage());
        }
    }

    /**
     * The event parser shares one mark per line; a syntax error is reported with SnakeYAML's exact columns (the
     * text read again), here a context column that is not the first mark of its line, in a small file and in a
     * later part of a large one.
     */
    @Test
    void aSyntaxErrorNamesItsExactColumns() throws IOException {
        assertThatThrownBy(() -> stream("apiVersion: v1\nkind: Node\nstatus:\n  allocatable: {cpu: 4, memory: 8Gi\n"))
                .isInstanceOf(ManifestException.class)
                .hasMessageStartingWith(dir.resolve("c.yaml") + ":5:1: malformed YAML: expected ',' or '}'")
                .hasMessageEndingWith("(while parsing a flow mapping started at line 4, column 16)");
        byte[] bytes = documents(3_000, 2_500, "apiVersion: v1\nkind: Node\nstatus:\n  allocatable: {cpu: 4, x\n");
        int line = lineOf(bytes, "allocatable: {cpu: 4, x");
        Throwable one = catchThrowable(() -> read(bytes, 1));
        assertThat(one).isInstanceOf(ManifestException.class).hasMessageContaining("started at line " + line
                + ", column 16)");
        assertThat(catchThrowable(() -> read(bytes, 3))).hasMessage(one.getMessage());
    }

    /**
     * Small text of printable ASCII is read in place on one thread (the reader the parts of a large file use), with
     * the objects, lines and exact syntax errors of SnakeYAML's own reader over the same text.
     */
    @Test
    void smallPrintableTextReadInPlaceGivesWhatSnakeYamlsReaderGives() {
        String node = "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\nstatus:\n  allocatable: {cpu: 4}\n";
        List<String> texts = List.of(
                node + "---\n" + node.replace("n1", "n2"),
                "apiVersion: v1\nkind: Node\nstatus:\n  allocatable: {cpu: 4, memory: 8Gi\n",
                "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n labels: {a: b}\n",
                "---\n" + node + "---\napiVersion: v1\nkind: Node\nmetadata: {name: [x, }\n",
                node.replace("name: n1", "name: &a n1") + "  extra: *a\n",
                "a: b: c\n",
                node.replace("  name: n1", "  name: n1\n\tlabels: {}"));
        for (String text : texts) {
            byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
            List<String> inPlace = new ArrayList<>();
            Throwable e = catchThrowable(() -> YamlFile.read(bytes, "f.yaml", NAMES, inPlace::add, 1, 1));
            List<String> streamed = new ArrayList<>();
            Throwable expected = catchThrowable(() -> streamed.addAll(
                    YamlFile.sequential("f.yaml", NAMES, () -> new java.io.StringReader(text))));
            sameOutcome(e, inPlace, expected, streamed);
        }
    }

    @Test
    void anAliasInALaterPartSendsTheWholeFileToTheComposer() {
        byte[] bytes = documents(3_000, 2_500, "apiVersion: v1\nkind: Node\nmetadata: {name: &n aliased}\n"
                + "status:\n  allocatable: {cpu: *n}\n");
        List<String> one = read(bytes, 1);
        assertThat(one).hasSize(3_000).contains("Node aliased@" + (lineOf(bytes, "&n aliased") - 2) + " {cpu=aliased}");
        assertThat(read(bytes, 3)).isEqualTo(one);
    }

    @Test
    void aFileWithDirectivesOrCarriageReturnsIsNotCut() {
        byte[] plain = documents(100, -1, "");
        byte[] crlf = new String(plain, StandardCharsets.UTF_8).replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] directive = ("%YAML 1.1\n" + new String(plain, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        assertThat(DocumentCuts.of(plain, 0, 4, new int[4])).hasSize(4);
        assertThat(DocumentCuts.of(crlf, 0, 4, new int[4])).containsExactly(0);
        assertThat(DocumentCuts.of(directive, 0, 4, new int[4])).containsExactly(0);
        assertThat(read(crlf, 4)).isEqualTo(read(plain, 1));
    }

    @Test
    void aLoneCarriageReturnInAnEarlierPartKeepsTheLineOfALaterError() {
        String text = new String(documents(3_000, 2_500, "apiVersion: scheduling.volcano.sh/v1beta1\nkind: PodGroup\n"
                + "metadata: {name: bad}\nspec:\n  minMember: many\n"), StandardCharsets.UTF_8);
        byte[] bytes = text.replace("name: n1500\n", "name: n1500\r# a line SnakeYAML counts\r")
                .getBytes(StandardCharsets.UTF_8);
        Throwable one = catchThrowable(() -> read(bytes, 1));
        assertThat(one).hasMessageStartingWith("f.yaml:" + (lineOf(bytes, "name: bad") - 2 + 2) + ":");
        assertThat(catchThrowable(() -> read(bytes, 3))).hasMessage(one.getMessage());
    }

    /**
     * A part read in place ({@code AsciiMarks}) must hold only what SnakeYAML's reader takes: a control character
     * in a later part (of documents, of a List's items) is refused as one thread refuses it.
     */
    @Test
    void aControlCharacterInALaterPartIsRefusedAsOnOneThread() {
        for (byte[] clean : List.of(documents(3_000, -1, ""), list(3_000, -1, "", "List"))) {
            byte[] bytes = new String(clean, StandardCharsets.UTF_8).replace("name: n2700", "name: n2700\u0007")
                    .getBytes(StandardCharsets.UTF_8);
            Throwable one = catchThrowable(() -> read(bytes, 1));
            assertThat(one).isInstanceOf(ManifestException.class)
                    .hasMessageContaining("special characters are not allowed");
            assertThat(catchThrowable(() -> read(bytes, 3))).hasMessage(one.getMessage());
            assertThat(DocumentCuts.check(bytes, 0, bytes.length)).isEqualTo(DocumentCuts.NOT_PRINTABLE);
            assertThat(DocumentCuts.check(bytes, 0, bytes.length / 2)).isZero();
        }
    }

    @Test
    void textThatIsNotUtf8IsRefusedBeforeAnEarlierPartsError() {
        String text = new String(documents(3_000, 500, "apiVersion: scheduling.volcano.sh/v1beta1\nkind: PodGroup\n"
                + "metadata: {name: bad}\nspec:\n  minMember: many\n"), StandardCharsets.UTF_8);
        byte[] bytes = text.replace("name: n2700", "name: n2700-\u00e9").getBytes(StandardCharsets.UTF_8);
        int at = lineOf(bytes, "n2700-");
        byte[] broken = bytes.clone();
        for (int p = 0; p < broken.length; p++) {
            if (broken[p] == (byte) 0xC3) {
                broken[p] = (byte) 0xFF;
            }
        }
        assertThat(at).isGreaterThan(0);
        assertThat(catchThrowable(() -> read(broken, 1))).hasMessage("f.yaml: not valid UTF-8 text");
        assertThat(catchThrowable(() -> read(broken, 3))).hasMessage("f.yaml: not valid UTF-8 text");
        assertThat(catchThrowable(() -> read(bytes, 3))).hasMessage(catchThrowable(() -> read(bytes, 1)).getMessage())
                .hasMessageContaining("bad").hasMessageNotContaining("UTF-8");
    }

    @Test
    void aFileThatChangedSizeSinceItWasMeasuredIsReadAsItIs() throws IOException {
        byte[] text = "0123456789".repeat(300_000).getBytes(StandardCharsets.UTF_8);
        for (int expected : new int[] {0, 7, text.length - 1, text.length, text.length + 1, 2 * text.length}) {
            assertThat(YamlFile.readFully(new java.io.ByteArrayInputStream(text), expected)).isEqualTo(text);
        }
    }

    /** The documents of {@link #documents} as the items of one {@code kubectl get -o yaml} List. */
    private static byte[] list(int n, int oddAt, String odd, String kind) {
        StringBuilder sb = new StringBuilder("apiVersion: v1\nitems:\n");
        for (String doc : new String(documents(n, oddAt, odd), StandardCharsets.UTF_8).split("---\n")) {
            if (!doc.isEmpty()) {
                sb.append("- ").append(doc.strip().replace("\n", "\n  ")).append('\n');
            }
        }
        return sb.append("kind: ").append(kind).append("\nmetadata:\n  resourceVersion: \"\"\n").toString()
                .getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theItemsOfAKubectlListAreReadInParallelPartsAsOnOneThread() {
        byte[] bytes = list(3_000, -1, "", "List");
        List<String> one = read(bytes, 1);
        assertThat(one).hasSize(3_000).contains("PodGroup g2999@" + (lineOf(bytes, "name: g2999") - 2) + " minMember 3");
        assertThat(ListCuts.of(bytes, 0, 3).starts).hasSize(3);
        assertThat(read(bytes, 3)).isEqualTo(one);
    }

    @Test
    void aListErrorReadInPartsIsTheOneOneThreadFinds() {
        byte[] badItem = list(3_000, 2_500, "apiVersion: scheduling.volcano.sh/v1beta1\nkind: PodGroup\n"
                + "metadata: {name: bad}\nspec:\n  minMember: many\n", "List");
        byte[] notAList = list(3_000, -1, "", "Pod");
        byte[] malformedItem = list(3_000, 2_500, "apiVersion: v1\nkind: Node\nmetadata: {name: [x\n", "List");
        for (byte[] bytes : List.of(badItem, notAList, malformedItem)) {
            Throwable one = catchThrowable(() -> read(bytes, 1));
            assertThat(one).isInstanceOf(ManifestException.class);
            assertThat(catchThrowable(() -> read(bytes, 3))).hasMessage(one.getMessage());
        }
        assertThat(catchThrowable(() -> read(badItem, 3)))
                .hasMessageStartingWith("f.yaml:" + (lineOf(badItem, "name: bad") - 2) + ":");
    }

    @Test
    void aUtf8ByteOrderMarkIsSkipped() throws IOException {
        Path f = dir.resolve("bom.yaml");
        byte[] text = "apiVersion: scheduling.volcano.sh/v1beta1\nkind: Queue\nmetadata: {name: q}\n".getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[text.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(text, 0, withBom, 3, text.length);
        Files.write(f, withBom);
        List<String> out = new ArrayList<>();
        new ManifestReader().stream(List.of(f.toString()), NAMES, out::add);
        assertThat(out).containsExactly("Queue q@1");
    }

    /**
     * Plain ASCII is read without a decoder; text with other characters is decoded as UTF-8, whether the file is
     * read on one thread, in document parts or in a List's parts.
     */
    @Test
    void textBeyondAsciiIsDecodedOnEveryPath() throws IOException {
        String odd = "apiVersion: v1\nkind: Node\nmetadata:\n  name: nœud-ü\nstatus:\n  allocatable: {cpu: '4'}\n";
        assertThat(stream(odd)).containsExactly("Node nœud-ü@1 {cpu=4}");
        byte[] bytes = documents(3_000, 2_500, odd);
        List<String> one = read(bytes, 1);
        assertThat(one).contains("Node nœud-ü@" + (lineOf(bytes, "name: nœud-ü") - 3) + " {cpu=4}");
        assertThat(read(bytes, 3)).isEqualTo(one);
        StringBuilder list = new StringBuilder("apiVersion: v1\nkind: List\nitems:\n");
        for (int i = 0; i < 20_000; i++) {
            list.append("- apiVersion: v1\n  kind: Node\n  metadata: {name: ").append(i == 15_000 ? "nœud-ü" : "n" + i)
                    .append("}\n");
        }
        byte[] items = list.toString().getBytes(StandardCharsets.UTF_8);
        assertThat(items.length).isGreaterThan(YamlFile.PARALLEL_MIN_BYTES);
        assertThat(read(items, 3)).isEqualTo(read(items, 1)).contains("Node nœud-ü@" + (lineOf(items, "nœud-ü") - 2) + " null");
    }
}
