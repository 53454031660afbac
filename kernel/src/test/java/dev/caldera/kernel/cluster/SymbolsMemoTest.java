package dev.caldera.kernel.cluster;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** A caller's memo answers what the table answers, for equal strings, other strings and no string, in any order. */
class SymbolsMemoTest {
    @Test
    void aMemoAnswersWhatTheTableAnswers() {
        Symbols symbols = new Symbols();
        Symbols.Memo memo = new Symbols.Memo();
        String[] names = {"ml", "batch", "default", null};
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 2_000; i++) {
            String name = names[r.nextInt(names.length)];
            // a new object each time, equal to the last when the same name is drawn twice in a row
            String s = name == null ? null : new String(name);
            assertThat(memo.intern(symbols, s)).as("call %d, %s", i, s).isEqualTo(symbols.intern(s));
        }
        assertThat(symbols.size()).isEqualTo(3);
    }
}
