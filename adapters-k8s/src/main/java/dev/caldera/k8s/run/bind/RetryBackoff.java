package dev.caldera.k8s.run.bind;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-pod exponential backoff after failed binds: the n-th consecutive failure holds the pod's next bind back
 * for {@code baseMs x 2^(n-1)}, at most {@code maxMs}. A success or a drop (409, 404) forgets the pod.
 * <p>
 * Threading: thread safe.
 */
public final class RetryBackoff {
    private final long baseMs;
    private final long maxMs;
    private final ConcurrentHashMap<String, long[]> failures = new ConcurrentHashMap<>();

    public RetryBackoff(long baseMs, long maxMs) {
        this.baseMs = baseMs;
        this.maxMs = maxMs;
    }

    /** Records a failure at {@code nowMs}; returns the delay before the pod may be bound again. */
    public long failed(String uid, long nowMs) {
        long[] f = failures.compute(uid, (k, v) -> v == null ? new long[] {0, 0} : v);
        synchronized (f) {
            f[0]++;
            long delay = Math.min(maxMs, baseMs << Math.min(30, f[0] - 1));
            f[1] = nowMs + delay;
            return delay;
        }
    }

    /** How long the pod must still wait at {@code nowMs} (0 when it may go). */
    public long waitMs(String uid, long nowMs) {
        long[] f = failures.get(uid);
        if (f == null) {
            return 0;
        }
        synchronized (f) {
            return Math.max(0, f[1] - nowMs);
        }
    }

    public void forget(String uid) {
        failures.remove(uid);
    }

    /** Consecutive failures of the pod so far. */
    public int failures(String uid) {
        long[] f = failures.get(uid);
        return f == null ? 0 : (int) f[0];
    }
}
