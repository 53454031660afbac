package dev.caldera.kernel.framework;

/** True when the job still needs resources (preempt and reclaim serve starving jobs). */
@FunctionalInterface
public interface JobStarving {
    boolean starving(int job);
}
