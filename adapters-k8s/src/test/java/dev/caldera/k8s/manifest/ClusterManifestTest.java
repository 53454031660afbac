package dev.caldera.k8s.manifest;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClusterManifestTest {
    private final List<String> warnings = new ArrayList<>();

    private ClusterManifest decode(String yaml) {
        ManifestReader reader = new ManifestReader(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)));
        return ClusterManifest.of(reader.read(List.of("-")), warnings::add);
    }

    @Test
    void theFiveKindsAreDecodedIntoFabric8Objects() {
        ClusterManifest m = decode("""
                apiVersion: v1
                kind: Node
                metadata: {name: n1}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: p1}
                spec: {containers: [{name: a}]}
                ---
                apiVersion: scheduling.volcano.sh/v1beta1
                kind: PodGroup
                metadata: {name: pg1}
                spec: {minMember: 2, minTaskMember: {"": 3}}
                ---
                apiVersion: scheduling.volcano.sh/v1beta1
                kind: Queue
                metadata: {name: q1}
                ---
                apiVersion: scheduling.k8s.io/v1
                kind: PriorityClass
                metadata: {name: high}
                value: 100
                """);
        assertThat(m.nodes).hasSize(1);
        assertThat(m.pods.get(0).object().getSpec().getContainers()).hasSize(1);
        assertThat(m.podGroups.get(0).object().getSpec().getMinTaskMember()).containsEntry("", 3);
        assertThat(m.podGroups.get(0).location().line()).isEqualTo(10);
        assertThat(m.queues).hasSize(1);
        assertThat(m.priorityClasses.get(0).object().getValue()).isEqualTo(100);
        assertThat(warnings).isEmpty();
    }

    @Test
    void otherKindsAreSkippedWithOneWarningLinePerKind() {
        ClusterManifest m = decode("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: d1}
                ---
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: d2}
                ---
                apiVersion: scheduling.x-k8s.io/v1alpha1
                kind: PodGroup
                metadata: {name: other}
                ---
                apiVersion: example.com/v1
                kind: HyperNode
                metadata: {name: s0}
                ---
                apiVersion: topology.volcano.sh/v1alpha1
                kind: HyperNode
                metadata: {name: s1}
                spec: {tier: 1}
                """);
        assertThat(m.podGroups).isEmpty();
        assertThat(m.hyperNodes).hasSize(1);
        assertThat(warnings).containsExactly(
                "<stdin>:1: skipping 2 Deployment (apps/v1) objects: caldera simulate reads Node, Pod, PodGroup,"
                        + " Queue, Job (batch.volcano.sh), PriorityClass and HyperNode",
                "<stdin>:9: skipping 1 PodGroup (scheduling.x-k8s.io/v1alpha1) object: not Volcano's PodGroup"
                        + " (scheduling.volcano.sh)",
                "<stdin>:13: skipping 1 HyperNode (example.com/v1) object: not Volcano's HyperNode"
                        + " (topology.volcano.sh)");
    }

    @Test
    void kindAndApiVersionAreRequired() {
        assertThatThrownBy(() -> decode("apiVersion: v1\nmetadata: {name: n1}\n"))
                .hasMessage("<stdin>:1: object n1: kind is required");
        assertThatThrownBy(() -> decode("kind: Node\nmetadata: {name: n1}\n"))
                .hasMessage("<stdin>:1: Node n1: apiVersion is required");
    }

    @Test
    void aFieldOfTheWrongTypeIsNamedWithItsPath() {
        assertThatThrownBy(() -> decode("""
                apiVersion: v1
                kind: Pod
                metadata: {name: p1, namespace: ns}
                spec:
                  containers:
                  - name: a
                    ports: [{containerPort: http}]
                """)).isInstanceOf(ManifestException.class)
                .hasMessage("<stdin>:1: Pod ns/p1: spec.containers[0].ports[0].containerPort: expected an integer,"
                        + " got the string 'http'");
    }
}
