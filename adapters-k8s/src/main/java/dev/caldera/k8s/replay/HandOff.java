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
 * the second core.
 * <p>
 * Not a ring: every item is kept (a replay's pods and events are read again by {@code --repeat} and by the
 * report), so the hand-off holds what a list of them held before, no more; its capacity is the number of items
 * when known, and grows (on the writer's thread) when not.
 * <p>
 * Threading: one writer ({@link #add}, {@link #finish}, {@link #fail}); any number of readers ({@link #get},
 * {@link #awaitAll}, {@link #asList}). An item's writes happen-before its reading. Allocation: none per item
 * but for growth.
 */
final class HandOff<T> {
    private static final int SPINS = 200;
    private static final long PARK_NS = 20_000;

    /** Items published: a reader reads this before {@link #items}, which the writer fills before publishing. */
    private final AtomicInteger published = new AtomicInteger();
    /** Volatile for growth: a reader that sees a grown array sees the items copied into it. */
    private volatile Object[] items;
    private int size;
    private volatile boolean finished;
    private volatile Throwable failure;

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
    }

    /** Writer: no more items. */
    void finish() {
        finished = true;
    }

    /** Writer: making the items failed; readers waiting for an item not made throw {@code cause}, as it was. */
    void fail(Throwable cause) {
        failure = cause;
    }

    /** Item {@code i}, waiting until it is made; throws if the writer finished or failed before making it. */
    @SuppressWarnings("unchecked")
    T get(int i) {
        if (i >= published.get()) {
            await(i);
        }
        return (T) items[i];
    }

    /** Waits until the writer finished; returns how many items it made. */
    int awaitAll() {
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
