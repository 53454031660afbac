package dev.caldera.k8s.replay;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Items one thread makes and others take by index, in the order made: an append-only array whose filled length
 * is published after each item, so that a reader can take item {@code i} as soon as it is made and waits only
 * when it overtakes the writer. What lets a replay start while its trace's later events are still being made on
 * the second core. The writer keeps at most about {@link #AHEAD} items ahead of the readers ({@link #get} reports
 * how far it read every 256 items), unless a reader waits for all of them ({@link #awaitAll}).
 * <p>
 * Not a ring: every item is kept (a replay's pods and events are read again by {@code --repeat} and by the
 * report), so the hand-off holds what a list of them held before, no more, unless the readers {@link #release}
 * the items they are done with (a replay run once), which are then dropped for the collector; its capacity is
 * the number of items when known, and grows (on the writer's thread) when not.
 * <p>
 * Threading: one writer ({@link #add}, {@link #finish}, {@link #fail}); any number of readers ({@link #get},
 * {@link #awaitAll}, {@link #asList}), but one alone when items are {@linkplain #release released}. An item's
 * writes happen-before its reading. Allocation: none per item but for growth.
 */
final class HandOff<T> {
    private static final int SPINS = 200;
    private static final long PARK_NS = 20_000;
    /** How long the writer naps while it is too far ahead of the readers ({@link #waitForReaders}). */
    private static final long PACE_NS = 1_000_000;
    /** How far the writer may run ahead of the readers' last reported item before it waits. */
    static final int AHEAD = 1 << 14;
    /** How often (in items) a reader reports how far it has read. */
    private static final int REPORT_MASK = 255;

    /** Items published: a reader reads this before {@link #items}, which the writer fills before publishing. */
    private final AtomicInteger published = new AtomicInteger();
    /** Volatile for growth: a reader that sees a grown array sees the items copied into it. */
    private volatile Object[] items;
    private int size;
    private volatile boolean finished;
    private volatile Throwable failure;
    /** The highest item index a reader reported reading ({@link #get}, every {@link #REPORT_MASK} + 1 items). */
    private final AtomicInteger taken = new AtomicInteger();
    /** The writer's last read of {@link #taken}. */
    private int takenSeen;
    /** Items below this index were released ({@link #release}): dropped, never read again. Readers' field. */
    private int released;
    /** Set by a reader that waits for every item ({@link #awaitAll}): the writer no longer waits for readers. */
    private volatile boolean draining;

    HandOff(int capacity) {
        items = new Object[Math.max(1, capacity)];
    }

    /** Writer: appends {@code item} and publishes it. */
    void add(T item) {
        Object[] a = items;
        if (size == a.length) {
            a = Arrays.copyOf(a, size * 2);
            items = a;
        }
        a[size++] = item;
        published.lazySet(size);
        if (size - takenSeen > AHEAD) {
            waitForReaders();
        }
    }

    /**
     * Writer: once more than {@link #AHEAD} items ahead of what readers reported reading, sleeps until it is no more
     * than half of that ahead (unless a reader waits for them all), in naps of {@link #PACE_NS}. Making items far
     * ahead of a replay gains nothing (the replay takes them as they come) and costs it the second core while that
     * core is wanted most, at the start, when the JIT compiles the replay's code: paced, the maker's work spreads
     * over the replay. Half of {@code AHEAD} is thousands of items, which a reader takes in tens of milliseconds:
     * with naps of 1 ms the writer wakes a few dozen times per stretch, where naps of 0.2 ms until the readers
     * moved at all woke it a few thousand times a second, each wake-up a system call on the second core (87 of the
     * maker's ~400 cpu samples in the long openb replay, 2026-11-29).
     */
    private void waitForReaders() {
        takenSeen = taken.get();
        while (size - takenSeen > AHEAD / 2 && !draining) {
            LockSupport.parkNanos(PACE_NS);
            takenSeen = taken.get();
        }
    }

    /** Writer: no more items. */
    void finish() {
        finished = true;
    }

    /** Writer: making the items failed; readers waiting for an item not made throw {@code cause}, as it was. */
    void fail(Throwable cause) {
        failure = cause;
    }

    /**
     * Item {@code i}, waiting until it is made; throws if the writer finished or failed before making it, and
     * IllegalStateException if it was {@linkplain #release released}.
     */
    @SuppressWarnings("unchecked")
    T get(int i) {
        if (i >= published.get()) {
            await(i);
        }
        if (i < released) {
            throw new IllegalStateException("item " + i + " was released: the items below " + released
                    + " were let go as they were read");
        }
        if ((i & REPORT_MASK) == 0) {
            taken.lazySet(i);
        }
        return (T) items[i];
    }

    /**
     * Reader (the only one): items below {@code below}, made already, will not be read again; they are dropped, so
     * that what they alone hold can be collected while the rest are read (a replay run once lets the pods that
     * left go, instead of keeping every pod of the trace to its end). Released items are not dropped from the
     * array a growth copied before the release; a hand-off sized for its items never grows.
     */
    void release(int below) {
        Object[] a = items;
        int end = Math.min(below, published.get());
        for (int k = released; k < end; k++) {
            a[k] = null;
        }
        released = Math.max(released, end);
    }

    /** Items made so far. */
    int made() {
        return published.get();
    }

    /** Waits until the writer finished; returns how many items it made. */
    int awaitAll() {
        draining = true;
        int spins = 0;
        while (!finished) {
            check();
            spins = pause(spins);
        }
        return published.get();
    }

    /** The items as a list of {@code size} (the number the writer will make), each read as {@link #get} reads it. */
    List<T> asList(int size) {
        return new AbstractList<>() {
            @Override
            public T get(int index) {
                if (index < 0 || index >= size) {
                    throw new IndexOutOfBoundsException(index);
                }
                return HandOff.this.get(index);
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    private void await(int i) {
        taken.set(i); // the writer may then run up to AHEAD items past it, whatever the readers read before
        int spins = 0;
        while (i >= published.get()) {
            if (finished && i >= published.get()) {
                throw new IndexOutOfBoundsException("item " + i + " of " + published.get() + " made");
            }
            check();
            spins = pause(spins);
        }
    }

    /** Throws what the writer failed with, as it was (a checked throwable wrapped). */
    private void check() {
        Throwable t = failure;
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    /** Spins a little (the writer is usually a few items behind at most), then sleeps briefly. */
    private static int pause(int spins) {
        if (spins < SPINS) {
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(PARK_NS);
        }
        return spins + 1;
    }
}
