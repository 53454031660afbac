package dev.caldera.kernel.placement;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TaintEffectTest {
    @Test
    void parseTakesEachKubernetesSpellingAndNothingElse() {
        for (TaintEffect e : TaintEffect.values()) {
            assertThat(TaintEffect.parse(e.wire())).isSameAs(e);
        }
        assertThat(TaintEffect.parse("NoSchedule")).isSameAs(TaintEffect.NO_SCHEDULE);
        assertThat(TaintEffect.parse("noschedule")).as("the spelling is case-sensitive, as kube's").isNull();
        assertThat(TaintEffect.parse("")).isNull();
        assertThat(TaintEffect.parse(null)).isNull();
    }
}
