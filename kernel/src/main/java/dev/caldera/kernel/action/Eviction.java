package dev.caldera.kernel.action;

import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.select.ResourceFit;
import dev.caldera.kernel.session.Decisions;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;

/**
 * Makes room for one preemptor on one node, the part preempt and reclaim share (Volcano's
 * {@code normalPreempt} in actions/preempt/preempt.go and {@code reclaimForTask} in actions/reclaim/reclaim.go):
 * <ol>
 *   <li>the node's tasks that the action's {@link Candidates} filter offers go, in {@link VictimOrder}, to the
 *       plugins' Preemptable (Reclaimable), which pick the victims (Volcano offers them in its node's map
 *       order, which is random; plugins such as gang and proportion take the first ones they may);</li>
 *   <li>{@code ValidateVictims}: the node's futureIdle plus every victim's request must cover the preemptor's
 *       request, else the node is skipped; an empty victim list passes when futureIdle alone covers it;</li>
 *   <li>a per-node statement (a {@link Statement#mark()} inside the job's statement) evicts the victims in
 *       {@link VictimOrder} until the preemptor {@linkplain Fit fits};</li>
 *   <li>if it fits, the preemptor is pipelined there, nominated on commit when evictions made the room, and the
 *       node's operations stay in the job's statement; if not, the node's evictions are rolled back.</li>
 * </ol>
 * Threading: scheduling thread. Allocation: candidate and victim lists are reused; none per node.
 */
final class Eviction {
    /** Which tasks on the node an action offers to the plugins as possible victims of {@code preemptor}. */
    @FunctionalInterface
    interface Candidates {
        boolean offer(int preemptor, int task);
    }

    /** When the preemptor counts as fitting the node while victims are evicted one by one. */
    enum Fit {
        /**
         * Preempt's {@code preemptorFitsOnNode}: its queue is Allocatable for it, its request fits the node's
         * futureIdle, and every predicate passes (evictions may free host ports).
         */
        PREEMPT,
        /** Reclaim: its request fits the node's futureIdle. */
        RECLAIM
    }

    private final Statement statement;
    private final Fit fit;
    private final NodeTasks nodeTasks = new NodeTasks();
    private final IntArrayList candidates = new IntArrayList();
    private final IntArrayList victims = new IntArrayList();
    private Session session;
    private VictimOrder victimOrder;

    Eviction(Statement statement, Fit fit) {
        this.statement = statement;
        this.fit = fit;
    }

    /** Indexes tasks by node for this action's run (O(tasks)). */
    void open(Session s) {
        if (session != s) {
            session = s;
            victimOrder = new VictimOrder(s);
        }
        nodeTasks.index(s);
    }

    /** Tries {@code nodes[0..count)} in order; true when the preemptor was pipelined onto one of them. */
    boolean preemptOn(int preemptor, int[] nodes, int count, Candidates filter) {
        for (int i = 0; i < count; i++) {
            if (tryNode(preemptor, nodes[i], filter)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The possible victims on {@code node} for {@code preemptor} (the filter's, in the node's task order), into
     * the returned list; valid until the next call.
     */
    IntArrayList candidatesOn(int preemptor, int node, Candidates filter) {
        candidates.clear();
        for (int k = nodeTasks.from(node); k < nodeTasks.to(node); k++) {
            int t = nodeTasks.task(k);
            if (filter.offer(preemptor, t)) {
                candidates.add(t);
            }
        }
        return candidates;
    }

    /**
     * The victims the plugins pick on {@code node} among what {@code filter} offers, in {@link VictimOrder}, or
     * null when there is nothing to offer (reclaim) or they would not make room ({@code ValidateVictims}). The
     * list is reused by the next call.
     */
    IntArrayList victimsOn(int preemptor, int node, Candidates filter) {
        Session s = session;
        IntArrayList offered = candidatesOn(preemptor, node, filter);
        if (fit == Fit.RECLAIM && offered.isEmpty()) {
            return null;
        }
        // plugins pick victims walking the candidates (proportion stops at deserved): offer them in victim order,
        // not in cache row order, so that decisions do not depend on the order the adapter fed the cache
        IntArrays.quickSort(offered.elements(), 0, offered.size(), victimOrder.of(preemptor));
        if (fit == Fit.RECLAIM) {
            s.plugins().reclaimable(preemptor, offered, victims);
        } else {
            s.plugins().preemptable(preemptor, offered, victims);
        }
        if (!victimsCoverRequest(preemptor, node)) {
            return null;
        }
        IntArrays.quickSort(victims.elements(), 0, victims.size(), victimOrder.of(preemptor));
        return victims;
    }

    private boolean tryNode(int preemptor, int node, Candidates filter) {
        if (victimsOn(preemptor, node, filter) == null) {
            return false;
        }
        long mark = statement.mark();
        int reason = fit == Fit.RECLAIM ? Decisions.RECLAIM : Decisions.PREEMPT;
        boolean fits = fits(preemptor, node);
        for (int i = 0; i < victims.size() && !fits; i++) {
            statement.evict(victims.getInt(i), reason);
            fits = fits(preemptor, node);
        }
        if (fit == Fit.PREEMPT) {
            session.decisions().preemptionAttempted();
        }
        if (!fits) {
            statement.rollback(mark);
            return false;
        }
        statement.pipeline(preemptor, node, statement.evictedSince(mark));
        return true;
    }

    private boolean fits(int preemptor, int node) {
        Session s = session;
        if (ResourceFit.shortOfFutureIdle(s, preemptor, s.request(preemptor), node) != 0) {
            return false;
        }
        return fit == Fit.RECLAIM
                || s.plugins().allocatable(s.queueOf(preemptor), preemptor)
                && s.plugins().predicate(preemptor, node) == FitReason.OK;
    }

    /** Volcano's {@code ValidateVictims}: futureIdle plus everything the victims hold covers the request. */
    private boolean victimsCoverRequest(int preemptor, int node) {
        Session s = session;
        long[] request = s.request(preemptor);
        for (int d = 0; d < request.length; d++) {
            if (request[d] == 0) {
                continue;
            }
            long room = s.usage().futureIdle(d, node);
            for (int i = 0; i < victims.size(); i++) {
                long[] v = s.request(victims.getInt(i));
                room += d < v.length ? v[d] : 0;
            }
            if (room < request[d]) {
                return false;
            }
        }
        return true;
    }
}
