package dev.caldera.kernel.framework;

/** Orders queues: negative when {@code a} goes first, 0 when this plugin has no opinion. */
@FunctionalInterface
public interface QueueOrder {
    int compareQueues(int a, int b);
}
