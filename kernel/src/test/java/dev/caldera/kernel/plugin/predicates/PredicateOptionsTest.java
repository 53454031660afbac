package dev.caldera.kernel.plugin.predicates;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.ConfException;
import dev.caldera.kernel.framework.PluginArguments;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.testing.ConfWarnings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Volcano: plugins/predicates/predicates.go New (GetBool per switch) and helper.go (Get[T] for volume binding). */
class PredicateOptionsTest {
    private final ConfWarnings warnings = new ConfWarnings();

    private void build(Object... keyValues) {
        PluginRegistry.defaults().create(warnings.plugin("predicates", keyValues));
    }

    private PredicateOptions options(Object... keyValues) {
        return PredicateOptions.from(new PluginArguments("predicates",
                warnings.arguments("plugin 'predicates'", keyValues)));
    }

    @Test
    void switchesCurrentVolcanoNoLongerReadsAreIgnoredWithAWarningWhenOn() {
        build("predicate.GPUSharingEnable", true, "predicate.GPUNumberEnable", false,
                "predicate.ProportionalEnable", true, "predicate.resources", "nvidia.com/gpu",
                "predicate.resources.nvidia.com/gpu.cpu", "four");
        assertThat(warnings.lines).hasSize(2).allSatisfy(w -> assertThat(w).contains("true is ignored: current"
                + " Volcano's predicates plugin no longer reads it"));
        assertThat(warnings.lines.get(0)).startsWith("plugin 'predicates': argument 'predicate.GPUSharingEnable'");
    }

    @Test
    void volumeFiltersAndTheInterPodSwitchesAreAccepted() {
        build("predicate.CacheEnable", true, "predicate.PodAffinityEnable", false,
                "predicate.VolumeZoneEnable", true, "predicate.PodTopologySpreadEnable", false,
                "predicate.NodeVolumeLimitsEnable", true, "predicate.VolumeBindingEnable", true);
        assertThat(warnings.lines).isEmpty();
    }

    @Test
    void switchesTakeBooleansAndGoBooleanStrings() {
        assertThat(options("predicate.NodePortsEnable", "F", "predicate.TaintTolerationEnable", "0"))
                .isEqualTo(new PredicateOptions(true, false, false, true, true));
        assertThat(options("predicate.PodAffinityEnable", false, "predicate.PodTopologySpreadEnable", "false"))
                .isEqualTo(new PredicateOptions(true, true, true, false, false));
        assertThat(warnings.lines).isEmpty();
    }

    @Test
    void aSwitchOfTheWrongTypeIsIgnoredWithAWarningNamingTheKey() {
        assertThat(options("predicate.NodeAffinityEnable", 5L, "predicate.NodePortsEnable", "on"))
                .isEqualTo(new PredicateOptions(true, true, true, true, true));
        assertThat(warnings.lines).containsExactly(
                "plugin 'predicates': argument 'predicate.NodeAffinityEnable': '5' is not true or false; ignored as"
                        + " Volcano does, the default true is used",
                "plugin 'predicates': argument 'predicate.NodePortsEnable': 'on' is not true or false; ignored as"
                        + " Volcano does, the default true is used");
    }

    @Test
    void volumeBindingArgumentsVolcanoCannotDecodeAreRefusedAsVolcanoStops() {
        assertThatThrownBy(() -> build("volumebinding.weight", "heavy")).isInstanceOf(ConfException.class)
                .hasMessage("plugin 'predicates': argument 'volumebinding.weight': 'heavy' is not an integer (Volcano"
                        + " stops with a fatal error on it)");
        assertThatThrownBy(() -> build("volumebinding.bindTimeoutSeconds", -5L))
                .hasMessageContaining("-5 is negative: Volcano's volume binding plugin refuses it");
        assertThatThrownBy(() -> build("dynamicresources.filterTimeoutSeconds", true))
                .hasMessageContaining("'true' is not an integer");
        build("volumebinding.weight", 2.5, "volumebinding.bindTimeoutSeconds", 600L);
        build("predicate.VolumeBindingEnable", false, "volumebinding.weight", "ignored when off");
    }

    @Test
    void theFiltersDefaultOn() {
        PredicateOptions defaults = PredicateOptions.from(new PluginArguments("predicates", Arguments.NONE));
        assertThat(defaults).isEqualTo(new PredicateOptions(true, true, true, true, true));
    }
}
