package dev.caldera.kernel.select;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one job over {@code shards} slices on the calling thread plus {@code shards - 1} daemon workers,
 * and returns when all slices are done. Slices are claimed, not assigned: the caller and the workers take
 * the next unclaimed slice from one atomic counter, so a worker that is slow to wake up (a parked thread
 * on a busy or virtualised machine can take a millisecond) costs nothing: the caller runs its slices
 * instead of waiting for it. Dispatch and completion use that counter (generation in the high bits, next
 * slice in the low bits) and an atomic countdown: no locks and no allocation per run. Workers spin
 * briefly, then park.
 * <p>
 * Threading: {@link #run} must be called from one thread at a time (the scheduling thread). A job may run
 * any slice on any of the threads; each slice runs exactly once per {@link #run}.
 */
public final class ShardPool implements AutoCloseable {
    /** A slice of work; {@code shard} in {@code [0, shards)}. Must not throw. */
    @FunctionalInterface
    public interface Job {
        void run(int shard, int shards);
    }

    private static final int SPINS = 20_000;
    private static final int SHARD_BITS = 16;
    private static final long SHARD_MASK = (1L << SHARD_BITS) - 1;

    private final Thread[] workers;
    private final int shards;
    /** {@code generation << SHARD_BITS | next unclaimed slice}; a new generation publishes a new job. */
    private final AtomicLong claims = new AtomicLong();
    private final AtomicInteger remaining = new AtomicInteger();
    private volatile boolean closed;
    private volatile Job job;
    private volatile Thread caller;

    public ShardPool(int shards) {
        if (shards < 1 || shards > SHARD_MASK) {
            throw new IllegalArgumentException("shards must be within [1, " + SHARD_MASK + "], got " + shards);
        }
        this.shards = shards;
        workers = new Thread[shards - 1];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Thread(this::loop, "caldera-filter-" + (i + 1));
            workers[i].setDaemon(true);
            workers[i].start();
        }
    }

    public int shards() {
        return shards;
    }

    /** Runs {@code work} over every shard; returns when all are done. */
    public void run(Job work) {
        if (shards == 1) {
            work.run(0, 1);
            return;
        }
        job = work;
        caller = Thread.currentThread();
        remaining.set(shards);
        long generation = (claims.get() >>> SHARD_BITS) + 1;
        claims.set(generation << SHARD_BITS);
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
        runClaimed(generation);
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

    /** Claims and runs slices of {@code generation} until none is left unclaimed. */
    private void runClaimed(long generation) {
        while (true) {
            long c = claims.get();
            int shard = (int) (c & SHARD_MASK);
            if (c >>> SHARD_BITS != generation || shard >= shards) {
                return;
            }
            if (claims.compareAndSet(c, c + 1)) {
                // the job of a generation stays in place until its last claimed slice is done
                job.run(shard, shards);
                if (remaining.decrementAndGet() == 0) {
                    LockSupport.unpark(caller);
                }
            }
        }
    }

    private void loop() {
        long seen = 0;
        while (!closed) {
            long generation = claims.get() >>> SHARD_BITS;
            if (generation == seen) {
                idle(seen);
                continue;
            }
            seen = generation;
            runClaimed(generation);
        }
    }

    private void idle(long seen) {
        for (int i = 0; i < SPINS && claims.get() >>> SHARD_BITS == seen && !closed; i++) {
            Thread.onSpinWait();
        }
        if (claims.get() >>> SHARD_BITS == seen && !closed) {
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
