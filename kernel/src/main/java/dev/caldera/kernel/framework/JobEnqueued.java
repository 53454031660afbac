package dev.caldera.kernel.framework;

/** Told when the enqueue action admits a job, so the plugin can count what it reserves. */
@FunctionalInterface
public interface JobEnqueued {
    void enqueued(int job);
}
