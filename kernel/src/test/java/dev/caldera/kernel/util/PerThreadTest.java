package dev.caldera.kernel.util;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class PerThreadTest {
    @Test
    void aThreadGetsItsOwnValueEveryTimeAndNoOtherThreadsValue() throws Exception {
        AtomicInteger made = new AtomicInteger();
        PerThread<int[]> values = new PerThread<>(() -> new int[] {made.incrementAndGet()});
        int[] mine = values.get();
        assertThat(values.get()).isSameAs(mine);

        // Two threads take turns, each asking right after the other asked (the remembered slot is the other's).
        int threads = 2;
        int rounds = 200;
        CyclicBarrier turn = new CyclicBarrier(threads);
        List<List<int[]>> seen = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            List<int[]> got = new ArrayList<>();
            seen.add(got);
            int id = t;
            workers.add(new Thread(() -> {
                try {
                    for (int r = 0; r < rounds; r++) {
                        for (int who = 0; who < threads; who++) {
                            if (who == id) {
                                got.add(values.get());
                            }
                            turn.await();
                        }
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        workers.forEach(Thread::start);
        for (Thread w : workers) {
            w.join();
        }
        for (List<int[]> got : seen) {
            assertThat(got).hasSize(rounds).allSatisfy(v -> assertThat(v).isSameAs(got.get(0)));
        }
        assertThat(seen.get(0).get(0)).isNotSameAs(seen.get(1).get(0)).isNotSameAs(mine);
        assertThat(made).hasValue(3);
        assertThat(values.get()).isSameAs(mine);
    }
}
