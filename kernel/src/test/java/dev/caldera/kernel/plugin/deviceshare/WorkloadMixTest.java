package dev.caldera.kernel.plugin.deviceshare;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** A workload mix counts pods by shape: shapes are equal exactly when every component is. */
class WorkloadMixTest {

    @Test
    void shapesAreEqualExactlyWhenEveryComponentIs() {
        WorkloadMix.Shape shape = new WorkloadMix.Shape(4000, 500, 0, Set.of("T4", "V100"));

        assertThat(shape).isEqualTo(new WorkloadMix.Shape(4000, 500, 0, Set.of("V100", "T4")))
                .hasSameHashCodeAs(new WorkloadMix.Shape(4000, 500, 0, Set.of("V100", "T4")));
        assertThat(shape).isNotEqualTo(new WorkloadMix.Shape(8000, 500, 0, Set.of("T4", "V100")))
                .isNotEqualTo(new WorkloadMix.Shape(4000, 250, 0, Set.of("T4", "V100")))
                .isNotEqualTo(new WorkloadMix.Shape(4000, 500, 0, Set.of("T4")))
                .isNotEqualTo(new WorkloadMix.Shape(4000, 0, 1, Set.of("T4", "V100")))
                .isNotEqualTo(null);
        assertThat(new WorkloadMix.Shape(0, 0, 1, Set.of())).isNotEqualTo(new WorkloadMix.Shape(0, 0, 2, Set.of()));
    }

    @Test
    void theCounterAddsUpEqualShapes() {
        WorkloadMix mix = new WorkloadMix.Counter().add(new WorkloadMix.Shape(1000, 0, 1, Set.of("T4")))
                .add(new WorkloadMix.Shape(1000, 0, 1, Set.of("T4"))).add(new WorkloadMix.Shape(1000, 0, 2, Set.of()))
                .add(new WorkloadMix.Shape(1000, 0, 1, Set.of("T4"))).add(new WorkloadMix.Shape(1000, 0, 2, Set.of()))
                .add(new WorkloadMix.Shape(2000, 0, 2, Set.of())).mix();

        assertThat(mix.entries()).extracting(WorkloadMix.Entry::weight).containsExactly(3 / 6.0, 2 / 6.0, 1 / 6.0);
    }
}
