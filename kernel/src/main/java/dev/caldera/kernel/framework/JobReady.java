package dev.caldera.kernel.framework;

/** True when the job has what it needs to run (every plugin must agree). */
@FunctionalInterface
public interface JobReady {
    boolean ready(int job);
}
