package dev.caldera.kernel.framework;

/** Rejects jobs that cannot be scheduled at all in this session (e.g. too few valid tasks for the gang). */
@FunctionalInterface
public interface JobValid {
    /** Null when valid, else why not. */
    JobValidation validate(int job);
}
