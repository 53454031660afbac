package dev.caldera.k8s.convert;

import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.HostPort;
import dev.caldera.kernel.placement.PreferredTerm;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;
import dev.caldera.kernel.resource.ResourceList;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.caldera.k8s.testing.Manifests.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PodConverterTest {
    private final PodConverter converter = new PodConverter(Set.of("volcano"));

    private static Pod pod(String extraMetadata, String extraSpec, String status) {
        return read("""
                apiVersion: v1
                kind: Pod
                metadata:
                  name: train-0
                  namespace: ml
                  uid: u-1
                  creationTimestamp: "2024-01-01T00:00:10Z"
                %s
                spec:
                  schedulerName: volcano
                  containers:
                  - name: main
                    resources:
                      requests: {cpu: 500m, memory: 1Gi, nvidia.com/gpu: "1"}
                %s
                %s
                """.formatted(extraMetadata, extraSpec, status), Pod.class);
    }

    @Test
    void aGangMemberCarriesItsGroupRoleRequestAndCreationTime() {
        Pod p = pod("""
                  annotations:
                    scheduling.k8s.io/group-name: train
                    volcano.sh/task-spec: worker
                """, "", "status: {phase: Pending}");
        TaskSpec t = converter.task(p);
        assertThat(t.uid()).isEqualTo("u-1");
        assertThat(t.key()).isEqualTo("ml/train-0");
        assertThat(t.job()).isEqualTo("train");
        assertThat(t.role()).isEqualTo("worker");
        assertThat(t.request()).isEqualTo(ResourceList.of("cpu", 500L, "memory", 1L << 30, "nvidia.com/gpu", 1000L));
        assertThat(t.creationMs()).isEqualTo(1_704_067_210_000L);
        assertThat(t.status()).isEqualTo(TaskStatus.PENDING);
        assertThat(t.preemptable()).isTrue();
        assertThat(converter.shadowGroup(p)).isNull();
    }

    @Test
    void aPodWithoutAGroupGetsTheGangOfOneVolcanoWouldCreate() {
        Pod p = pod("""
                  annotations:
                    scheduling.volcano.sh/queue-name: research
                """, "  priorityClassName: high", "");
        TaskSpec t = converter.task(p);
        JobSpec shadow = converter.shadowGroup(p);
        assertThat(t.job()).isEqualTo("podgroup-u-1").isEqualTo(shadow.name());
        assertThat(t.role()).isEmpty();
        assertThat(shadow.namespace()).isEqualTo("ml");
        assertThat(shadow.queue()).isEqualTo("research");
        assertThat(shadow.minMember()).isEqualTo(1);
        assertThat(shadow.priorityClassName()).isEqualTo("high");
        assertThat(shadow.minResources()).isEqualTo(t.request());
        assertThat(shadow.phase()).isEqualTo("Pending");
        assertThat(converter.shadowGroup(pod("", "", ""))).extracting(JobSpec::queue).isEqualTo("default");
    }

    @Test
    void statusFollowsVolcanosRule() {
        assertThat(converter.task(pod("", "", "")).status()).isEqualTo(TaskStatus.PENDING);
        assertThat(converter.task(pod("", "  nodeName: n1", "status: {phase: Pending}")).status())
                .isEqualTo(TaskStatus.BOUND);
        TaskSpec running = converter.task(pod("", "  nodeName: n1", "status: {phase: Running}"));
        assertThat(running.status()).isEqualTo(TaskStatus.RUNNING);
        assertThat(running.nodeName()).isEqualTo("n1");
        assertThat(converter.task(pod("  deletionTimestamp: \"2024-01-01T00:01:00Z\"", "  nodeName: n1",
                "status: {phase: Running}")).status()).isEqualTo(TaskStatus.RELEASING);
        assertThat(converter.task(pod("", "  nodeName: n1", "status: {phase: Succeeded}")).status())
                .isEqualTo(TaskStatus.SUCCEEDED);
        assertThat(converter.task(pod("", "", "status: {phase: Failed}")).status()).isEqualTo(TaskStatus.FAILED);
    }

    @Test
    void aPipelinedPodKeepsItsNomination() {
        TaskSpec t = converter.task(pod("", "", "status: {phase: Pending, nominatedNodeName: n3}"));
        assertThat(t.nominatedNodeName()).isEqualTo("n3");
    }

    @Test
    void priorityPreemptableCriticalAndPolicyAreRead() {
        TaskSpec t = converter.task(pod("""
                  annotations:
                    volcano.sh/preemptable: "false"
                """, """
                  priority: 1000
                  priorityClassName: system-node-critical
                  preemptionPolicy: Never
                  schedulingGates: [{name: wait}]
                """, ""));
        assertThat(t.priority()).isEqualTo(1000);
        assertThat(t.priorityClassName()).isEqualTo("system-node-critical");
        assertThat(t.preemptable()).isFalse();
        assertThat(t.critical()).isTrue();
        assertThat(t.preemptNever()).isTrue();
        assertThat(t.schedulingGated()).isTrue();
        TaskSpec byLabel = converter.task(pod("  labels: {volcano.sh/preemptable: \"0\"}", "", ""));
        assertThat(byLabel.preemptable()).isFalse();
        assertThat(byLabel.priority()).isNull();
    }

    @Test
    void placementHasSelectorAffinityTolerationsAndHostPorts() {
        TaskSpec t = converter.task(pod("", """
                  nodeSelector: {zone: a}
                  affinity:
                    nodeAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                        nodeSelectorTerms:
                        - matchExpressions: [{key: gpu, operator: In, values: [a100, h100]}]
                          matchFields: [{key: metadata.name, operator: NotIn, values: [n9]}]
                      preferredDuringSchedulingIgnoredDuringExecution:
                      - weight: 20
                        preference:
                          matchExpressions: [{key: disk, operator: Exists}]
                  tolerations:
                  - {key: gpu, operator: Exists, effect: NoSchedule}
                  - {key: team, value: ml}
                  hostNetwork: false
                """, ""));
        assertThat(t.placement().nodeSelector()).containsExactly(Map.entry("zone", "a"));
        assertThat(t.placement().requiredTerms()).containsExactly(new SelectorTerm(
                List.of(new SelectorRequirement("gpu", SelectorOperator.IN, List.of("a100", "h100"))),
                List.of(new SelectorRequirement("metadata.name", SelectorOperator.NOT_IN, List.of("n9")))));
        assertThat(t.placement().preferredTerms()).containsExactly(new PreferredTerm(20, new SelectorTerm(
                List.of(new SelectorRequirement("disk", SelectorOperator.EXISTS, List.of())), List.of())));
        assertThat(t.placement().tolerations()).containsExactly(
                new Toleration("gpu", true, "", TaintEffect.NO_SCHEDULE), new Toleration("team", false, "ml", null));
    }

    @Test
    void hostPortsOfContainersAreKept() {
        Pod p = read("""
                metadata: {name: web, namespace: ns}
                spec:
                  containers:
                  - name: a
                    ports: [{containerPort: 80, hostPort: 8080}, {containerPort: 81}]
                  - name: b
                    ports: [{containerPort: 53, hostPort: 53, protocol: UDP, hostIP: 10.0.0.1}]
                """, Pod.class);
        assertThat(converter.task(p).placement().hostPorts()).containsExactly(
                new HostPort("TCP", 8080, null), new HostPort("UDP", 53, "10.0.0.1"));
    }

    @Test
    void ownershipFollowsTheSchedulerName() {
        assertThat(converter.isOurs(pod("", "", ""))).isTrue();
        Pod other = read("metadata: {name: x}\nspec: {containers: [{name: a}]}\n", Pod.class);
        assertThat(converter.isOurs(other)).as("default-scheduler").isFalse();
        assertThat(new PodConverter(Set.of("default-scheduler")).isOurs(other)).isTrue();
    }

    @Test
    void aHandWrittenPodGetsNamespaceAndUidDefaults() {
        TaskSpec t = converter.task(read("metadata: {name: x}\nspec: {containers: [{name: a}]}\n", Pod.class));
        assertThat(t.namespace()).isEqualTo("default");
        assertThat(t.uid()).isEqualTo("default/x");
        assertThat(t.job()).isEqualTo("podgroup-x");
    }

    @Test
    void badFieldsAreNamed() {
        assertThatThrownBy(() -> converter.task(pod("  annotations: {volcano.sh/preemptable: maybe}", "", "")))
                .hasMessage("Pod ml/train-0: metadata.annotations[volcano.sh/preemptable]: must be true or false,"
                        + " got 'maybe'");
        assertThatThrownBy(() -> converter.task(read("metadata: {name: x}\nspec: {}\n", Pod.class)))
                .hasMessage("Pod default/x: spec.containers is required (at least one container)");
        assertThatThrownBy(() -> converter.task(read("metadata: {namespace: ns}\nspec: {containers: [{name: a}]}\n",
                Pod.class))).hasMessage("Pod ns/<unnamed>: metadata.name is required");
        assertThatThrownBy(() -> converter.task(pod("", "  tolerations: [{key: a, effect: Sometimes}]", "")))
                .hasMessage("Pod ml/train-0: spec.tolerations[0].effect: 'Sometimes' is not one of NoSchedule,"
                        + " PreferNoSchedule, NoExecute");
        assertThatThrownBy(() -> converter.task(pod("", """
                  affinity:
                    nodeAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                        nodeSelectorTerms: [{matchExpressions: [{key: a, operator: Near}]}]
                """, ""))).hasMessageContaining("matchExpressions[0].operator: 'Near' is not one of In, NotIn");
        assertThatThrownBy(() -> converter.task(pod("", "", "status: {phase: Sleeping}")))
                .hasMessageContaining("status.phase: 'Sleeping' is not one of");
        assertThatThrownBy(() -> converter.task(pod("  creationTimestamp: yesterday", "", "")))
                .hasMessageContaining("metadata.creationTimestamp: 'yesterday' is not an RFC 3339 time");
    }

    @Test
    void podsWithoutConstraintsShareTheEmptyPlacementAndEqualPlacementsAreOneObjectPerThread() {
        assertThat(converter.task(pod("", "", "")).placement()).isSameAs(dev.caldera.kernel.placement.PlacementSpec.NONE);
        String zone = "  nodeSelector: {zone: b}\n  tolerations: [{key: gpu, operator: Exists}]";
        TaskSpec first = converter.task(pod("", zone, ""));
        TaskSpec second = converter.task(pod("", zone, ""));
        assertThat(second.placement()).isSameAs(first.placement());
        TaskSpec other = converter.task(pod("", "  nodeSelector: {zone: c}", ""));
        assertThat(other.placement()).isNotEqualTo(first.placement());
        assertThat(other.placement().nodeSelector()).containsExactly(Map.entry("zone", "c"));
    }
}
