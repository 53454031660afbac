package dev.caldera.kernel.plugin;

/** Told when the enqueue action admits a job, so the plugin can count what it reserves. */
@FunctionalInterface
public interface JobEnqueued {
    void enqueued(int job);
}
