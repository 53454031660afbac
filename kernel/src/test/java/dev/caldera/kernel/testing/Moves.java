package dev.caldera.kernel.testing;

import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.session.Decisions;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;

/**
 * A statement over a session a plugin test opened ({@link PluginCluster#open}): the test moves tasks as the
 * actions do, so the plugins see the same events, without naming the statement package.
 */
public final class Moves {
    /** Eviction reasons, as the preempt and reclaim actions give them. */
    public static final int PREEMPT = Decisions.PREEMPT;
    public static final int RECLAIM = Decisions.RECLAIM;

    private final Statement statement;

    public Moves(SessionView session) {
        statement = new Statement((Session) session);
    }

    /** Starts a new statement (after a commit or discard). */
    public void begin() {
        statement.begin();
    }

    /** Operations recorded since the statement began. */
    public int size() {
        return statement.size();
    }

    public void allocate(int task, int node) {
        statement.allocate(task, node);
    }

    public void pipeline(int task, int node) {
        statement.pipeline(task, node);
    }

    public void evict(int task, int reason) {
        statement.evict(task, reason);
    }

    public int commit() {
        return statement.commit();
    }

    public int discard() {
        return statement.discard();
    }

    public long mark() {
        return statement.mark();
    }

    public int rollback(long mark) {
        return statement.rollback(mark);
    }
}
