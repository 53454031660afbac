package dev.caldera.kernel.conf;

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

    @Test
    void anIntegerOutsideTheIntRangeIsAnErrorNotAWrappedValue() {
        Arguments args = new Arguments("plugin 'x'", Map.of("big", 3_000_000_000L, "half", 1.5, "whole", 2.0));
        assertThatThrownBy(() -> args.getInt("big", 0)).isInstanceOf(ConfException.class)
                .hasMessage("plugin 'x': argument 'big' must be an integer, got '3000000000'");
        assertThatThrownBy(() -> args.getInt("half", 0)).hasMessageContaining("must be an integer, got '1.5'");
        assertThat(args.getInt("whole", 0)).isEqualTo(2);
    }
}
