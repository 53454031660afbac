package dev.caldera.k8s.cli;

import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** HyperNodes in a dump: read, checked by the kernel, problems reported as warnings; malformed ones refused. */
class HyperNodeInputTest {
    private static final String NODE = """
            apiVersion: v1
            kind: Node
            metadata: {name: n1}
            status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
            ---
            """;

    @TempDir
    Path dir;

    @Test
    void whatAHyperNodePointsAtIsCheckedAndReportedAsWarnings() throws IOException {
        String f = write(NODE + """
                apiVersion: topology.volcano.sh/v1alpha1
                kind: HyperNode
                metadata: {name: rack-a}
                spec:
                  tier: 1
                  members:
                  - {type: Node, selector: {exactMatch: {name: n1}}}
                  - {type: Node, selector: {exactMatch: {name: n9}}}
                """);
        CliRun run = CliRun.of("simulate", "--cycles", "1", f);
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.err()).isEqualTo("caldera: warning: HyperNode rack-a: member Node \"n9\" is not a node of the"
                + " cluster; the member is ignored\n");
    }

    @Test
    void aMalformedHyperNodeIsRefusedWithItsLine() throws IOException {
        String f = write(NODE + """
                apiVersion: topology.volcano.sh/v1alpha1
                kind: HyperNode
                metadata: {name: rack-a}
                spec:
                  members: []
                """);
        CliRun run = CliRun.of("simulate", "--cycles", "1", f);
        assertThat(run.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).isEqualTo("caldera: " + f + ":6: HyperNode rack-a: spec.tier is required\n");
    }

    @Test
    void aNetworkTopologyOfTheWrongShapeIsRefused() throws IOException {
        String f = write(NODE + """
                apiVersion: scheduling.volcano.sh/v1beta1
                kind: PodGroup
                metadata: {name: pg, namespace: ml}
                spec:
                  networkTopology: strict
                """);
        CliRun run = CliRun.of("simulate", "--cycles", "1", f);
        assertThat(run.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).isEqualTo("caldera: " + f + ":6: PodGroup ml/pg: spec.networkTopology: must be a mapping"
                + " (mode, highestTierAllowed, highestTierName), got the string 'strict'\n");
    }

    private String write(String text) throws IOException {
        Path p = dir.resolve("cluster.yaml");
        Files.writeString(p, text);
        return p.toString();
    }
}
