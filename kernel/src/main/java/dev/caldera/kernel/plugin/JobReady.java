package dev.caldera.kernel.plugin;

/** True when the job has what it needs to run (every plugin must agree). */
@FunctionalInterface
public interface JobReady {
    boolean ready(int job);
}
