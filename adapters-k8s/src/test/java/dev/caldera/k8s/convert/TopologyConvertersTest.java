package dev.caldera.k8s.convert;

import dev.caldera.k8s.model.HyperNode;
import dev.caldera.k8s.testing.Manifests;
import dev.caldera.kernel.topology.HyperNodeMember;
import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.topology.SubGroupPolicySpec;
import dev.caldera.kernel.placement.LabelOperator;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** HyperNodes and the PodGroup's networkTopology / subGroupPolicy to kernel specs, and the errors of each. */
class TopologyConvertersTest {

    @Test
    void hyperNodeMembersOfEveryKind() {
        HyperNodeSpec spec = HyperNodeConverter.of(hyperNode("""
                apiVersion: topology.volcano.sh/v1alpha1
                kind: HyperNode
                metadata: {name: s0}
                spec:
                  tier: 1
                  tierName: rack
                  members:
                  - type: Node
                    selector: {exactMatch: {name: node-0}}
                  - type: Node
                    selector: {regexMatch: {pattern: "^gpu-"}}
                  - type: Node
                    selector:
                      labelMatch:
                        matchLabels: {rack: r1}
                        matchExpressions: [{key: zone, operator: NotIn, values: [z9]}]
                  - type: HyperNode
                    selector: {exactMatch: {name: s9}}
                """));
        assertThat(spec.name()).isEqualTo("s0");
        assertThat(spec.tier()).isEqualTo(1);
        assertThat(spec.tierName()).isEqualTo("rack");
        assertThat(spec.members()).hasSize(4);
        assertThat(spec.members().get(0)).isEqualTo(HyperNodeMember.node("node-0"));
        assertThat(spec.members().get(1)).isEqualTo(HyperNodeMember.nodesMatching("^gpu-"));
        HyperNodeMember labels = spec.members().get(2);
        assertThat(labels.labels().matchLabels()).isEqualTo(Map.of("rack", "r1"));
        assertThat(labels.labels().matchExpressions().get(0).operator()).isEqualTo(LabelOperator.NOT_IN);
        assertThat(spec.members().get(3)).isEqualTo(HyperNodeMember.hyperNode("s9"));
    }

    @Test
    void hyperNodeErrorsNameTheField() {
        assertThatThrownBy(() -> HyperNodeConverter.of(hyperNode("metadata: {name: s0}\nspec: {members: []}\n")))
                .hasMessage("HyperNode s0: spec.tier is required");
        assertThatThrownBy(() -> HyperNodeConverter.of(hyperNode("metadata: {name: s0}\nspec: {tier: -1}\n")))
                .hasMessage("HyperNode s0: spec.tier: must be 0 or more, got -1");
        assertThatThrownBy(() -> HyperNodeConverter.of(hyperNode("""
                metadata: {name: s0}
                spec:
                  tier: 1
                  members: [{type: Switch, selector: {exactMatch: {name: a}}}]
                """))).hasMessage("HyperNode s0: spec.members[0].type: 'Switch' is not Node or HyperNode");
        assertThatThrownBy(() -> HyperNodeConverter.of(hyperNode("""
                metadata: {name: s0}
                spec:
                  tier: 1
                  members: [{type: Node, selector: {exactMatch: {name: a}, regexMatch: {pattern: b}}}]
                """))).hasMessage("HyperNode s0: spec.members[0].selector: must have exactly one of exactMatch,"
                + " regexMatch, labelMatch (has 2)");
        assertThatThrownBy(() -> HyperNodeConverter.of(hyperNode("""
                metadata: {name: s0}
                spec:
                  tier: 1
                  members: [{type: Node, selector: {labelMatch: {matchExpressions: [{key: a, operator: Gt,
                    values: ["1"]}]}}}]
                """))).hasMessage("HyperNode s0: spec.members[0].selector.labelMatch.matchExpressions[0].operator:"
                + " 'Gt' is not one of In, NotIn, Exists, DoesNotExist");
    }

    @Test
    void podGroupTopologyAndSubGroups() {
        JobSpec job = PodGroupConverter.of(Manifests.read("""
                apiVersion: scheduling.volcano.sh/v1beta1
                kind: PodGroup
                metadata: {name: pg, namespace: ml}
                spec:
                  minMember: 4
                  networkTopology: {mode: soft, highestTierName: spine}
                  subGroupPolicy:
                  - name: workers
                    subGroupSize: 2
                    minSubGroups: 2
                    matchLabelKeys: [replica]
                    labelSelector: {matchLabels: {role: worker}}
                    networkTopology: {highestTierAllowed: 1}
                """, PodGroup.class));
        assertThat(job.networkTopology()).isEqualTo(new NetworkTopologySpec(NetworkTopologySpec.Mode.SOFT, null,
                "spine"));
        SubGroupPolicySpec p = job.subGroupPolicy().get(0);
        assertThat(p.name()).isEqualTo("workers");
        assertThat(p.subGroupSize()).isEqualTo(2);
        assertThat(p.minSubGroups()).isEqualTo(2);
        assertThat(p.matchLabelKeys()).isEqualTo(List.of("replica"));
        assertThat(p.labelSelector().matchLabels()).isEqualTo(Map.of("role", "worker"));
        assertThat(p.networkTopology()).isEqualTo(NetworkTopologySpec.hard(1));
    }

    @Test
    void aPodGroupWithoutTopologyHasNone() {
        JobSpec job = PodGroupConverter.of(Manifests.read("metadata: {name: pg, namespace: ml}\nspec: {minMember: 1}\n",
                PodGroup.class));
        assertThat(job.networkTopology()).isNull();
        assertThat(job.subGroupPolicy()).isEmpty();
    }

    @Test
    void emptyTopologyFieldsMeanNone() {
        JobSpec job = PodGroupConverter.of(Manifests.read("metadata: {name: pg, namespace: ml}\n"
                + "spec:\n  networkTopology:\n  subGroupPolicy:\n", PodGroup.class));
        assertThat(job.networkTopology()).isNull();
        assertThat(job.subGroupPolicy()).isEmpty();
        assertThatThrownBy(() -> PodGroupConverter.of(Manifests.read("metadata: {name: pg, namespace: ml}\n"
                + "spec: {networkTopology: \"\"}\n", PodGroup.class))).hasMessage("PodGroup ml/pg:"
                + " spec.networkTopology: must be a mapping (mode, highestTierAllowed, highestTierName), got the string ''");
        assertThatThrownBy(() -> PodGroupConverter.of(Manifests.read("metadata: {name: pg, namespace: ml}\n"
                + "spec: {subGroupPolicy: 3}\n", PodGroup.class))).hasMessage("PodGroup ml/pg:"
                + " spec.subGroupPolicy: must be a list of policies, got the number 3");
    }

    @Test
    void podGroupTopologyErrorsNameTheField() {
        assertThatThrownBy(() -> PodGroupConverter.of(Manifests.read("""
                metadata: {name: pg, namespace: ml}
                spec: {networkTopology: {mode: strict}}
                """, PodGroup.class))).hasMessage("PodGroup ml/pg: spec.networkTopology.mode: 'strict' is not hard"
                + " or soft");
        assertThatThrownBy(() -> PodGroupConverter.of(Manifests.read("""
                metadata: {name: pg, namespace: ml}
                spec: {subGroupPolicy: [{name: a}, {name: a}]}
                """, PodGroup.class))).hasMessage("PodGroup ml/pg: spec.subGroupPolicy[1].name: 'a' is used twice");
        assertThatThrownBy(() -> PodGroupConverter.of(Manifests.read("""
                metadata: {name: pg, namespace: ml}
                spec: {networkTopology: {highestTierAllowed: two}}
                """, PodGroup.class))).hasMessage("PodGroup ml/pg: spec.networkTopology.highestTierAllowed: has a value of"
                + " the wrong type");
        assertThatThrownBy(() -> PodGroupConverter.of(Manifests.read("""
                metadata: {name: pg, namespace: ml}
                spec: {subGroupPolicy: [{name: a, subGroupSize: [1]}]}
                """, PodGroup.class))).hasMessage("PodGroup ml/pg: spec.subGroupPolicy[0].subGroupSize: has a value of"
                + " the wrong type");
    }

    private static HyperNode hyperNode(String yaml) {
        return Manifests.read(yaml, HyperNode.class);
    }
}
