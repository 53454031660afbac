package dev.caldera.kernel.plugin.sla;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Go's time.ParseDuration (src/time/format.go), which Volcano uses for sla-waiting-time. */
class GoDurationTest {
    @Test
    void readsGosForms() {
        assertThat(GoDuration.parseMs("1h30m")).isEqualTo(5_400_000);
        assertThat(GoDuration.parseMs("2.5s")).isEqualTo(2_500);
        assertThat(GoDuration.parseMs(".5s")).isEqualTo(500);
        assertThat(GoDuration.parseMs("1.s")).isEqualTo(1_000);
        assertThat(GoDuration.parseMs("-1.5h")).isEqualTo(-5_400_000);
        assertThat(GoDuration.parseMs("+3m")).isEqualTo(180_000);
        assertThat(GoDuration.parseMs("0")).isZero();
        assertThat(GoDuration.parseNs("1h2m3s4ms5us6ns")).isEqualTo(3_723_004_005_006L);
        assertThat(GoDuration.parseNs("7\u00b5s")).isEqualTo(7_000);
        assertThat(GoDuration.parseNs("2562047h47m16.854775807s")).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void refusesWhatGoRefusesWithoutJavaInternals() {
        for (String bad : new String[] {"", "soon", ".", "5", "1.2.3s", "-", "1h-2m", "s"}) {
            assertThatThrownBy(() -> GoDuration.parseNs(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageNotContaining("java.").hasMessageNotContaining("Exception");
        }
        assertThatThrownBy(() -> GoDuration.parseNs("3 minutes")).hasMessage("'3 minutes' has an unknown unit"
                + " ' minutes' (use h, m, s, ms, us or ns)");
    }

    @Test
    void aDurationBeyondGosRangeIsRefused() {
        assertThatThrownBy(() -> GoDuration.parseNs("2562048h")).hasMessage("'2562048h' is beyond Go's duration"
                + " range (about 292 years)");
        assertThatThrownBy(() -> GoDuration.parseNs("9".repeat(30) + "s")).hasMessageContaining("beyond Go's");
        assertThatThrownBy(() -> GoDuration.parseNs("2562047h47m16.854775808s")).hasMessageContaining("beyond");
    }
}
