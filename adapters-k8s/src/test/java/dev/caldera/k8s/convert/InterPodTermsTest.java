package dev.caldera.k8s.convert;

import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.LabelOperator;
import dev.caldera.kernel.placement.LabelRequirement;
import dev.caldera.kernel.placement.LabelSelector;
import dev.caldera.kernel.placement.PodAffinityTerm;
import dev.caldera.kernel.placement.SpreadConstraint;
import dev.caldera.kernel.placement.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.caldera.k8s.testing.Manifests.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Pod labels, pod (anti-)affinity and topology spread constraints as the kernel receives them. */
class InterPodTermsTest {
    private static final String ZONE = "topology.kubernetes.io/zone";
    private final PodConverter converter = new PodConverter(Set.of("volcano"));

    private static Pod pod(String spec) {
        return read("""
                metadata:
                  name: web-0
                  namespace: shop
                  labels: {app: web, pod-template-hash: abc12, tier: front}
                spec:
                  schedulerName: volcano
                  containers: [{name: main}]
                %s
                """.formatted(spec), Pod.class);
    }

    private InterPodSpec terms(String spec) {
        return converter.task(pod(spec)).interPod();
    }

    @Test
    void aPodWithoutTermsGetsTheOneConstantTheInternerKnowsByIdentity() {
        assertThat(terms("")).isSameAs(InterPodSpec.NONE);
        assertThat(terms("""
                  affinity:
                    nodeAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                        nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [a]}]}]
                """)).isSameAs(InterPodSpec.NONE);
    }

    @Test
    void labelsAndRequiredAndPreferredTermsAreRead() {
        TaskSpec t = converter.task(pod("""
                  affinity:
                    podAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                      - labelSelector: {matchLabels: {app: db}}
                        topologyKey: topology.kubernetes.io/zone
                      preferredDuringSchedulingIgnoredDuringExecution:
                      - weight: 30
                        podAffinityTerm:
                          labelSelector: {matchExpressions: [{key: app, operator: In, values: [cache]}]}
                          namespaces: [infra]
                          topologyKey: kubernetes.io/hostname
                    podAntiAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                      - labelSelector: {matchLabels: {app: web}}
                        namespaceSelector: {}
                        topologyKey: kubernetes.io/hostname
                """));
        assertThat(t.labels()).containsExactly(Map.entry("app", "web"), Map.entry("pod-template-hash", "abc12"),
                Map.entry("tier", "front"));
        InterPodSpec s = t.interPod();
        assertThat(s.namespace()).isEqualTo("shop");
        assertThat(s.requiredAffinity()).containsExactly(PodAffinityTerm.of(LabelSelector.of(Map.of("app", "db")),
                ZONE));
        assertThat(s.preferredAffinity()).containsExactly(new WeightedPodAffinityTerm(30, new PodAffinityTerm(
                new LabelSelector(Map.of(), List.of(new LabelRequirement("app", LabelOperator.IN, List.of("cache")))),
                List.of("infra"), null, "kubernetes.io/hostname")));
        assertThat(s.requiredAntiAffinity()).containsExactly(new PodAffinityTerm(LabelSelector.of(
                Map.of("app", "web")), List.of(), LabelSelector.EVERYTHING, "kubernetes.io/hostname"));
        assertThat(converter.task(pod("")).interPod()).isEqualTo(InterPodSpec.NONE);
    }

    @Test
    void spreadConstraintsAreDefaultedAsTheApiServerDefaultsThem() {
        InterPodSpec s = terms("""
                  topologySpreadConstraints:
                  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule,
                     labelSelector: {matchLabels: {app: web}}}
                  - {maxSkew: 2, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: ScheduleAnyway,
                     labelSelector: {matchLabels: {app: web}}, nodeAffinityPolicy: Ignore, nodeTaintsPolicy: Honor}
                  - {maxSkew: 1, topologyKey: rack, whenUnsatisfiable: DoNotSchedule, minDomains: 3}
                """);
        LabelSelector web = LabelSelector.of(Map.of("app", "web"));
        assertThat(s.spreadConstraints()).containsExactly(
                new SpreadConstraint(1, ZONE, true, web, 1, true, false),
                new SpreadConstraint(2, "kubernetes.io/hostname", false, web, 1, false, true),
                new SpreadConstraint(1, "rack", true, null, 3, true, false));
    }

    /** The API server merges matchLabelKeys (In) and mismatchLabelKeys (NotIn) with the pod's own values. */
    @Test
    void matchLabelKeysAreMergedIntoTheSelector() {
        InterPodSpec s = terms("""
                  affinity:
                    podAntiAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                      - labelSelector: {matchLabels: {app: web}}
                        matchLabelKeys: [pod-template-hash, absent]
                        mismatchLabelKeys: [tier]
                        topologyKey: kubernetes.io/hostname
                  topologySpreadConstraints:
                  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule,
                     labelSelector: {matchLabels: {app: web}}, matchLabelKeys: [pod-template-hash]}
                """);
        assertThat(s.requiredAntiAffinity().get(0).labelSelector()).isEqualTo(new LabelSelector(Map.of("app", "web"),
                List.of(new LabelRequirement("pod-template-hash", LabelOperator.IN, List.of("abc12")),
                        new LabelRequirement("tier", LabelOperator.NOT_IN, List.of("front")))));
        assertThat(s.spreadConstraints().get(0).labelSelector()).isEqualTo(new LabelSelector(Map.of("app", "web"),
                List.of(new LabelRequirement("pod-template-hash", LabelOperator.IN, List.of("abc12")))));
    }

    @Test
    void badInterPodFieldsAreRefusedWithTheirPath() {
        String anti = "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]";
        assertThatThrownBy(() -> terms("""
                  affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [
                    {labelSelector: {matchLabels: {app: web}}}]}}
                """)).hasMessage("Pod shop/web-0: " + anti + ".topologyKey is required");
        assertThatThrownBy(() -> terms("""
                  affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [
                    {labelSelector: {matchExpressions: [{key: app, operator: Near}]}, topologyKey: zone}]}}
                """)).hasMessage("Pod shop/web-0: " + anti + ".labelSelector.matchExpressions[0].operator: 'Near'"
                        + " is not one of In, NotIn, Exists, DoesNotExist");
        assertThatThrownBy(() -> terms("""
                  affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [
                    {labelSelector: {matchExpressions: [{key: app, operator: In}]}, topologyKey: zone}]}}
                """)).hasMessage("Pod shop/web-0: " + anti + ".labelSelector.matchExpressions[0].values: must be"
                        + " non-empty when operator is In");
        assertThatThrownBy(() -> terms("""
                  affinity: {podAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [
                    {weight: 0, podAffinityTerm: {topologyKey: zone}}]}}
                """)).hasMessage("Pod shop/web-0: spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuring"
                        + "Execution[0].weight: must be between 1 and 100, got 0");
        assertThatThrownBy(() -> terms("""
                  affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [
                    {labelSelector: {matchLabels: {app: web}}, topologyKey: "bad key"}]}}
                """)).hasMessageStartingWith("Pod shop/web-0: " + anti + ".topologyKey: 'bad key' is not a valid"
                        + " label key");
        assertThatThrownBy(() -> terms("""
                  affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [
                    {matchLabelKeys: [app], topologyKey: zone}]}}
                """)).hasMessage("Pod shop/web-0: " + anti + ".matchLabelKeys: must not be set when labelSelector is"
                        + " not set");
    }

    @Test
    void badSpreadConstraintsAreRefusedWithTheirPath() {
        String c0 = "Pod shop/web-0: spec.topologySpreadConstraints[0]";
        assertThatThrownBy(() -> terms("  topologySpreadConstraints: [{maxSkew: 0, topologyKey: zone,"
                + " whenUnsatisfiable: DoNotSchedule}]"))
                .hasMessage(c0 + ".maxSkew: must be greater than zero, got 0");
        assertThatThrownBy(() -> terms("  topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone,"
                + " whenUnsatisfiable: Sometimes}]"))
                .hasMessage(c0 + ".whenUnsatisfiable: 'Sometimes' is not DoNotSchedule or ScheduleAnyway");
        assertThatThrownBy(() -> terms("  topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone,"
                + " whenUnsatisfiable: ScheduleAnyway, minDomains: 2}]"))
                .hasMessage(c0 + ".minDomains: can only be set when whenUnsatisfiable is DoNotSchedule");
        assertThatThrownBy(() -> terms("  topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone,"
                + " whenUnsatisfiable: DoNotSchedule, nodeTaintsPolicy: Always}]"))
                .hasMessage(c0 + ".nodeTaintsPolicy: 'Always' is not Honor or Ignore");
        assertThatThrownBy(() -> terms("""
                  topologySpreadConstraints:
                  - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}
                  - {maxSkew: 2, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}
                """)).hasMessage("Pod shop/web-0: spec.topologySpreadConstraints[1]: duplicate {topologyKey: zone,"
                        + " whenUnsatisfiable} pair");
    }

    @Test
    void invalidPodLabelsAreRefused() {
        Pod p = read("metadata: {name: x, labels: {\"-bad\": v}}\nspec: {containers: [{name: a}]}\n", Pod.class);
        assertThatThrownBy(() -> converter.task(p)).hasMessageStartingWith("Pod default/x: metadata.labels: '-bad'"
                + " is not a valid label key");
    }

    @Test
    void fieldsTheKernelDoesNotModelAreListed() {
        Pod p = pod("""
                  volumes:
                  - {name: data, persistentVolumeClaim: {claimName: data}}
                  - {name: scratch, ephemeral: {volumeClaimTemplate: {spec: {accessModes: [ReadWriteOnce]}}}}
                  - {name: secrets, csi: {driver: secrets.example.com}}
                  - {name: tmp, emptyDir: {}}
                  resourceClaims: [{name: gpu, resourceClaimName: gpu-claim}]
                  resources: {requests: {cpu: "1"}}
                  affinity:
                    podAntiAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                      - labelSelector: {matchLabels: {app: web}}
                        namespaceSelector: {matchLabels: {team: a}}
                        topologyKey: kubernetes.io/hostname
                """);
        assertThat(UnmodelledFields.of(p.getSpec())).containsExactly("spec.volumes[].persistentVolumeClaim",
                "spec.volumes[].ephemeral", "spec.volumes[].csi", "spec.resourceClaims", "spec.resources",
                "spec.affinity.*.namespaceSelector");
        assertThat(UnmodelledFields.of(pod("""
                  volumes: [{name: tmp, emptyDir: {}}, {name: cfg, configMap: {name: cfg}}]
                  affinity:
                    podAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                      - labelSelector: {matchLabels: {app: db}}
                        namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: infra}}
                        topologyKey: kubernetes.io/hostname
                """).getSpec())).isEmpty();
        assertThat(UnmodelledFields.CONSEQUENCES.keySet()).containsAll(UnmodelledFields.of(p.getSpec()));
    }
}
