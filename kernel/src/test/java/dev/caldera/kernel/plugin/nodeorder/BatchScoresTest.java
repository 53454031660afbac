package dev.caldera.kernel.plugin.nodeorder;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BatchScoresTest {
    @Test
    void taintTolerationIsKubesReversedDefaultNormalize() {
        assertThat(BatchScores.taintToleration(0, 0)).isEqualTo(100);
        assertThat(BatchScores.taintToleration(0, 2)).isEqualTo(100);
        assertThat(BatchScores.taintToleration(1, 2)).isEqualTo(50);
        assertThat(BatchScores.taintToleration(2, 2)).isZero();
        assertThat(BatchScores.taintToleration(1, 3)).as("100 - 100 x 1 / 3 in integers").isEqualTo(67);
        assertThat(BatchScores.taintToleration(2, 3)).isEqualTo(34);
    }
}
