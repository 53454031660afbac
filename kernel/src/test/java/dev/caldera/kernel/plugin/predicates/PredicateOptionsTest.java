package dev.caldera.kernel.plugin.predicates;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.ConfException;
import dev.caldera.kernel.plugin.PluginArguments;
import dev.caldera.kernel.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;

import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PredicateOptionsTest {
    private static void build(Object... keyValues) {
        PluginRegistry.defaults().create(plugin("predicates", keyValues));
    }

    @Test
    void unsupportedFeaturesSwitchedOnAreRejectedByName() {
        assertThatThrownBy(() -> build("predicate.GPUSharingEnable", true)).isInstanceOf(ConfException.class)
                .hasMessage("predicates: predicate.GPUSharingEnable=true is not supported by Caldera");
        assertThatThrownBy(() -> build("predicate.GPUNumberEnable", "true"))
                .hasMessage("predicates: predicate.GPUNumberEnable=true is not supported by Caldera");
        assertThatThrownBy(() -> build("predicate.ProportionalEnable", true))
                .hasMessage("predicates: predicate.ProportionalEnable=true is not supported by Caldera");
    }

    @Test
    void unsupportedFeaturesSwitchedOffAndDatalessFiltersAreAccepted() {
        build("predicate.GPUSharingEnable", false, "predicate.ProportionalEnable", "false",
                "predicate.CacheEnable", true, "predicate.PodAffinityEnable", false,
                "predicate.VolumeZoneEnable", true, "predicate.PodTopologySpreadEnable", false,
                "predicate.NodeVolumeLimitsEnable", true, "predicate.resources", "nvidia.com/gpu",
                "predicate.resources.nvidia.com/gpu.cpu", 4, "predicate.resources.nvidia.com/gpu.memory", "8");
    }

    @Test
    void valuesOfTheWrongTypeNameThePluginAndKey() {
        assertThatThrownBy(() -> build("predicate.CacheEnable", 5))
                .hasMessage("predicates: argument 'predicate.CacheEnable' must be true or false, got '5'");
        assertThatThrownBy(() -> build("predicate.NodePortsEnable", "on"))
                .hasMessageStartingWith("predicates: argument 'predicate.NodePortsEnable'");
        assertThatThrownBy(() -> build("predicate.resources", "nvidia.com/gpu",
                "predicate.resources.nvidia.com/gpu.cpu", "four"))
                .hasMessage("predicates: argument 'predicate.resources.nvidia.com/gpu.cpu' must be a number, got 'four'");
    }

    @Test
    void theFiltersDefaultOn() {
        PredicateOptions defaults = PredicateOptions.from(new PluginArguments("predicates", Arguments.NONE));
        assertThat(defaults).isEqualTo(new PredicateOptions(true, true, true));
    }
}
