package dev.caldera.k8s.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.ObjectMeta;

import java.util.List;

/**
 * Volcano's {@code topology.volcano.sh/v1alpha1} HyperNode, which fabric8's volcano-model does not have: the
 * fields scheduling reads ({@code spec.tier}, {@code spec.tierName}, {@code spec.members}), bound by Jackson from
 * a parsed manifest tree or an informer's object. Unknown fields (status, ...) are ignored.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record HyperNode(String apiVersion, String kind, ObjectMeta metadata, Spec spec) {
    public static final String GROUP = "topology.volcano.sh";
    public static final String KIND = "HyperNode";

    /** {@code spec}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Spec(Integer tier, String tierName, List<Member> members) {
    }

    /** {@code spec.members[]}: {@code type} Node or HyperNode, and how it is selected. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Member(String type, Selector selector) {
    }

    /** {@code spec.members[].selector}: exactly one of the three. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Selector(ExactMatch exactMatch, RegexMatch regexMatch, LabelSelector labelMatch) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ExactMatch(String name) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RegexMatch(String pattern) {
    }
}
