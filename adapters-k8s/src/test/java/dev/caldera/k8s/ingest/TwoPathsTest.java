package dev.caldera.k8s.ingest;

import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.generate.ClusterGenerator;
import dev.caldera.k8s.manifest.ClusterManifest;
import dev.caldera.k8s.manifest.ManifestReader;
import dev.caldera.k8s.simulate.ClusterBuilder;
import dev.caldera.k8s.simulate.ClusterIngest;
import dev.caldera.k8s.simulate.SimulatedCluster;
import dev.caldera.k8s.testing.ConformanceCases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One set of conversion rules: the streaming reader (text straight into field views, SnakeYAML's event parser)
 * and the fabric8 path (SnakeYAML, Jackson trees, fabric8 objects, as the live scheduler's informers deliver
 * them) give identical kernel specs, for every conformance case and for a generated dump.
 */
class TwoPathsTest {
    private static final PodConverter PODS = new PodConverter(Set.of("volcano"));

    @TempDir
    Path dir;

    /** Every conformance case, and the simulator's own test inputs (inter-pod terms, preemption, ...). */
    static Stream<Path> cases() throws IOException {
        Stream<Path> resources;
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/simulate"))) {
            resources = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
        return Stream.concat(ConformanceCases.cases().stream().map(c -> c.resolve("cluster.yaml")), resources);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void everyConformanceCaseConvertsAlikeBothWays(Path cluster) {
        assertSameSpecs(List.of(cluster.toString()));
    }

    @Test
    void aGeneratedDumpConvertsAlikeBothWays() throws IOException {
        Path dump = dir.resolve("dump.yaml");
        try (Writer w = Files.newBufferedWriter(dump, StandardCharsets.UTF_8)) {
            new ClusterGenerator(300, 6_000, 7, w).write();
        }
        assertThat(Files.size(dump)).as("large enough to be read in parallel units").isGreaterThan(1 << 20);
        SimulatedCluster streamed = assertSameSpecs(List.of(dump.toString()));
        assertThat(streamed.nodes()).hasSize(300);
        assertThat(streamed.tasks()).hasSize(6_000);
    }

    /** The rarer parts: HyperNodes (read whole), PodGroup topology, node affinity, tolerations, init containers. */
    @Test
    void rareKindsAndFieldsConvertAlikeBothWays() throws IOException {
        Path f = dir.resolve("rare.yaml");
        Files.writeString(f, """
                apiVersion: topology.volcano.sh/v1alpha1
                kind: HyperNode
                metadata: {name: rack-a}
                spec:
                  tier: 1
                  members:
                  - {type: Node, selector: {exactMatch: {name: n1}}}
                  - {type: Node, selector: {labelMatch: {matchLabels: {rack: a}}}}
                ---
                apiVersion: scheduling.volcano.sh/v1beta1
                kind: PodGroup
                metadata: {name: pg, namespace: ml, annotations: {sla-waiting-time: 1h30m}}
                spec:
                  minMember: 2
                  minTaskMember: {worker: 2}
                  minResources: {cpu: "2", nvidia.com/gpu: 1}
                  networkTopology: {mode: hard, highestTierAllowed: 1}
                ---
                apiVersion: v1
                kind: Pod
                metadata:
                  name: p
                  namespace: ml
                  uid: u-1
                  labels: {app: x, volcano.sh/preemptable: "false"}
                  annotations: {scheduling.k8s.io/group-name: pg, volcano.sh/task-spec: worker}
                  creationTimestamp: "2024-01-01T00:00:00Z"
                spec:
                  schedulerName: volcano
                  priority: 5
                  preemptionPolicy: Never
                  nodeSelector: {zone: a}
                  affinity:
                    nodeAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                        nodeSelectorTerms:
                        - matchExpressions: [{key: cores, operator: Gt, values: ["8"]}]
                          matchFields: [{key: metadata.name, operator: In, values: [n1]}]
                      preferredDuringSchedulingIgnoredDuringExecution:
                      - weight: 10
                        preference: {matchExpressions: [{key: disk, operator: Exists}]}
                  tolerations:
                  - {key: gpu, operator: Exists, effect: NoSchedule}
                  - {key: a, value: b}
                  initContainers:
                  - {name: i, resources: {requests: {cpu: "3"}}}
                  - {name: s, restartPolicy: Always, resources: {limits: {memory: 1Gi}}}
                  containers:
                  - name: c
                    resources: {requests: {cpu: 500m, memory: 2Gi}, limits: {nvidia.com/gpu: 1}}
                    ports: [{containerPort: 80, hostPort: 8080, protocol: TCP}]
                  overhead: {cpu: 100m}
                  volumes: [{name: v, persistentVolumeClaim: {claimName: c}}, {name: e, ephemeral: {}}]
                  resources: {requests: {cpu: "1"}}
                  resourceClaims: [{name: r}]
                status: {phase: Pending, nominatedNodeName: n1}
                """);
        SimulatedCluster streamed = assertSameSpecs(List.of(f.toString()));
        assertThat(streamed.hyperNodes()).containsKey("rack-a");
        assertThat(streamed.jobs().get("ml/pg").networkTopology()).isNotNull();
        assertThat(streamed.unmodelled()).containsOnlyKeys("spec.volumes[].persistentVolumeClaim",
                "spec.volumes[].ephemeral", "spec.resources", "spec.resourceClaims");
    }

    private static SimulatedCluster assertSameSpecs(List<String> inputs) {
        List<String> streamedWarnings = new ArrayList<>();
        ClusterIngest ingest = new ClusterIngest(PODS);
        ClusterBuilder builder = new ClusterBuilder(streamedWarnings::add, ingest);
        new ManifestReader().stream(inputs, ingest, add -> add.accept(builder));
        SimulatedCluster streamed = builder.build();

        List<String> fabric8Warnings = new ArrayList<>();
        ClusterManifest manifest = ClusterManifest.of(new ManifestReader().read(inputs), fabric8Warnings::add);
        SimulatedCluster viaFabric8 = SimulatedCluster.of(manifest, PODS, fabric8Warnings::add);

        assertThat(streamed.nodes()).containsExactlyEntriesOf(viaFabric8.nodes());
        assertThat(streamed.queues()).containsExactlyEntriesOf(viaFabric8.queues());
        assertThat(streamed.priorityClasses()).containsExactlyEntriesOf(viaFabric8.priorityClasses());
        assertThat(streamed.jobs()).containsExactlyEntriesOf(viaFabric8.jobs());
        assertThat(streamed.hyperNodes()).containsExactlyEntriesOf(viaFabric8.hyperNodes());
        assertThat(streamed.tasks()).containsExactlyEntriesOf(viaFabric8.tasks());
        assertThat(streamed.otherSchedulersPending()).isEqualTo(viaFabric8.otherSchedulersPending());
        assertThat(streamed.unmodelled()).containsExactlyEntriesOf(viaFabric8.unmodelled());
        assertThat(streamedWarnings).containsExactlyInAnyOrderElementsOf(fabric8Warnings);
        return streamed;
    }
}
