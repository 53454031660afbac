package dev.caldera.kernel.plugin;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.ConfException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PluginArgumentsTest {
    private static PluginArguments args(Object... keyValues) {
        Map<String, Object> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new PluginArguments("demo", new Arguments("tiers[0]", map));
    }

    @Test
    void readsNumbersWrittenAsNumbersOrText() {
        PluginArguments a = args("w", 3, "s", "4", "d", 5.0, "f", "0.5");
        assertThat(a.weight("w", 1)).isEqualTo(3);
        assertThat(a.weight("s", 1)).isEqualTo(4);
        assertThat(a.weight("d", 1)).isEqualTo(5);
        assertThat(a.number("f", 1)).isEqualTo(0.5);
        assertThat(a.weight("unset", 7)).isEqualTo(7);
    }

    @Test
    void aNegativeWeightNamesPluginKeyAndWhy() {
        assertThatThrownBy(() -> args("binpack.cpu", -2).weight("binpack.cpu", 1))
                .isInstanceOf(ConfException.class)
                .hasMessage("demo: argument 'binpack.cpu' must not be negative (it is a weight), got '-2'");
    }

    @Test
    void aValueOfTheWrongTypeNamesPluginKeyAndWhy() {
        assertThatThrownBy(() -> args("w", "heavy").weight("w", 1)).isInstanceOf(ConfException.class)
                .hasMessage("demo: argument 'w' must be an integer, got 'heavy'");
        assertThatThrownBy(() -> args("w", 1.5).integer("w", 1)).hasMessageContaining("must be an integer");
        assertThatThrownBy(() -> args("w", 3_000_000_000L).integer("w", 1)).hasMessageContaining("must be an integer");
        assertThatThrownBy(() -> args("b", "yes").flag("b", false))
                .hasMessage("demo: argument 'b' must be true or false, got 'yes'");
        assertThatThrownBy(() -> args("r", List.of("a")).text("r", ""))
                .hasMessageContaining("argument 'r' must be a single value");
        assertThatThrownBy(() -> args("n", "lots").number("n", 1)).hasMessageContaining("must be a number");
    }

    @Test
    void flagsAcceptBooleansAndTheirSpelling() {
        PluginArguments a = args("a", true, "b", "False");
        assertThat(a.flag("a", false)).isTrue();
        assertThat(a.flag("b", true)).isFalse();
        assertThat(a.flag("c", true)).isTrue();
    }
}
