package dev.caldera.kernel.framework;

/** True when the queue may reclaim for the task from other queues (every plugin must agree). */
@FunctionalInterface
public interface Preemptive {
    boolean preemptive(int queue, int task);
}
