package dev.caldera.k8s.quantity;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

class QuantitiesTest {
    @ParameterizedTest(name = "{0} {1} = {2}")
    @CsvSource({
        "cpu, 500m, 500",
        "cpu, 1, 1000",
        "cpu, 2, 2000",
        "cpu, 0.5, 500",
        "cpu, .5, 500",
        "cpu, 1., 1000",
        "cpu, +1, 1000",
        "cpu, 100n, 1",
        "cpu, 1500u, 2",
        "cpu, 0, 0",
        "cpu, 1e3, 1000000",
        "cpu, 1k, 1000000",
        "memory, 1Gi, 1073741824",
        "memory, 1.5Gi, 1610612736",
        "memory, 128Mi, 134217728",
        "memory, 1Ki, 1024",
        "memory, 1e3, 1000",
        "memory, 1E3, 1000",
        "memory, 2e-3, 1",
        "memory, 6G, 6000000000",
        "memory, 1M, 1000000",
        "memory, 1m, 1",
        "memory, 1P, 1000000000000000",
        "memory, 64Pi, 72057594037927936",
        "pods, 110, 110",
        "pods, 1k, 1000",
        "nvidia.com/gpu, 2, 2000",
        "nvidia.com/gpu, 500m, 500",
        "hugepages-2Mi, 4Mi, 4194304000",
        "ephemeral-storage, 10Gi, 10737418240000",
    })
    void parsesExactlyIntoCanonicalUnits(String resource, String text, long expected) {
        assertThat(Quantities.canonical(resource, text)).isEqualTo(expected);
    }

    @Test
    void roundsUpWhatIsNotWholeInTheCanonicalUnitAsKubernetesDoes() {
        assertThat(Quantities.canonical("cpu", "0.0001")).isEqualTo(1);
        assertThat(Quantities.canonical("memory", "1.0000001")).isEqualTo(2);
        assertThat(Quantities.canonical("pods", "0.5")).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "1K", "1Kib", "1 Gi", " 1", "1e", "e3", "1e3.5", "--1", "1.2.3", ".", "m", "1mi",
        "0x10", "1_000", "1ee3"})
    void refusesWhatIsNotAQuantity(String text) {
        assertThatThrownBy(() -> Quantities.canonical("cpu", text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a quantity");
    }

    @Test
    void refusesNegativeQuantities() {
        assertThatThrownBy(() -> Quantities.canonical("memory", "-1Gi"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'-1Gi' is negative");
    }

    @Test
    void refusesAmountsThatCouldNotBeScoredOrAddedUpExactly() {
        assertThatThrownBy(() -> Quantities.canonical("memory", "1Ei")).hasMessage("'1Ei' is too large (more than"
                + " 72057594037927936 bytes, so that scores and totals stay exact in 64 bits)");
        assertThatThrownBy(() -> Quantities.canonical("cpu", "5e15")).hasMessageContaining("too large");
        assertThatThrownBy(() -> Quantities.canonical("cpu", "10E"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("too large");
        assertThatThrownBy(() -> Quantities.canonical("memory", "1e999"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("too large");
        assertThatThrownBy(() -> Quantities.canonical("memory", "1e9999"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exponent out of range");
    }

    @Test
    void aHugeQuantityIsNotEchoedWhole() {
        String digits = "7".repeat(5000);
        assertThatThrownBy(() -> Quantities.canonical("cpu", digits)).hasMessage("'" + "7".repeat(60)
                + "...' (5000 characters) has more digits than any quantity Caldera can hold");
        assertThatThrownBy(() -> Quantities.canonical("cpu", "x" + digits)).hasMessageStartingWith("'x777")
                .hasMessageContaining("...' (5001 characters) is not a quantity");
    }

    @Test
    void cpuAndScalarsAreMilliMemoryIsBytesPodsAreCounts() {
        assertThat(Quantities.isMilli("cpu")).isTrue();
        assertThat(Quantities.isMilli("nvidia.com/gpu")).isTrue();
        assertThat(Quantities.isMilli("memory")).isFalse();
        assertThat(Quantities.isMilli("pods")).isFalse();
    }

    @Test
    void textWritesCanonicalAmountsBackSoTheyParseToTheSameAmount() {
        assertThat(Quantities.text("cpu", 4000)).isEqualTo("4");
        assertThat(Quantities.text("cpu", 1500)).isEqualTo("1500m");
        assertThat(Quantities.text("memory", 8L << 30)).isEqualTo("8Gi");
        assertThat(Quantities.text("memory", 1_000_000_000L)).isEqualTo("1000000000");
        assertThat(Quantities.text("nvidia.com/gpu", 2000)).isEqualTo("2");
        assertThat(Quantities.text("pods", 110)).isEqualTo("110");
        for (String r : new String[] {"cpu", "memory", "pods", "nvidia.com/gpu", "ephemeral-storage"}) {
            for (long v : new long[] {0, 1, 999, 1000, 1024, 1536, 1L << 20, 3L << 40, 123_456_789_012L}) {
                assertThat(Quantities.canonical(r, Quantities.text(r, v))).as("%s %d", r, v).isEqualTo(v);
            }
        }
    }

    /** The integer shortcut ({@link SimpleQuantity}) gives what exact decimal arithmetic gives, amount or message. */
    @Property(tries = 3000)
    void theIntegerShortcutAgreesWithExactArithmetic(@ForAll("resources") String resource,
            @ForAll("quantities") String text) {
        Throwable exactProblem = catchThrowable(() -> Quantities.exactCanonical(resource, text));
        if (exactProblem != null) {
            assertThatThrownBy(() -> Quantities.canonical(resource, text)).hasMessage(exactProblem.getMessage());
        } else {
            assertThat(Quantities.canonical(resource, text)).isEqualTo(Quantities.exactCanonical(resource, text));
        }
    }

    @Provide
    Arbitrary<String> resources() {
        return Arbitraries.of("cpu", "memory", "pods", "nvidia.com/gpu");
    }

    @Provide
    Arbitrary<String> quantities() {
        Arbitrary<String> digits = Arbitraries.<String>oneOf(Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(18),
                Arbitraries.longs().between(0, 1L << 57).map(v -> Long.toString(v)));
        Arbitrary<String> suffixes = Arbitraries.of("", "", "m", "k", "M", "G", "T", "Ki", "Mi", "Gi", "Ti", "Pi", "i",
                "mi", "K", "e3", ".5", "n");
        return net.jqwik.api.Combinators.combine(digits, suffixes).as((d, s) -> d + s);
    }
}
