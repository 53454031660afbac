package dev.caldera.k8s.replay;

/**
 * Work over the indices {@code 0} to {@code n}, in two halves at once: the upper half on a {@link SecondThread},
 * the lower on the caller's. Each index must be independent of the others (its own slot of an output array). If
 * both halves throw, the lower half's exception is thrown: the one a single thread going up from 0 would have met
 * first, provided each half stops at its first.
 * <p>
 * Threading: called by one thread; returns when both halves are done, their writes visible to the caller.
 */
final class TwoHalves {
    /** Work on the indices {@code from} (inclusive) to {@code to} (exclusive). */
    interface Range {
        void run(int from, int to);
    }

    private TwoHalves() {
    }

    /** Runs {@code work} over {@code 0..n}: on the caller's thread alone when {@code n < parallelFrom}. */
    static void run(int n, int parallelFrom, String name, Range work) {
        if (n < parallelFrom) {
            work.run(0, n);
            return;
        }
        int half = n / 2;
        SecondThread<Void> upper = SecondThread.start(name, () -> {
            work.run(half, n);
            return null;
        });
        try {
            work.run(0, half);
        } catch (RuntimeException first) {
            try {
                upper.join();
            } catch (RuntimeException later) {
                first.addSuppressed(later);
            }
            throw first;
        }
        upper.join();
    }
}
