package dev.caldera.kernel.plugin;

import dev.caldera.kernel.conf.ConfException;
import dev.caldera.kernel.framework.PluginArguments;
import dev.caldera.kernel.testing.ConfWarnings;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Volcano: framework/arguments.go GetInt, GetFloat64, GetBool, GetString. */
class PluginArgumentsTest {
    private final ConfWarnings warnings = new ConfWarnings();

    private PluginArguments args(Object... keyValues) {
        return new PluginArguments("demo", warnings.arguments("plugin 'demo'", keyValues));
    }

    @Test
    void readsValuesOfTheirOwnYamlType() {
        PluginArguments a = args("w", 3L, "d", 5L, "f", 0.5, "b", true, "s", "text");
        assertThat(a.weight("w", 1)).isEqualTo(3);
        assertThat(a.number("d", 1)).isEqualTo(5.0);
        assertThat(a.number("f", 1)).isEqualTo(0.5);
        assertThat(a.flag("b", false)).isTrue();
        assertThat(a.text("s", "")).isEqualTo("text");
        assertThat(a.weight("unset", 7)).isEqualTo(7);
        assertThat(warnings.lines).isEmpty();
    }

    @Test
    void aValueOfTheWrongTypeIsIgnoredWithAWarningNamingKeyValueAndDefault() {
        PluginArguments a = args("w", "heavy", "h", 1.5, "big", 3_000_000_000L, "n", "lots", "b", "yes",
                "r", List.of("a"));
        assertThat(a.integer("w", 1)).isEqualTo(1);
        assertThat(a.integer("h", 2)).isEqualTo(2);
        assertThat(a.integer("big", 3)).isEqualTo(3);
        assertThat(a.number("n", 1.5)).isEqualTo(1.5);
        assertThat(a.flag("b", false)).isFalse();
        assertThat(a.text("r", "x")).isEqualTo("x");
        assertThat(warnings.lines).containsExactly(
                "plugin 'demo': argument 'w': 'heavy' is not an integer; ignored as Volcano does, the default 1 is"
                        + " used",
                "plugin 'demo': argument 'h': '1.5' is not an integer; ignored as Volcano does, the default 2 is used",
                "plugin 'demo': argument 'big': '3000000000' is outside the 32-bit range Caldera keeps weights in;"
                        + " ignored as Volcano does, the default 3 is used",
                "plugin 'demo': argument 'n': 'lots' is not a number; ignored as Volcano does, the default 1.5 is"
                        + " used",
                "plugin 'demo': argument 'b': 'yes' is not true or false; ignored as Volcano does, the default false"
                        + " is used",
                "plugin 'demo': argument 'r': '[a]' is not a string; ignored as Volcano does, the default x is used");
    }

    @Test
    void flagsAcceptBooleansAndGoBooleanStrings() {
        PluginArguments a = args("a", true, "b", "False", "c", "1", "d", "T");
        assertThat(a.flag("a", false)).isTrue();
        assertThat(a.flag("b", true)).isFalse();
        assertThat(a.flag("c", false)).isTrue();
        assertThat(a.flag("d", false)).isTrue();
        assertThat(a.flag("e", true)).isTrue();
        assertThat(warnings.lines).isEmpty();
    }

    @Test
    void aLongValueIsQuotedShortInMessages() {
        args("w", "9".repeat(5000)).integer("w", 1);
        assertThat(warnings.lines).singleElement().asString()
                .contains("'9999999999999999999999999999999999999999...' (5000 characters)")
                .hasSizeLessThan(300);
    }

    @Test
    void aRefusalNamesPluginAndKey() {
        ConfException e = args().error("k", "is wrong");
        assertThat(e).hasMessage("plugin 'demo': argument 'k': is wrong");
    }
}
