package dev.caldera.k8s.replay;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link ReplayResult#medianTimings}: the figures of the last run, each timing the median of the runs'. */
class ReplayResultTest {
    private static ReplayResult run(int placed, long wallNs, long cpuNs, long schedulingNs) {
        return new ReplayResult("t", 2, 8, 10, placed, 10 - placed, 0, placed, 0, Double.NaN, 50, 60, 7, 20, 100,
                wallNs, cpuNs, schedulingNs, 0, 0, List.of(), List.of());
    }

    @Test
    void anOddNumberOfRunsTakesEachTimingsMiddleValueAndTheLastRunsFigures() {
        ReplayResult m = ReplayResult.medianTimings(List.of(run(9, 300, 10, 7), run(9, 100, 30, 5), run(8, 200, 20,
                9)));
        assertThat(m.placedPods()).isEqualTo(8);
        assertThat(m.wallNs()).isEqualTo(200);
        assertThat(m.cpuNs()).isEqualTo(20);
        assertThat(m.schedulingNs()).isEqualTo(7);
        assertThat(m.eventsPerSecond()).isEqualTo(20 * 1e9 / 200);
    }

    @Test
    void anEvenNumberOfRunsTakesTheSlowerOfTheTwoMiddleTimes() {
        ReplayResult m = ReplayResult.medianTimings(List.of(run(9, 400, 10, 1), run(9, 100, 40, 2), run(9, 300, 30,
                3), run(9, 200, 20, 4)));
        assertThat(m.wallNs()).isEqualTo(300);
        assertThat(m.cpuNs()).isEqualTo(30);
        assertThat(m.schedulingNs()).isEqualTo(3);
        assertThat(ReplayResult.medianTimings(List.of(run(9, 5, 6, 7)))).isEqualTo(run(9, 5, 6, 7));
        assertThatThrownBy(() -> ReplayResult.medianTimings(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
