package dev.caldera.kernel.conf;

import dev.caldera.kernel.testing.ConfWarnings;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ArgumentsTest {
    @Test
    void argumentsWithTheSameValuesAreEqualWhateverTheirOwner() {
        assertThat(new Arguments("a", Map.of("w", 1L))).isEqualTo(new Arguments("b", Map.of("w", 1L)))
                .hasSameHashCodeAs(new Arguments("b", Map.of("w", 1L)));
        assertThat(new Arguments("a", Map.of())).isEqualTo(Arguments.NONE);
        assertThat(new Arguments("a", Map.of("w", 1L))).isNotEqualTo(new Arguments("a", Map.of("w", 2L)));
    }

    /** Volcano: framework/arguments.go GetInt reads only a Go int: a float or a string is ignored. */
    @Test
    void getIntTakesOnlyYamlIntegers() {
        ConfWarnings w = new ConfWarnings();
        Arguments args = w.arguments("plugin 'x'", "half", 1.5, "whole", 2.0, "int", 4L, "text", "5");
        assertThat(args.getInt("int", 0)).isEqualTo(4);
        assertThat(args.getInt("half", 0)).isZero();
        assertThat(args.getInt("whole", 0)).isZero();
        assertThat(args.getInt("text", 0)).isZero();
        assertThat(w.lines).hasSize(3);
    }

    /** Volcano: framework/arguments.go Get[T] decodes with mapstructure and stops the scheduler when it cannot. */
    @Test
    void decodeTruncatesFloatsAndRefusesOtherTypes() {
        Arguments args = new Arguments("plugin 'x'", Map.of("f", 2.9, "s", "3", "big", 3_000_000_000L));
        assertThat(args.decodeInt("f")).isEqualTo(2);
        assertThat(args.decodeInt("unset")).isNull();
        assertThat(args.decodeLong("big")).isEqualTo(3_000_000_000L);
        assertThatThrownBy(() -> args.decodeInt("s")).isInstanceOf(ConfException.class)
                .hasMessage("plugin 'x': argument 's': '3' is not an integer (Volcano stops with a fatal error on it)");
        assertThatThrownBy(() -> args.decodeInt("big")).hasMessageContaining("outside the integer range");
    }
}
