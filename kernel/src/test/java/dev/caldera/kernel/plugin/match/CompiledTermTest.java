package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.PluginCluster;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.placement.SelectorOperator.DOES_NOT_EXIST;
import static dev.caldera.kernel.placement.SelectorOperator.EXISTS;
import static dev.caldera.kernel.placement.SelectorOperator.GT;
import static dev.caldera.kernel.placement.SelectorOperator.IN;
import static dev.caldera.kernel.placement.SelectorOperator.LT;
import static dev.caldera.kernel.placement.SelectorOperator.NOT_IN;
import static org.assertj.core.api.Assertions.assertThat;

class CompiledTermTest {
    private PluginCluster cluster;
    private final LabelNumbers numbers = new LabelNumbers();
    private int node;

    @BeforeEach
    void nodeWithLabels() {
        cluster = new PluginCluster();
        node = cluster.node("n1", ResourceList.of("cpu", 1000L), Map.of("zone", "a", "gpus", "4", "tier", "gold"),
                List.of(), false);
    }

    private static SelectorRequirement req(String key, SelectorOperator op, String... values) {
        return new SelectorRequirement(key, op, List.of(values));
    }

    private boolean matches(List<SelectorRequirement> labels, List<SelectorRequirement> fields) {
        CompiledTerm term = CompiledTerm.compile(new SelectorTerm(labels, fields), cluster.names());
        numbers.refresh(cluster.names());
        return term.matches(cluster.nodes(), node, numbers);
    }

    private boolean matches(SelectorRequirement... labels) {
        return matches(List.of(labels), List.of());
    }

    @Test
    void inNeedsTheLabelWithOneOfTheValues() {
        assertThat(matches(req("zone", IN, "b", "a"))).isTrue();
        assertThat(matches(req("zone", IN, "b"))).isFalse();
        assertThat(matches(req("rack", IN, "a"))).isFalse();
    }

    @Test
    void notInHoldsWhenTheLabelIsAbsentOrHasNoneOfTheValues() {
        assertThat(matches(req("zone", NOT_IN, "b"))).isTrue();
        assertThat(matches(req("rack", NOT_IN, "a"))).isTrue();
        assertThat(matches(req("zone", NOT_IN, "a"))).isFalse();
    }

    @Test
    void existsAndDoesNotExistLookOnlyAtTheKey() {
        assertThat(matches(req("tier", EXISTS))).isTrue();
        assertThat(matches(req("rack", EXISTS))).isFalse();
        assertThat(matches(req("rack", DOES_NOT_EXIST))).isTrue();
        assertThat(matches(req("tier", DOES_NOT_EXIST))).isFalse();
    }

    @Test
    void gtAndLtCompareTheLabelAsAnInteger() {
        assertThat(matches(req("gpus", GT, "3"))).isTrue();
        assertThat(matches(req("gpus", GT, "4"))).isFalse();
        assertThat(matches(req("gpus", LT, "5"))).isTrue();
        assertThat(matches(req("gpus", LT, "-1"))).isFalse();
        assertThat(matches(req("tier", GT, "1"))).as("non-numeric label never compares").isFalse();
        assertThat(matches(req("rack", LT, "100"))).as("absent label never compares").isFalse();
    }

    @Test
    void expressionsOfATermAreAnded() {
        assertThat(matches(req("zone", IN, "a"), req("tier", EXISTS))).isTrue();
        assertThat(matches(req("zone", IN, "a"), req("tier", DOES_NOT_EXIST))).isFalse();
    }

    @Test
    void termsThatFailToParseMatchNothing() {
        assertThat(matches(req("zone", IN))).as("In without values").isFalse();
        assertThat(matches(req("zone", NOT_IN))).as("NotIn without values").isFalse();
        assertThat(matches(req("tier", EXISTS, "gold"))).as("Exists with values").isFalse();
        assertThat(matches(req("gpus", GT, "x"))).as("Gt with a non-integer").isFalse();
        assertThat(matches(req("gpus", GT, "1", "2"))).as("Gt with two values").isFalse();
        assertThat(CompiledTerm.compile(new SelectorTerm(List.of(req("zone", IN)), List.of()), cluster.names())
                .valid()).isFalse();
    }

    @Test
    void matchFieldsCompareTheNodeName() {
        String name = CompiledTerm.NODE_NAME_FIELD;
        assertThat(matches(List.of(), List.of(req(name, IN, "n1")))).isTrue();
        assertThat(matches(List.of(), List.of(req(name, IN, "n2")))).isFalse();
        assertThat(matches(List.of(), List.of(req(name, NOT_IN, "n2")))).isTrue();
        assertThat(matches(List.of(req("zone", IN, "a")), List.of(req(name, NOT_IN, "n1")))).isFalse();
        assertThat(matches(List.of(), List.of(req(name, EXISTS)))).as("only In/NotIn parse").isFalse();
        assertThat(matches(List.of(), List.of(req(name, IN, "n1", "n2")))).as("exactly one value").isFalse();
    }
}
