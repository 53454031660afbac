package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.testing.PluginTables;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LabelNumbersTest {
    @Test
    void acceptsWhatGoParseIntAcceptsInBaseTen() {
        for (String ok : new String[] {"0", "42", "+7", "-13", "007", "9223372036854775807", "-9223372036854775808"}) {
            assertThat(LabelNumbers.isInt64(ok)).as(ok).isTrue();
        }
    }

    @Test
    void rejectsWhatGoParseIntRejects() {
        for (String bad : new String[] {"", "+", "-", " 1", "1 ", "1_000", "1.5", "0x10", "9223372036854775808",
            "\u0663", "1e3"}) {
            assertThat(LabelNumbers.isInt64(bad)).as(bad).isFalse();
        }
    }

    @Test
    void parsesEachSymbolOnceAndPicksUpNewOnesOnRefresh() {
        Names symbols = new PluginTables(0, 0).names();
        int five = symbols.intern("5");
        int word = symbols.intern("gpu");
        LabelNumbers numbers = new LabelNumbers();
        numbers.refresh(symbols);
        int later = symbols.intern("-12");

        assertThat(numbers.isNumber(five)).isTrue();
        assertThat(numbers.value(five)).isEqualTo(5);
        assertThat(numbers.isNumber(word)).isFalse();
        assertThat(numbers.isNumber(later)).as("not parsed before refresh").isFalse();
        numbers.refresh(symbols);
        assertThat(numbers.value(later)).isEqualTo(-12);
        assertThat(numbers.isNumber(Names.NONE)).isFalse();
    }
}
