package dev.caldera.kernel.bind;

/**
 * Receives the binds a statement commits. The adapter implements it (bind workers calling the API
 * server); it must not block the scheduling thread. Returns false when the hand-off itself fails (e.g.
 * the bind queue is closed); the kernel then unallocates that task alone. A bind that fails later is
 * reported back through {@code ClusterCache.bindFailed}.
 */
@FunctionalInterface
public interface BindSink {
    boolean bind(String taskUid, String taskKey, String nodeName);
}
