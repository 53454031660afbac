package dev.caldera.kernel.framework;

import dev.caldera.kernel.resource.ResourceList;

/**
 * One queue as a fair-share plugin (capacity or proportion) saw it when the session closed, for reports:
 * {@code deserved}, {@code allocated} (tasks holding resources in the session, pipelined ones included) and
 * {@code capability} (the realCapability that bounds it; only the bounded resources, so an empty list means
 * unbounded), all in canonical units; {@code share} as the plugin orders queues by; {@code parent} the parent
 * queue in a hierarchy, else null. {@code reclaimTook} and {@code reclaimGave} are what reclaim evicted for
 * this queue's jobs and from its pods in the cycle (requests of the evicted pods, summed).
 */
public record QueueShare(
        String queue,
        String parent,
        ResourceList deserved,
        ResourceList allocated,
        ResourceList capability,
        double share,
        ResourceList reclaimTook,
        ResourceList reclaimGave) {

    /** This report with the cycle's reclaim amounts. */
    public QueueShare withReclaim(ResourceList took, ResourceList gave) {
        return new QueueShare(queue, parent, deserved, allocated, capability, share, took, gave);
    }
}
