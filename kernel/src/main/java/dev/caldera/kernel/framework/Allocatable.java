package dev.caldera.kernel.framework;

/** True when the queue may take the task's request (every plugin must agree). */
@FunctionalInterface
public interface Allocatable {
    boolean allocatable(int queue, int task);
}
