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
 * Each place that acts on a recorded operation (commit, rollback, recover) is a switch expression over
 * {@link UndoOp} without a default branch: a new kind of operation does not compile until all three handle it.
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
        log.append(UndoOp.ALLOCATE, task, node, TaskStatus.PENDING, 0);
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
        log.append(UndoOp.PIPELINE, task, node, TaskStatus.PENDING, evictionOccurred ? 1 : 0);
    }

    /** Evicts {@code task}; {@code reason} is {@link Decisions#PREEMPT} or {@link Decisions#RECLAIM}. */
    public void evict(int task, int reason) {
        byte previous = session.status(task);
        int node = session.taskState().node(task);
        session.evict(task);
        log.append(UndoOp.EVICT, task, node, previous, reason);
    }

    /**
     * Hands every recorded operation to the cluster, oldest first, and starts a new statement. Returns how many
     * hand-offs a sink refused (each of those operations was undone alone).
     */
    public int commit() {
        int refused = 0;
        for (long s = start; s < log.tail(); s++) {
            int task = log.task(s);
            boolean handedOff = switch (log.op(s)) {
                case EVICT -> commitEvict(task, log.previous(s), log.reason(s));
                case ALLOCATE -> commitAllocate(task);
                case PIPELINE -> commitPipeline(task, log.node(s), log.reason(s) != 0);
            };
            refused += handedOff ? 0 : 1;
        }
        begin();
        return refused;
    }

    /** Undoes every operation of this statement, newest first; returns how many. */
    public int discard() {
        return rollback(start);
    }

    /** A point in this statement to {@link #rollback} to. */
    public long mark() {
        return log.tail();
    }

    /** Undoes, newest first, every operation recorded since {@code mark}; earlier ones stay. Returns how many. */
    public int rollback(long mark) {
        long from = Math.max(mark, start);
        int undone = 0;
        for (long s = log.tail() - 1; s >= from; s--) {
            int task = log.task(s);
            undone += switch (log.op(s)) {
                case EVICT -> {
                    session.unevict(task, log.previous(s));
                    yield 1;
                }
                case ALLOCATE, PIPELINE -> {
                    session.unplace(task);
                    yield 1;
                }
            };
        }
        log.truncate(from);
        return undone;
    }

    /** True when this statement holds an eviction (Volcano's {@code Statement.HasEvictions}). */
    public boolean hasEvictions() {
        return evictedSince(start);
    }

    /** True when an eviction was recorded since {@code mark}. */
    public boolean evictedSince(long mark) {
        for (long s = Math.max(mark, start); s < log.tail(); s++) {
            if (log.op(s) == UndoOp.EVICT) {
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

    /** Replays saved operations into this statement, in their original order; returns how many. */
    public int recover(SavedOperations from) {
        int replayed = 0;
        for (int i = 0; i < from.size; i++) {
            replayed += switch (from.op[i]) {
                case ALLOCATE -> {
                    allocate(from.task[i], from.node[i]);
                    yield 1;
                }
                case PIPELINE -> {
                    pipeline(from.task[i], from.node[i], from.reason[i] != 0);
                    yield 1;
                }
                case EVICT -> {
                    evict(from.task[i], from.reason[i]);
                    yield 1;
                }
            };
        }
        return replayed;
    }

    /** A pipeline stays in the session; it nominates the task when evictions made its room. Always stands. */
    private boolean commitPipeline(int task, int node, boolean evictionOccurred) {
        if (evictionOccurred) {
            session.cache().nominate(task, node);
        }
        return true;
    }

    private boolean commitAllocate(int task) {
        int node = session.taskState().node(task);
        boolean handedOff = session.sinks().binds()
                .bind(session.taskTable().uid(task), session.taskTable().key(task), session.nodeTable().name(node));
        if (!handedOff) {
            session.unplace(task);
            return false;
        }
        session.markBinding(task);
        session.decisions().bound(task, node);
        return true;
    }

    private boolean commitEvict(int task, byte previous, int reason) {
        boolean handedOff = session.sinks().evictions()
                .evict(session.taskTable().uid(task), session.taskTable().key(task), Decisions.reasonText(reason));
        if (!handedOff) {
            session.unevict(task, previous);
            return false;
        }
        session.cache().markReleasing(task);
        session.decisions().evicted(task, reason);
        return true;
    }
}
