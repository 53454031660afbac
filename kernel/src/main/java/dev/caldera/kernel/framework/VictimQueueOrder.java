package dev.caldera.kernel.framework;

/**
 * Orders the queues of two victims for one preemptor's queue (Volcano's VictimQueueOrderFn): negative when
 * the victims of queue {@code a} go first, 0 when this plugin has no opinion (then the reverse of QueueOrder
 * decides).
 */
@FunctionalInterface
public interface VictimQueueOrder {
    int compareVictimQueues(int a, int b, int preemptorQueue);
}
