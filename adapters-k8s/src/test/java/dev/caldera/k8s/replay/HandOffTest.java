package dev.caldera.k8s.replay;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Items taken by index as another thread makes them: every one, in order, waiting only for those not made. */
class HandOffTest {
    @Test
    void aReaderTakesEveryItemInOrderWhileTheWriterMakesThem() throws InterruptedException {
        int n = 100_000;
        HandOff<Integer> h = new HandOff<>(16);
        Thread writer = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                h.add(i);
            }
            h.finish();
        });
        writer.start();
        List<Integer> taken = new ArrayList<>();
        for (Integer item : h.asList(n)) {
            taken.add(item);
        }
        writer.join();
        assertThat(taken).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertThat(taken.get(i)).isEqualTo(i);
        }
        assertThat(h.awaitAll()).isEqualTo(n);
    }

    @Test
    void aReaderWaitsForAnItemNotMadeYet() throws InterruptedException {
        HandOff<String> h = new HandOff<>(2);
        CountDownLatch asked = new CountDownLatch(1);
        Thread writer = new Thread(() -> {
            h.add("first");
            try {
                asked.await();
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            h.add("second");
            h.finish();
        });
        writer.start();
        assertThat(h.get(0)).isEqualTo("first");
        asked.countDown();
        assertThat(h.get(1)).isEqualTo("second");
        writer.join();
    }

    @Test
    void aFailureOfTheWriterReachesAWaitingReader() {
        HandOff<String> h = new HandOff<>(4);
        h.add("made");
        IllegalArgumentException cause = new IllegalArgumentException("broken");
        new Thread(() -> h.fail(cause)).start();

        assertThat(h.get(0)).isEqualTo("made");
        assertThatThrownBy(() -> h.get(1)).isSameAs(cause);
        assertThatThrownBy(h::awaitAll).isSameAs(cause);
    }

    @Test
    void anItemTheFinishedWriterNeverMadeIsOutOfBounds() {
        HandOff<String> h = new HandOff<>(4);
        h.add("only");
        h.finish();

        assertThat(h.asList(1)).containsExactly("only");
        assertThatThrownBy(() -> h.get(1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> h.asList(1).get(1)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
