package dev.caldera.kernel.framework;

/** Votes ({@link Vote}) whether a Pending job may become Inqueue. */
@FunctionalInterface
public interface JobEnqueueable {
    int enqueueable(int job);
}
