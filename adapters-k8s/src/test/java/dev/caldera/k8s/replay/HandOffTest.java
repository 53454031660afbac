package dev.caldera.k8s.replay;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.ref.WeakReference;
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

    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void theWriterKeepsWithinAheadOfWhatTheReaderTookAndNeverBlocksAReader() throws InterruptedException {
        int n = 5 * HandOff.AHEAD;
        HandOff<Integer> h = new HandOff<>(n);
        Thread writer = writing(h, n);
        assertPausedAfterAhead(h);
        // a reader that jumps far ahead is let through (the writer runs up to it), and so is a sequential one
        assertThat(h.get(3 * HandOff.AHEAD)).isEqualTo(3 * HandOff.AHEAD);
        Thread.sleep(100);
        assertThat(h.made()).isBetween(3 * HandOff.AHEAD + 1, 4 * HandOff.AHEAD + 1);
        List<Integer> taken = new ArrayList<>(h.asList(n));
        writer.join();
        assertThat(taken).hasSize(n).startsWith(0, 1, 2).endsWith(n - 1);
    }

    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void thePausedWriterResumesOnlyOnceTheReaderTookHalfOfWhatItWasAhead() throws InterruptedException {
        int n = 3 * HandOff.AHEAD;
        HandOff<Integer> h = new HandOff<>(n);
        Thread writer = writing(h, n);
        assertPausedAfterAhead(h);
        // a quarter taken: still more than half of AHEAD ahead, the writer sleeps on
        for (int i = 0; i <= HandOff.AHEAD / 4; i++) {
            h.get(i);
        }
        assertPausedAfterAhead(h);
        // past half taken: it makes items again, up to AHEAD past what was taken
        for (int i = 0; i <= HandOff.AHEAD / 2 + 256; i++) {
            h.get(i);
        }
        Thread.sleep(100);
        assertThat(h.made()).isGreaterThan(HandOff.AHEAD + HandOff.AHEAD / 2);
        assertThat(new ArrayList<>(h.asList(n))).hasSize(n).endsWith(n - 1);
        writer.join();
    }

    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aReaderWaitingForEveryItemIsNotKeptWaitingByThePace() throws InterruptedException {
        int n = 3 * HandOff.AHEAD;
        HandOff<Integer> h = new HandOff<>(n);
        Thread writer = writing(h, n);
        assertThat(h.awaitAll()).isEqualTo(n);
        writer.join();
    }

    @Test
    void releasedItemsAreDroppedForTheCollectorAndCannotBeReadAgainWhileLaterOnesCan() {
        HandOff<Object> h = new HandOff<>(4);
        WeakReference<Object> first = addWeakly(h);
        h.add("second");
        h.add("third");
        h.release(2);

        assertThatThrownBy(() -> h.get(1)).isInstanceOf(IllegalStateException.class);
        assertThat(h.get(2)).isEqualTo("third");
        assertThat(collected(first)).as("the first item, released").isTrue();
    }

    @Test
    void releasingPastWhatIsMadeReleasesOnlyWhatIsMade() {
        HandOff<String> h = new HandOff<>(4);
        h.add("made");
        h.release(3);
        h.add("made later");

        assertThatThrownBy(() -> h.get(0)).isInstanceOf(IllegalStateException.class);
        assertThat(h.get(1)).isEqualTo("made later");
    }

    /** Adds an object only the hand-off holds; returns a weak reference to it. */
    private static WeakReference<Object> addWeakly(HandOff<Object> h) {
        Object item = new Object();
        h.add(item);
        return new WeakReference<>(item);
    }

    /** True once the collector cleared {@code ref} (a few full collections asked for). */
    static boolean collected(WeakReference<?> ref) {
        for (int i = 0; i < 20 && ref.get() != null; i++) {
            System.gc();
        }
        return ref.get() == null;
    }

    /** A daemon thread (a broken pace must fail the test, not keep the JVM) adding 0 to n - 1 to {@code h}. */
    /**
     * The writer, with no reader past its first items, stops at {@code AHEAD + 1} items and stays there: waits until
     * it got that far (a busy machine may take longer than a moment), then checks 100 ms later that it made no more.
     */
    private static void assertPausedAfterAhead(HandOff<Integer> h) throws InterruptedException {
        while (h.made() < HandOff.AHEAD + 1) {
            Thread.sleep(1);
        }
        Thread.sleep(100);
        assertThat(h.made()).isEqualTo(HandOff.AHEAD + 1);
    }

    private static Thread writing(HandOff<Integer> h, int n) {
        Thread writer = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                h.add(i);
            }
            h.finish();
        });
        writer.setDaemon(true);
        writer.start();
        return writer;
    }
}
