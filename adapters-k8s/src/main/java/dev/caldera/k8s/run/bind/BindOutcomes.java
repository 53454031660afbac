package dev.caldera.k8s.run.bind;

/**
 * What became of the binds and evictions handed to the {@link BindPipeline}; for metrics, Events and the
 * embedded run's report. Called on bind worker threads: implementations must be quick and thread safe.
 */
public interface BindOutcomes {
    /** The API server accepted the binding (HTTP 2xx). */
    default void bound(String uid, String key, String node) { }

    /** The bind failed (5xx or no answer): the task is back to Pending, retried after a backoff. */
    default void bindFailed(String uid, String key, String node, int code) { }

    /** 409 Conflict or 404 Not Found: the world changed, the bind is dropped and the informer tells the truth. */
    default void bindDropped(String uid, String key, String node, int code) { }

    /** The pod was evicted (or deleted where the Eviction API is absent). */
    default void evicted(String uid, String key, String reason) { }

    /** The eviction was refused (429: a PodDisruptionBudget) or failed; the pod stays. */
    default void evictRefused(String uid, String key, int code) { }
}
