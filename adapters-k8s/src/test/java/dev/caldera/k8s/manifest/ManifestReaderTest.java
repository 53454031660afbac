package dev.caldera.k8s.manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ManifestReaderTest {
    @TempDir
    Path dir;

    private List<ManifestDocument> read(String... inputs) {
        return new ManifestReader().read(List.of(inputs));
    }

    private String file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p.toString();
    }

    @Test
    void multiDocumentYamlGivesOneDocumentPerObjectWithItsLine() throws IOException {
        String f = file("c.yaml", """
                ---
                apiVersion: v1
                kind: Node
                metadata: {name: n1}
                ---
                # a comment only
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: p1, namespace: ns}
                """);
        List<ManifestDocument> docs = read(f);
        assertThat(docs).extracting(ManifestDocument::kind).containsExactly("Node", "Pod");
        assertThat(docs).extracting(d -> d.location().line()).containsExactly(2, 8);
        assertThat(docs.get(1).namespace()).isEqualTo("ns");
        assertThat(docs.get(1).location().toString()).isEqualTo(f + ":8");
    }

    @Test
    void aListDumpIsSplitIntoItsItemsEachWithItsOwnLine() throws IOException {
        String f = file("dump.yaml", """
                apiVersion: v1
                kind: List
                metadata: {resourceVersion: ""}
                items:
                - apiVersion: v1
                  kind: Node
                  metadata: {name: n1}
                - apiVersion: scheduling.volcano.sh/v1beta1
                  kind: Queue
                  metadata: {name: q1}
                """);
        List<ManifestDocument> docs = read(f);
        assertThat(docs).extracting(ManifestDocument::kind).containsExactly("Node", "Queue");
        assertThat(docs).extracting(d -> d.location().line()).containsExactly(5, 8);
        assertThat(docs.get(1).group()).isEqualTo("scheduling.volcano.sh");
    }

    @Test
    void jsonFilesAndTypedListsAreRead() throws IOException {
        String f = file("pods.json", """
                {"apiVersion": "v1", "kind": "PodList", "items": [
                  {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "a"}},
                  {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "b"}}
                ]}
                """);
        assertThat(read(f)).extracting(ManifestDocument::name).containsExactly("a", "b");
    }

    @Test
    void aDirectoryIsReadRecursivelyInPathOrderSkippingOtherFiles() throws IOException {
        file("b.yaml", "apiVersion: v1\nkind: Node\nmetadata: {name: from-b}\n");
        file("a.yml", "apiVersion: v1\nkind: Node\nmetadata: {name: from-a}\n");
        file("sub/c.json", "{\"apiVersion\": \"v1\", \"kind\": \"Node\", \"metadata\": {\"name\": \"from-c\"}}");
        file("scheduler.conf", "actions: allocate\n");
        file("notes.txt", "not yaml: [");
        assertThat(read(dir.toString())).extracting(ManifestDocument::name).containsExactly("from-a", "from-b",
                "from-c");
    }

    @Test
    void dashReadsStandardInput() {
        byte[] text = "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n".getBytes(StandardCharsets.UTF_8);
        List<ManifestDocument> docs = new ManifestReader(new ByteArrayInputStream(text)).read(List.of("-"));
        assertThat(docs).hasSize(1);
        assertThat(docs.get(0).location().toString()).isEqualTo("<stdin>:1");
    }

    @Test
    void malformedYamlNamesFileLineAndColumn() throws IOException {
        String f = file("bad.yaml", """
                apiVersion: v1
                kind: Node
                metadata:
                  name: n1
                 labels: {a: b}
                """);
        assertThatThrownBy(() -> read(f))
                .isInstanceOf(ManifestException.class)
                .hasMessage(f + ":5:2: malformed YAML: expected <block end>, but found '<block mapping start>'"
                        + " (while parsing a block mapping started at line 1, column 1)");
    }

    @Test
    void anUnclosedFlowMappingSaysWhereItStarted() throws IOException {
        String f = file("bad.yaml", "apiVersion: v1\nkind: Node\nstatus:\n  allocatable: {cpu: 4, memory: 8Gi\n");
        assertThatThrownBy(() -> read(f)).hasMessageStartingWith(f + ":5:1: malformed YAML: expected ',' or '}'")
                .hasMessageEndingWith("(while parsing a flow mapping started at line 4, column 16)");
    }

    @Test
    void malformedJsonNamesFileLineAndColumn() throws IOException {
        String f = file("bad.json", "{\"kind\": \"Node\",\n \"metadata\": {\"name\": }\n}");
        assertThatThrownBy(() -> read(f)).hasMessageStartingWith(f + ":2:").hasMessageContaining("malformed JSON");
    }

    @Test
    void aDocumentThatIsNotAMappingIsRefused() throws IOException {
        String f = file("list.yaml", "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\n- a\n- b\n");
        assertThatThrownBy(() -> read(f)).hasMessage(f + ":5: expected a Kubernetes object (a mapping with"
                + " apiVersion and kind), found a list");
    }

    @Test
    void missingAndUndecodableFilesAreOneLine() throws IOException {
        assertThatThrownBy(() -> read(dir.resolve("nope.yaml").toString()))
                .hasMessage(dir.resolve("nope.yaml") + ": no such file or directory");
        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, new byte[] {'a', ':', ' ', (byte) 0xE9, '\n'});
        assertThatThrownBy(() -> read(latin1.toString())).hasMessage(latin1 + ": not valid UTF-8 text");
    }
}
