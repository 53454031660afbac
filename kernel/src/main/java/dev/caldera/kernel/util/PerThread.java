package dev.caldera.kernel.util;

import java.util.function.Supplier;

/**
 * One value per thread, like a {@link ThreadLocal}, that remembers the thread which asked last: a thread that asks
 * again finds its value without the {@code ThreadLocal}'s look-up, which is a native call under C1
 * ({@code Reference.refersTo}, what bin/caldera runs) on every call. For scratch space a hot loop asks for at every
 * score, where one thread (the replay's, a single filter worker) asks almost always.
 * <p>
 * Threading: any thread. The remembered slot is a plain field written by whichever thread asked last (a reference
 * is written whole); a thread that reads another's slot sees that its {@code owner}, a final field, is not itself
 * and takes its own from the {@code ThreadLocal}. Allocation: one slot and one value per thread, at its first
 * {@link #get}.
 *
 * @param <T> the value
 */
public final class PerThread<T> {
    private final ThreadLocal<Slot<T>> slots;
    private Slot<T> last;

    /** Values made by {@code make} on each thread's first {@link #get}. */
    public PerThread(Supplier<T> make) {
        slots = ThreadLocal.withInitial(() -> new Slot<>(Thread.currentThread(), make.get()));
    }

    /** The calling thread's value. */
    public T get() {
        Slot<T> s = last;
        if (s == null || s.owner != Thread.currentThread()) {
            s = slots.get();
            last = s;
        }
        return s.value;
    }

    private record Slot<T>(Thread owner, T value) {
    }
}
