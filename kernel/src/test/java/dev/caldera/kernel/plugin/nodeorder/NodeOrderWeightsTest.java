package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.ConfException;
import dev.caldera.kernel.plugin.PluginArguments;
import dev.caldera.kernel.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;

import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NodeOrderWeightsTest {
    @Test
    void defaultsAreVolcanoV17s() {
        NodeOrderWeights w = NodeOrderWeights.from(new PluginArguments("nodeorder", Arguments.NONE));
        assertThat(w).isEqualTo(new NodeOrderWeights(1, 0, 1, 2, 2, 3, 1, 2, 0, 1));
    }

    @Test
    void weightsMayBeWrittenAsText() {
        NodeOrderWeights w = NodeOrderWeights.from(new PluginArguments("nodeorder",
                new Arguments("nodeorder", java.util.Map.of("tainttoleration.weight", "10"))));
        assertThat(w.taintToleration()).isEqualTo(10);
    }

    @Test
    void aNegativeOrMistypedWeightIsRejectedWithPluginAndKey() {
        assertThatThrownBy(() -> PluginRegistry.defaults().create(plugin("nodeorder", "leastrequested.weight", -1)))
                .isInstanceOf(ConfException.class)
                .hasMessage("nodeorder: argument 'leastrequested.weight' must not be negative (it is a weight), got '-1'");
        assertThatThrownBy(() -> PluginRegistry.defaults().create(plugin("nodeorder", "nodeaffinity.weight", "high")))
                .hasMessage("nodeorder: argument 'nodeaffinity.weight' must be an integer, got 'high'");
    }
}
