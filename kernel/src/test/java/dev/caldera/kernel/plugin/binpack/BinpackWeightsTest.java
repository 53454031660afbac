package dev.caldera.kernel.plugin.binpack;

import dev.caldera.kernel.framework.PluginArguments;
import dev.caldera.kernel.testing.ConfWarnings;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Volcano: plugins/binpack/binpack.go, calculateWeight. */
class BinpackWeightsTest {
    private final ConfWarnings warnings = new ConfWarnings();

    private BinpackWeights parse(Object... keyValues) {
        return BinpackWeights.from(new PluginArguments("binpack", warnings.arguments("plugin 'binpack'", keyValues)));
    }

    @Test
    void readsVolcanosArgumentsLikeItsTestArguments() {
        BinpackWeights w = parse("binpack.weight", 10L, "binpack.cpu", 5L, "binpack.memory", 2L,
                "binpack.resources", "nvidia.com/gpu, example.com/foo", "binpack.resources.nvidia.com/gpu", 7L);
        assertThat(w.weight()).isEqualTo(10);
        assertThat(w.cpu()).isEqualTo(5);
        assertThat(w.memory()).isEqualTo(2);
        assertThat(w.resources()).isEqualTo(Map.of("nvidia.com/gpu", 7, "example.com/foo", 1));
        assertThat(warnings.lines).isEmpty();
    }

    @Test
    void everyWeightDefaultsToOne() {
        assertThat(parse()).isEqualTo(new BinpackWeights(1, 1, 1, Map.of()));
    }

    @Test
    void aNegativeResourceWeightBecomesOneAsInVolcanoWithAWarning() {
        BinpackWeights w = parse("binpack.cpu", -2L, "binpack.resources", "example.com/foo",
                "binpack.resources.example.com/foo", -3L);
        assertThat(w.cpu()).isEqualTo(1);
        assertThat(w.resources()).isEqualTo(Map.of("example.com/foo", 1));
        assertThat(warnings.lines).containsExactlyInAnyOrder(
                "plugin 'binpack': argument 'binpack.cpu': -2 is negative; Volcano's binpack uses 1 instead, and so"
                        + " does Caldera",
                "plugin 'binpack': argument 'binpack.resources.example.com/foo': -3 is negative; Volcano's binpack"
                        + " uses 1 instead, and so does Caldera");
    }

    @Test
    void aNegativePluginWeightIsUsedAsVolcanoUsesIt() {
        assertThat(parse("binpack.weight", -4L).weight()).isEqualTo(-4);
        assertThat(warnings.lines).isEmpty();
    }

    @Test
    void aValueOfTheWrongTypeIsIgnoredWithAWarningAsVolcanoIgnoresIt() {
        BinpackWeights w = parse("binpack.weight", "ten", "binpack.memory", "3", "binpack.resources",
                List.of("nvidia.com/gpu"));
        assertThat(w).isEqualTo(new BinpackWeights(1, 1, 1, Map.of()));
        assertThat(warnings.lines).containsExactlyInAnyOrder(
                "plugin 'binpack': argument 'binpack.weight': 'ten' is not an integer; ignored as Volcano does, the"
                        + " default 1 is used",
                "plugin 'binpack': argument 'binpack.memory': '3' is not an integer (it is written as a string; drop"
                        + " the quotes); ignored as Volcano does, the default 1 is used",
                "plugin 'binpack': argument 'binpack.resources': '[nvidia.com/gpu]' is not a string; ignored as"
                        + " Volcano does");
    }
}
