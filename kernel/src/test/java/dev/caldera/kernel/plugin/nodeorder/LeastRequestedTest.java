package dev.caldera.kernel.plugin.nodeorder;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Expected numbers from kube-scheduler's least_allocated_test.go (cpu and memory weighted 50 / 50). */
class LeastRequestedTest {
    @Test
    void nothingScheduledResourcesRequestedDifferentlySizedMachines() {
        assertThat(LeastRequested.score(3000, 4000, 5000, 10000)).isEqualTo(37);
        assertThat(LeastRequested.score(3000, 6000, 5000, 10000)).isEqualTo(50);
    }

    @Test
    void resourcesRequestedPodsScheduledWithResources() {
        assertThat(LeastRequested.score(6000, 10000, 5000, 20000)).isEqualTo(57);
        assertThat(LeastRequested.score(6000, 10000, 10000, 20000)).isEqualTo(45);
        assertThat(LeastRequested.score(6000, 10000, 10000, 50000)).isEqualTo(60);
    }

    @Test
    void aResourceOverCapacityScoresZeroAndOneTheNodeLacksIsLeftOut() {
        assertThat(LeastRequested.score(5000, 4000, 5000, 10000)).as("(0 x 50 + 50 x 50) / 100").isEqualTo(25);
        assertThat(LeastRequested.score(1000, 0, 5000, 10000)).as("memory alone").isEqualTo(50);
        assertThat(LeastRequested.score(1000, 0, 5000, 0)).isZero();
    }

    @Test
    void volcanosScenarioNumbers() {
        long gi = 1L << 30;
        assertThat(LeastRequested.score(1000, 2000, 1_000_000_000L, 4 * gi)).as("(50 x 50 + 76 x 50) / 100")
                .isEqualTo(63);
        assertThat(LeastRequested.score(1000, 4000, 1_000_000_000L, 8 * gi)).as("(75 x 50 + 88 x 50) / 100")
                .isEqualTo(81);
    }
}
