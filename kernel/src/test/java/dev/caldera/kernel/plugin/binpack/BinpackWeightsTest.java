package dev.caldera.kernel.plugin.binpack;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.ConfException;
import dev.caldera.kernel.plugin.PluginArguments;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BinpackWeightsTest {
    private static BinpackWeights parse(Object... keyValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return BinpackWeights.from(new PluginArguments("binpack", new Arguments("binpack", map)));
    }

    @Test
    void readsVolcanosArgumentsLikeItsTestArguments() {
        BinpackWeights w = parse("binpack.weight", 10, "binpack.cpu", 5, "binpack.memory", 2,
                "binpack.resources", "nvidia.com/gpu, example.com/foo", "binpack.resources.nvidia.com/gpu", 7);
        assertThat(w.weight()).isEqualTo(10);
        assertThat(w.cpu()).isEqualTo(5);
        assertThat(w.memory()).isEqualTo(2);
        assertThat(w.resources()).isEqualTo(Map.of("nvidia.com/gpu", 7, "example.com/foo", 1));
    }

    @Test
    void everyWeightDefaultsToOne() {
        assertThat(parse()).isEqualTo(new BinpackWeights(1, 1, 1, Map.of()));
    }

    @Test
    void aNegativeResourceWeightIsRejectedWhereVolcanoWouldQuietlyUseOne() {
        assertThatThrownBy(() -> parse("binpack.resources", "example.com/foo", "binpack.resources.example.com/foo", -3))
                .isInstanceOf(ConfException.class)
                .hasMessage("binpack: argument 'binpack.resources.example.com/foo' must not be negative (it is a "
                        + "weight), got '-3'");
        assertThatThrownBy(() -> parse("binpack.weight", "ten")).hasMessage(
                "binpack: argument 'binpack.weight' must be an integer, got 'ten'");
        assertThatThrownBy(() -> parse("binpack.resources", java.util.List.of("nvidia.com/gpu")))
                .hasMessageStartingWith("binpack: argument 'binpack.resources' must be a single value");
    }
}
