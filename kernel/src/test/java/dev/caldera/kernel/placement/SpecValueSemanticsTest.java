package dev.caldera.kernel.placement;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The interned specs' written-out equals and hashCode: equal in every component, or not equal. */
class SpecValueSemanticsTest {
    private static PlacementSpec placement(int change) {
        return new PlacementSpec(Map.of("zone", change == 0 ? "b" : "a"),
                List.of(term(change == 1 ? "x" : "y")),
                List.of(new PreferredTerm(change == 2 ? 2 : 1, term("p"))),
                List.of(new Toleration("gpu", change == 3, "", TaintEffect.NO_SCHEDULE)),
                List.of(new HostPort("TCP", change == 4 ? 81 : 80, "")));
    }

    private static SelectorTerm term(String value) {
        return new SelectorTerm(List.of(new SelectorRequirement("k", SelectorOperator.IN, List.of(value))), List.of());
    }

    private static InterPodSpec interPod(int change) {
        PodAffinityTerm a = PodAffinityTerm.of(LabelSelector.of(Map.of("app", "a")), "zone");
        PodAffinityTerm b = PodAffinityTerm.of(LabelSelector.of(Map.of("app", "b")), "zone");
        return new InterPodSpec(change == 0 ? "ns2" : "ns1", List.of(change == 1 ? b : a), List.of(change == 2 ? b : a),
                List.of(new WeightedPodAffinityTerm(change == 3 ? 2 : 1, a)),
                List.of(new WeightedPodAffinityTerm(change == 4 ? 2 : 1, a)),
                List.of(SpreadConstraint.of(change == 5 ? 2 : 1, "zone", true, LabelSelector.EVERYTHING)));
    }

    @Test
    void placementSpecsAreEqualExactlyWhenEveryComponentIs() {
        PlacementSpec base = placement(-1);
        assertThat(placement(-1)).isEqualTo(base).hasSameHashCodeAs(base).isNotSameAs(base);
        List<PlacementSpec> changed = new ArrayList<>();
        for (int c = 0; c < 5; c++) {
            changed.add(placement(c));
        }
        assertThat(changed).allSatisfy(p -> assertThat(p).isNotEqualTo(base));
        assertThat(PlacementSpec.NONE).isEqualTo(new PlacementSpec(null, null, null, null, null)).isNotEqualTo(base);
    }

    @Test
    void tolerationsAreEqualExactlyWhenEveryComponentIs() {
        Toleration base = new Toleration("gpu", false, "v", TaintEffect.NO_SCHEDULE);
        assertThat(new Toleration("gpu", false, "v", TaintEffect.NO_SCHEDULE)).isEqualTo(base).hasSameHashCodeAs(base)
                .isNotSameAs(base);
        assertThat(List.of(new Toleration("cpu", false, "v", TaintEffect.NO_SCHEDULE),
                new Toleration("gpu", true, "v", TaintEffect.NO_SCHEDULE),
                new Toleration("gpu", false, "w", TaintEffect.NO_SCHEDULE),
                new Toleration("gpu", false, "v", TaintEffect.NO_EXECUTE),
                new Toleration("gpu", false, "v", null))).allSatisfy(t -> assertThat(t).isNotEqualTo(base));
        assertThat(new Toleration(null, true, null, null)).isEqualTo(new Toleration("", true, "", null))
                .hasSameHashCodeAs(new Toleration("", true, "", null));
    }

    @Test
    void taintsAreEqualExactlyWhenEveryComponentIs() {
        Taint base = new Taint("gpu", "v", TaintEffect.NO_SCHEDULE);
        assertThat(new Taint("gpu", "v", TaintEffect.NO_SCHEDULE)).isEqualTo(base).hasSameHashCodeAs(base)
                .isNotSameAs(base);
        assertThat(List.of(new Taint("cpu", "v", TaintEffect.NO_SCHEDULE),
                new Taint("gpu", "w", TaintEffect.NO_SCHEDULE),
                new Taint("gpu", "v", TaintEffect.NO_EXECUTE))).allSatisfy(t -> assertThat(t).isNotEqualTo(base));
        assertThat(new Taint("k", null, TaintEffect.NO_EXECUTE)).isEqualTo(new Taint("k", "", TaintEffect.NO_EXECUTE))
                .hasSameHashCodeAs(new Taint("k", "", TaintEffect.NO_EXECUTE));
    }

    @Test
    void interPodSpecsAreEqualExactlyWhenEveryComponentIs() {
        InterPodSpec base = interPod(-1);
        assertThat(interPod(-1)).isEqualTo(base).hasSameHashCodeAs(base).isNotSameAs(base);
        for (int c = 0; c < 6; c++) {
            assertThat(interPod(c)).isNotEqualTo(base);
        }
        assertThat(InterPodSpec.NONE).isEqualTo(InterPodSpec.NONE.inNamespace("other")).isNotEqualTo(base);
    }
}
