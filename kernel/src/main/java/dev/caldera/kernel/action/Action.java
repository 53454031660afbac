package dev.caldera.kernel.action;

import dev.caldera.kernel.session.Session;

/** One step of a scheduling cycle (enqueue, allocate, backfill, preempt, reclaim), run over the session. */
public interface Action {
    String name();

    void execute(Session session);
}
