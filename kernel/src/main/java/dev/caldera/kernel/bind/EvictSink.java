package dev.caldera.kernel.bind;

/**
 * Receives the evictions a statement commits ({@code reason} is "preempt" or "reclaim"). Must not block;
 * returns false when the hand-off fails, and the kernel then keeps the victim running.
 */
@FunctionalInterface
public interface EvictSink {
    boolean evict(String taskUid, String taskKey, String reason);
}
