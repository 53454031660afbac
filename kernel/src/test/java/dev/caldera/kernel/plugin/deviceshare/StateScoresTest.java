package dev.caldera.kernel.plugin.deviceshare;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Filter workers score concurrently, each in its own table: the shortcut to the last asking thread's table must
 * never hand one thread's table to another, and a kept score must be read back bit for bit.
 */
class StateScoresTest {
    @Test
    void eachThreadReadsItsOwnTable() throws InterruptedException {
        StateScores shared = new StateScores();
        StateScores.Table mine = shared.table();
        mine.put(StateScores.key(1, 2, 3), 0.1 + 0.2);
        AtomicReference<StateScores.Table> theirs = new AtomicReference<>();
        Thread worker = new Thread(() -> theirs.set(shared.table()));
        worker.start();
        worker.join();

        assertThat(theirs.get()).isNotSameAs(mine);
        assertThat(theirs.get().has(StateScores.key(1, 2, 3))).isFalse();
        // the worker asked last: this thread still finds its own table, with its score
        assertThat(shared.table()).isSameAs(mine);
        assertThat(Double.doubleToRawLongBits(mine.get(StateScores.key(1, 2, 3))))
                .isEqualTo(Double.doubleToRawLongBits(0.1 + 0.2));
    }

    @Test
    void aClearEmptiesTheTableAtItsNextLookUp() {
        StateScores shared = new StateScores();
        shared.table().put(StateScores.key(4, 5, 6), 2.5);
        shared.clear();
        assertThat(shared.table().has(StateScores.key(4, 5, 6))).isFalse();
    }
}
