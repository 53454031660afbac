package dev.caldera.kernel.framework;

/** True when the queue has taken more than it should; allocate skips it (any plugin may say so). */
@FunctionalInterface
public interface Overused {
    boolean overused(int queue);
}
