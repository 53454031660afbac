package dev.caldera.kernel.plugin.nodeorder;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Expected numbers from kube-scheduler's most_allocated_test.go (cpu and memory weighted 1 / 1). */
class MostRequestedTest {
    @Test
    void nothingScheduledNothingRequested() {
        assertThat(MostRequested.score(0, 4000, 0, 10000)).isZero();
    }

    @Test
    void nothingScheduledResourcesRequestedDifferentlySizedMachines() {
        assertThat(MostRequested.score(3000, 4000, 5000, 10000)).as("(75 + 50) / 2").isEqualTo(62);
        assertThat(MostRequested.score(3000, 6000, 5000, 10000)).isEqualTo(50);
    }

    @Test
    void requestsBeyondCapacityAreCappedAtCapacity() {
        assertThat(MostRequested.score(6000, 4000, 5000, 10000)).as("(100 + 50) / 2").isEqualTo(75);
    }

    @Test
    void volcanosMostAllocatedScenarioPrefersTheSmallerNode() {
        long gi = 1L << 30;
        assertThat(MostRequested.score(1000, 2000, 1_000_000_000L, 4 * gi)).isEqualTo(36);
        assertThat(MostRequested.score(1000, 4000, 1_000_000_000L, 8 * gi)).isEqualTo(18);
    }
}
