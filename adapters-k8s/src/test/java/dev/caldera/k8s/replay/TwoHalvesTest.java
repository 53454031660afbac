package dev.caldera.k8s.replay;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Two halves at once: every index done once, and of two failures the lower half's, as one thread would meet it. */
class TwoHalvesTest {
    @Test
    void everyIndexIsDoneOnceOnTwoThreadsAboveTheThreshold() {
        int[] done = new int[1001];
        String[] thread = new String[done.length];
        TwoHalves.run(done.length, 100, "test-half", (from, to) -> {
            for (int i = from; i < to; i++) {
                done[i]++;
                thread[i] = Thread.currentThread().getName();
            }
        });

        assertThat(done).containsOnly(1);
        assertThat(thread[0]).isEqualTo(Thread.currentThread().getName());
        assertThat(thread[done.length - 1]).isEqualTo("test-half");
        assertThat(Arrays.stream(thread).distinct()).hasSize(2);
    }

    @Test
    void belowTheThresholdTheCallerDoesItAll() {
        String[] thread = new String[50];
        TwoHalves.run(thread.length, 100, "test-half", (from, to) -> {
            for (int i = from; i < to; i++) {
                thread[i] = Thread.currentThread().getName();
            }
        });
        assertThat(thread).containsOnly(Thread.currentThread().getName());
    }

    @Test
    void whenBothHalvesFailTheLowerHalfsErrorIsThrownAndAnUpperOneAlone() {
        assertThatThrownBy(() -> TwoHalves.run(10, 2, "test-half", (from, to) -> {
            throw new IllegalStateException("from " + from);
        })).isInstanceOf(IllegalStateException.class).hasMessage("from 0");
        assertThatThrownBy(() -> TwoHalves.run(10, 2, "test-half", (from, to) -> {
            if (from > 0) {
                throw new IllegalArgumentException("from " + from);
            }
        })).isInstanceOf(IllegalArgumentException.class).hasMessage("from 5");
    }
}
