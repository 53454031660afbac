package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.framework.PluginArguments;
import dev.caldera.kernel.testing.ConfWarnings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Volcano: plugins/nodeorder/nodeorder.go calculateWeight (GetInt per weight). */
class NodeOrderWeightsTest {
    private final ConfWarnings warnings = new ConfWarnings();

    private NodeOrderWeights parse(Object... keyValues) {
        return NodeOrderWeights.from(new PluginArguments("nodeorder",
                warnings.arguments("plugin 'nodeorder'", keyValues)));
    }

    @Test
    void defaultsAreVolcanoV17s() {
        NodeOrderWeights w = NodeOrderWeights.from(new PluginArguments("nodeorder", Arguments.NONE));
        assertThat(w).isEqualTo(new NodeOrderWeights(1, 0, 1, 2, 2, 3, 1, 2, 0, 1));
    }

    @Test
    void aNegativeWeightIsMultipliedInAsVolcanoDoes() {
        assertThat(parse("leastrequested.weight", -1L).leastRequested()).isEqualTo(-1);
        assertThat(warnings.lines).isEmpty();
    }

    @Test
    void aWeightThatIsNotAYamlIntegerIsIgnoredWithAWarning() {
        NodeOrderWeights w = parse("tainttoleration.weight", "10", "nodeaffinity.weight", 2.5);
        assertThat(w.taintToleration()).isEqualTo(3);
        assertThat(w.nodeAffinity()).isEqualTo(2);
        assertThat(warnings.lines).containsExactlyInAnyOrder(
                "plugin 'nodeorder': argument 'tainttoleration.weight': '10' is not an integer (it is written as a"
                        + " string; drop the quotes); ignored as Volcano does, the default 3 is used",
                "plugin 'nodeorder': argument 'nodeaffinity.weight': '2.5' is not an integer; ignored as Volcano"
                        + " does, the default 2 is used");
    }
}
