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

    @Test
    void theShortcutsGiveTheFormulasIntegersForEveryInput() {
        java.util.Random random = new java.util.Random(14);
        long[] edges = {0, 1, -1, 99, 100, 1L << 31, (1L << 31) - 1, 1L << 56, Long.MAX_VALUE / 100, Long.MAX_VALUE,
            Long.MIN_VALUE, 64_000, 512L << 30};
        for (int i = 0; i < 200_000; i++) {
            long[] v = new long[4];
            for (int k = 0; k < 4; k++) {
                v[k] = switch (random.nextInt(4)) {
                    case 0 -> edges[random.nextInt(edges.length)];
                    case 1 -> random.nextInt(200_000);
                    case 2 -> random.nextLong() >>> random.nextInt(64);
                    default -> random.nextLong();
                };
            }
            assertThat(LeastRequested.score(v[0], v[1], v[2], v[3])).as("%s", java.util.Arrays.toString(v))
                    .isEqualTo(formula(v[0], v[1], v[2], v[3]));
        }
    }

    /** kube's LeastAllocated as written, long division throughout. */
    private static long formula(long requestedCpu, long allocatableCpu, long requestedMemory, long allocatableMemory) {
        long score = 0;
        long weights = 0;
        if (allocatableCpu != 0) {
            score += resource(requestedCpu, allocatableCpu) * 50;
            weights += 50;
        }
        if (allocatableMemory != 0) {
            score += resource(requestedMemory, allocatableMemory) * 50;
            weights += 50;
        }
        return weights == 0 ? 0 : score / weights;
    }

    private static long resource(long requested, long capacity) {
        return capacity == 0 || requested > capacity ? 0 : (capacity - requested) * 100 / capacity;
    }
}
