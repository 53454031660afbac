package dev.caldera.kernel.plugin;

/** Orders queues: negative when {@code a} goes first, 0 when this plugin has no opinion. */
@FunctionalInterface
public interface QueueOrder {
    int compareQueues(int a, int b);
}
