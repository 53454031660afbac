package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.SessionView;

/**
 * Tells a per-node memo whether a session open may be taken in by the nodes it lists as changed alone: true when the
 * memo's previous refresh was at the same session's previous open and this open was not whole, so every node row
 * the session does not list ({@link SessionView#changedNode}) has the spec it had then (the cache writes a node's
 * labels, taints and allocatable only in an upsert, which lists it; adding or removing a node makes the open whole).
 * <p>
 * Threading: the scheduling thread, at session open. No allocation.
 */
final class ChangedNodes {
    private SessionView last;
    private long lastId;

    /** Whether only the listed nodes changed since the last call; notes this open either way. */
    boolean onlyListed(SessionView s) {
        boolean listed = s == last && s.id() == lastId + 1 && !s.openedWhole();
        last = s;
        lastId = s.id();
        return listed;
    }
}
