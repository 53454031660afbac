package dev.caldera.kernel.order;

import it.unimi.dsi.fastutil.ints.IntComparator;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;

import java.util.ArrayList;

/**
 * Reusable int heaps sharing one comparator: {@link #take()} hands out an empty heap, {@link #releaseAll()}
 * takes every handed-out heap back at the end of an action. Heaps keep their capacity, so a warm pool
 * allocates nothing.
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 */
public final class HeapPool {
    private final IntComparator order;
    private final ArrayList<IntHeapPriorityQueue> all = new ArrayList<>();
    private int inUse;

    public HeapPool(IntComparator order) {
        this.order = order;
    }

    public IntHeapPriorityQueue take() {
        if (inUse == all.size()) {
            all.add(new IntHeapPriorityQueue(order));
        }
        IntHeapPriorityQueue heap = all.get(inUse++);
        heap.clear();
        return heap;
    }

    public void releaseAll() {
        inUse = 0;
    }
}
