package dev.caldera.kernel.statement;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.session.Decisions;
import dev.caldera.kernel.session.Session;

/**
 * The transaction behind gang scheduling (seed 000): operations change the session at once and are
 * recorded in an {@link UndoLog}; nothing reaches the cluster until {@link #commit()}.
 * <ul>
 *   <li>{@link #commit()} walks the log forward: Evict hands the victim to the evict sink, a Pipeline whose
 *       node needed evictions for it nominates the task to that node (kept in the cache across cycles, so the
 *       room stays reserved while the victims leave; Volcano writes {@code nominatedNodeName} only then,
 *       api/job_info.go {@code TaskSchedulingReason}), Allocate hands the task to the bind sink and marks it
 *       Binding; a hand-off that fails is undone for that task alone, the rest of the commit stands.</li>
 *   <li>{@link #discard()} walks the log backwards undoing each operation, restoring the session exactly.</li>
 *   <li>Leaving a statement open (neither) keeps its placements in the session without binding them:
 *       allocate does this for a job that is pipelined but not ready.</li>
 * </ul>
 * One statement is active at a time: {@link #begin()} starts a new one and forgets the previous log. Inside
 * it, {@link #mark()} and {@link #rollback(long)} undo the operations after a point (preempt and reclaim try
 * one node that way: Volcano's per-node statement, merged into the job's on success).
 * Every operation and undo fires the plugins' allocate/deallocate events (through the session).
 * <p>
 * Threading: NOT thread safe. Cost: O(dims + listeners) per operation, no allocation after warm-up.
 */
public final class Statement {
    private final Session session;
    private final UndoLog log = new UndoLog();
    private long start;

    public Statement(Session session) {
        this.session = session;
    }

    /** Starts a new, empty statement. */
    public void begin() {
        log.dropBefore(log.tail());
        start = log.tail();
    }

    /** Operations recorded since {@link #begin()}. */
    public int size() {
        return (int) (log.tail() - start);
    }

    public void allocate(int task, int node) {
        session.allocate(task, node);
        log.append(UndoLog.ALLOCATE, task, node, TaskStatus.PENDING, 0);
    }

    /** Pipelines {@code task} onto {@code node} where it fits only futureIdle; commit does not nominate it. */
    public void pipeline(int task, int node) {
        pipeline(task, node, false);
    }

    /**
     * Pipelines {@code task} onto {@code node}; {@code evictionOccurred} when evictions on that node made the
     * room (Volcano's {@code Pipeline(task, node, evictionOccurred)}): then commit nominates the task there.
     */
    public void pipeline(int task, int node, boolean evictionOccurred) {
        session.pipeline(task, node);
        log.append(UndoLog.PIPELINE, task, node, TaskStatus.PENDING, evictionOccurred ? 1 : 0);
    }

    /** Evicts {@code task}; {@code reason} is {@link Decisions#PREEMPT} or {@link Decisions#RECLAIM}. */
    public void evict(int task, int reason) {
        byte previous = session.status(task);
        int node = session.taskState.node[task];
        session.evict(task);
        log.append(UndoLog.EVICT, task, node, previous, reason);
    }

    public void commit() {
        for (long s = start; s < log.tail(); s++) {
            int task = log.task(s);
            switch (log.op(s)) {
                case UndoLog.EVICT -> commitEvict(task, log.previous(s), log.reason(s));
                case UndoLog.ALLOCATE -> commitAllocate(task);
                default -> commitPipeline(task, log.node(s), log.reason(s) != 0);
            }
        }
        begin();
    }

    public void discard() {
        rollback(start);
    }

    /** A point in this statement to {@link #rollback} to. */
    public long mark() {
        return log.tail();
    }

    /** Undoes, newest first, every operation recorded since {@code mark}; earlier ones stay. */
    public void rollback(long mark) {
        long from = Math.max(mark, start);
        for (long s = log.tail() - 1; s >= from; s--) {
            int task = log.task(s);
            if (log.op(s) == UndoLog.EVICT) {
                session.unevict(task, log.previous(s));
            } else {
                session.unplace(task);
            }
        }
        log.truncate(from);
    }

    /** True when an eviction was recorded since {@code mark}. */
    public boolean evictedSince(long mark) {
        for (long s = Math.max(mark, start); s < log.tail(); s++) {
            if (log.op(s) == UndoLog.EVICT) {
                return true;
            }
        }
        return false;
    }

    /** Copies this statement's operations into {@code into} (replacing what it held). */
    public void save(SavedOperations into) {
        into.clear();
        for (long s = start; s < log.tail(); s++) {
            into.add(log.op(s), log.task(s), log.node(s), log.reason(s));
        }
    }

    /** Replays saved operations into this statement, in their original order. */
    public void recover(SavedOperations from) {
        for (int i = 0; i < from.size; i++) {
            switch (from.op[i]) {
                case UndoLog.ALLOCATE -> allocate(from.task[i], from.node[i]);
                case UndoLog.PIPELINE -> pipeline(from.task[i], from.node[i], from.reason[i] != 0);
                default -> evict(from.task[i], from.reason[i]);
            }
        }
    }

    private void commitPipeline(int task, int node, boolean evictionOccurred) {
        if (evictionOccurred) {
            session.cache.nominate(task, node);
        }
    }

    private void commitAllocate(int task) {
        int node = session.taskState.node[task];
        boolean handedOff = session.sinks().binds()
                .bind(session.tasks.uid[task], session.tasks.key[task], session.nodes.name[node]);
        if (!handedOff) {
            session.unplace(task);
            return;
        }
        session.markBinding(task);
        session.decisions.bound(task, node);
    }

    private void commitEvict(int task, byte previous, int reason) {
        boolean handedOff = session.sinks().evictions()
                .evict(session.tasks.uid[task], session.tasks.key[task], Decisions.reasonText(reason));
        if (!handedOff) {
            session.unevict(task, previous);
            return;
        }
        session.cache.markReleasing(task);
        session.decisions.evicted(task, reason);
    }
}
