package dev.caldera.k8s.cli;

import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every configuration current Volcano runs, simulate runs too, with a warning (file, key, line) where Volcano
 * warns or silently ignores; what Volcano refuses is refused with file, key and line.
 */
class ConfLoadingTest {
    private static final String CLUSTER = """
            apiVersion: v1
            kind: Node
            metadata: {name: n1}
            status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
            ---
            apiVersion: v1
            kind: Pod
            metadata: {name: p, namespace: ns}
            spec:
              schedulerName: volcano
              containers: [{name: c, resources: {requests: {cpu: "1"}}}]
            """;

    @TempDir
    Path dir;
    private String cluster;

    @BeforeEach
    void writeCluster() throws IOException {
        cluster = write("cluster.yaml", CLUSTER);
    }

    private String write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p.toString();
    }

    private CliRun simulate(String confText) throws IOException {
        return CliRun.of("simulate", "--conf", write("v.conf", confText), "--output", "json", cluster);
    }

    /** Issue 11: overcommit-factor below 1 made simulate exit 2; Volcano warns and uses 1.2. */
    @Test
    void anOvercommitFactorBelowOneRunsWithAWarningNamingFileKeyAndLine() throws IOException {
        CliRun run = simulate("""
                actions: "enqueue, allocate, backfill"
                tiers:
                - plugins:
                  - name: overcommit
                    arguments:
                      overcommit-factor: 0.5
                """);
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.out()).contains("\"node\": \"n1\"");
        assertThat(run.err()).isEqualTo("caldera: warning: " + dir.resolve("v.conf")
                + ": tiers[0].plugins[0].arguments.overcommit-factor (plugin 'overcommit'): 0.5 is below 1, which"
                + " Volcano does not allow; the default 1.2 is used, as Volcano does (line 6, column 26)\n");
    }

    @Test
    void unknownAndUnimplementedPluginsAreSkippedWithAWarningEach() throws IOException {
        CliRun run = simulate("""
                actions: "enqueue, allocate"
                tiers:
                - plugins:
                  - name: gang
                  - name: magic
                  - name: task-topology
                """);
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.err().lines()).hasSize(2)
                .anySatisfy(l -> assertThat(l).contains("v.conf: tiers[0].plugins[1]: unknown plugin 'magic' skipped",
                        "(line 5, column 5)"))
                .anySatisfy(l -> assertThat(l).contains("plugin 'task-topology' is not implemented by Caldera",
                        "(line 6, column 5)"));
    }

    @Test
    void argumentsOfTheWrongTypeAreIgnoredAsVolcanoIgnoresThem() throws IOException {
        CliRun run = simulate("""
                actions: "allocate"
                tiers:
                - plugins:
                  - name: binpack
                    arguments: {binpack.weight: "10", binpack.cpu: -1}
                  - name: predicates
                    arguments: {predicate.NodePortsEnable: maybe}
                configurations:
                - name: allocate
                  arguments: {predicateErrorCacheEnable: 3}
                """);
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.err()).contains("binpack.weight (plugin 'binpack'): '10' is not an integer",
                "binpack.cpu (plugin 'binpack'): -1 is negative",
                "predicate.NodePortsEnable (plugin 'predicates'): 'maybe' is not true or false",
                "configurations[0].arguments.predicateErrorCacheEnable (action 'allocate'): '3' is not true or false");
    }

    @Test
    void aVolumeBindingWeightVolcanoCannotDecodeIsRefusedWithFileKeyAndLine() throws IOException {
        CliRun run = simulate("""
                actions: "allocate"
                tiers:
                - plugins:
                  - name: predicates
                    arguments:
                      volumebinding.weight: heavy
                """);
        assertThat(run.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("caldera: " + dir.resolve("v.conf") + ": tiers[0].plugins[0].arguments"
                + ".volumebinding.weight (plugin 'predicates'): 'heavy' is not an integer (Volcano stops with a fatal"
                + " error on it) (line 6, column 29)\n");
    }

    @Test
    void aConfLargerThanAConfigMapIsRefusedUnread() throws IOException {
        Path big = dir.resolve("big.conf");
        Files.write(big, new byte[(1 << 20) + 10]);
        CliRun run = CliRun.of("simulate", "--conf", big.toString(), cluster);
        assertThat(run.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.err()).isEqualTo("caldera: " + big + ": larger than 1 MiB, refused (Volcano reads its"
                + " configuration from a ConfigMap, which Kubernetes limits to 1 MiB)\n");
    }
}
