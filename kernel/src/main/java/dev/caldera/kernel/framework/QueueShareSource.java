package dev.caldera.kernel.framework;

import java.util.List;

/**
 * A plugin that divides the cluster among queues (capacity, proportion) and can say, after a session, what
 * each queue deserved, held and was bounded by. Reports only: called after the session closed, it may
 * allocate.
 */
public interface QueueShareSource {
    /** The queues the plugin kept attributes for in the last session, in queue-table order (an implicit root last). */
    List<QueueShare> queueShares();
}
