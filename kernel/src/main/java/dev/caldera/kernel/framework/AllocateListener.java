package dev.caldera.kernel.framework;

/**
 * Told of every statement operation and undo, so plugins keep running totals (queue and job shares)
 * exact inside a session: Allocate, Pipeline and un-Evict call {@link #allocated}; Evict, un-Allocate
 * and un-Pipeline call {@link #deallocated}. O(dims), no allocation expected.
 */
public interface AllocateListener {
    void allocated(int task);

    void deallocated(int task);
}
