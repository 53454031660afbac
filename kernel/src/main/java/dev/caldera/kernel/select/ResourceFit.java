package dev.caldera.kernel.select;

import dev.caldera.kernel.cluster.Nominations;
import dev.caldera.kernel.cluster.NodeUsage;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.session.Session;

/**
 * Exact integer resource checks of a task against a node's idle and future-idle resources. Room held for
 * pods nominated to the node (pending preemptors, as kube-scheduler's PodNominator keeps them) whose priority is
 * at least the task's counts as taken, so a lower-priority task cannot take what a preemptor waits for; a
 * task's own nomination never blocks it, and a pod this session will not schedule (its PodGroup missing or
 * not valid) holds no room. Cost: O(dims) per node, O(dims x nominated pods) on nodes with nominations; no allocation.
 */
public final class ResourceFit {
    private ResourceFit() {
    }

    /** A bit per dimension short in futureIdle (dims past 63 share bit 63); 0 when the task fits. */
    public static long shortOfFutureIdle(Session s, int task, long[] request, int node) {
        NodeUsage u = s.usage();
        boolean reserved = s.cache().nominations().any(node);
        long mask = 0;
        for (int d = 0; d < request.length; d++) {
            long r = request[d];
            if (r == 0) {
                continue;
            }
            long room = u.idle(d, node) + u.releasing(d, node) - u.pipelined(d, node);
            if (reserved) {
                room -= reservedFor(s, task, node, d);
            }
            if (r > room) {
                mask |= 1L << Math.min(d, 63);
            }
        }
        return mask;
    }

    /** True when every requested dimension fits the node's idle resources (less reservations). */
    public static boolean fitsIdle(Session s, int task, long[] request, int node) {
        NodeUsage u = s.usage();
        boolean reserved = s.cache().nominations().any(node);
        for (int d = 0; d < request.length; d++) {
            long r = request[d];
            if (r != 0 && r > u.idle(d, node) - (reserved ? reservedFor(s, task, node, d) : 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Both checks in one pass: 0 when the task is short in futureIdle, 1 when it fits futureIdle only, 2 when it
     * fits idle ({@link #shortOfFutureIdle} then {@link #fitsIdle}, as the incremental selector's views keep them).
     */
    static int level(Session s, int task, long[] request, int node) {
        if (s.cache().nominations().any(node)) {
            return shortOfFutureIdle(s, task, request, node) != 0 ? 0 : fitsIdle(s, task, request, node) ? 2 : 1;
        }
        return s.usage().fitLevel(request, node);
    }

    /** Dimension {@code d} held on {@code node} for other pending pods nominated there with priority >= the task's. */
    static long reservedFor(Session s, int task, int node, int d) {
        Nominations n = s.cache().nominations();
        int priority = s.taskTable().priority(task);
        long sum = 0;
        for (int t = n.first(node); t >= 0; t = n.next(t)) {
            if (t != task && s.taskState().status(t) == TaskStatus.PENDING && s.taskTable().priority(t) >= priority
                    && s.validAtOpen(s.jobOf(t))) {
                long[] req = s.request(t);
                sum += d < req.length ? req[d] : 0;
            }
        }
        return sum;
    }
}
