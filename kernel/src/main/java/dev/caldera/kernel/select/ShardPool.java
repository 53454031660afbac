package dev.caldera.kernel.select;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one job over {@code shards} slices on the calling thread plus {@code shards - 1} daemon workers,
 * and returns when all slices are done. Dispatch and completion use a volatile generation counter and
 * an atomic countdown: no locks and no allocation per run. Workers spin briefly, then park.
 * <p>
 * Threading: {@link #run} must be called from one thread at a time (the scheduling thread).
 */
public final class ShardPool implements AutoCloseable {
    /** A slice of work; {@code shard} in {@code [0, shards)}. Must not throw. */
    @FunctionalInterface
    public interface Job {
        void run(int shard, int shards);
    }

    private static final int SPINS = 20_000;

    private final Thread[] workers;
    private final AtomicInteger remaining = new AtomicInteger();
    private volatile long generation;
    private volatile boolean closed;
    private volatile Job job;
    private volatile Thread caller;

    public ShardPool(int shards) {
        if (shards < 1) {
            throw new IllegalArgumentException("shards must be at least 1, got " + shards);
        }
        workers = new Thread[shards - 1];
        for (int i = 0; i < workers.length; i++) {
            int shard = i + 1;
            workers[i] = new Thread(() -> loop(shard), "caldera-filter-" + shard);
            workers[i].setDaemon(true);
            workers[i].start();
        }
    }

    public int shards() {
        return workers.length + 1;
    }

    /** Runs {@code work} over every shard; returns when all are done. */
    public void run(Job work) {
        int shards = shards();
        if (shards == 1) {
            work.run(0, 1);
            return;
        }
        job = work;
        caller = Thread.currentThread();
        remaining.set(shards - 1);
        generation++;
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
        work.run(0, shards);
        int spins = 0;
        while (remaining.get() != 0) {
            if (++spins > SPINS) {
                LockSupport.parkNanos(this, 1_000);
            } else {
                Thread.onSpinWait();
            }
        }
        job = null;
    }

    private void loop(int shard) {
        long seen = 0;
        while (!closed) {
            long g = generation;
            if (g == seen) {
                idle(seen);
                continue;
            }
            seen = g;
            job.run(shard, shards());
            if (remaining.decrementAndGet() == 0) {
                LockSupport.unpark(caller);
            }
        }
    }

    private void idle(long seen) {
        for (int i = 0; i < SPINS && generation == seen && !closed; i++) {
            Thread.onSpinWait();
        }
        if (generation == seen && !closed) {
            LockSupport.park(this);
        }
    }

    @Override
    public void close() {
        closed = true;
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
    }
}
