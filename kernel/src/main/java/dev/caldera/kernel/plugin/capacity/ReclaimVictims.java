package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.framework.SessionView;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Current Volcano's capacity ReclaimableFn: walks the candidates in victim order with a running copy of each
 * queue's allocated (so several victims of one queue are judged together) and takes a candidate when
 * <ol>
 *   <li>it asks for some resource the reclaimer asks for (pods aside);</li>
 *   <li>its queue keeps its guarantee once the candidate leaves;</li>
 *   <li>its queue holds more than it deserves on a resource the candidate holds, or the candidate holds
 *       nothing the queue deserves (an "immediate victim"); with a hierarchy and {@code ancestorReclaimLevel}
 *       N above 0, an immediate victim is spared when the two queues share a non-root ancestor within N levels
 *       and the reclaimer's queue deserves nothing the reclaimer asks for (no real contention);</li>
 *   <li>with a hierarchy and N above 0, at each level 1..N where the candidate's ancestor is not the root and
 *       differs from the reclaimer's, that ancestor is also above its deserved on a resource the candidate
 *       holds (or deserves nothing the candidate holds).</li>
 * </ol>
 * A taken candidate's request leaves its queue's copy and the copies of the ancestors checked for it. So a
 * queue is reclaimed down to its deserved, never further, and never below its guarantee.
 * <p>
 * Threading: scheduling thread. Scratch copies are stamped per call, no allocation after warm-up. Cost
 * O(candidates x (dims + N x dims)) plus the victim-order sort.
 */
final class ReclaimVictims {
    private final VictimSequence sequence = new VictimSequence();
    private final IntArrayList checked = new IntArrayList();
    private long[] running = new long[0];
    private int[] stamp = new int[0];
    private int call;

    void choose(SessionView s, QueueAttrs a, QueueTree tree, int level, int reclaimer, IntArrayList candidates,
                IntArrayList victims, int[] dims) {
        begin(a);
        int rq = s.queueOf(reclaimer);
        Request want = s.requestOf(reclaimer);
        IntArrayList ordered = sequence.of(s, reclaimer, candidates);
        for (int i = 0; i < ordered.size(); i++) {
            int v = ordered.getInt(i);
            if (taken(s, a, tree, level, rq, want, v, dims)) {
                victims.add(v);
            }
        }
    }

    private boolean taken(SessionView s, QueueAttrs a, QueueTree tree, int level, int rq, Request want, int v,
                          int[] dims) {
        int q = s.queueOf(v);
        Request req = s.requestOf(v);
        if (!a.present[q] || !Limits.requestsIntersect(req, want, dims)) {
            return false;
        }
        int b = copyOf(a, q);
        int qb = a.base(q);
        if (!Limits.guaranteeKept(a.guarantee, a.guaranteeHas, qb, running, b, req, dims)) {
            return false;
        }
        if (!leafEligible(a, tree, level, rq, q, want, req, dims)) {
            return false;
        }
        if (!ancestorsEligible(a, tree, level, rq, q, req, dims)) {
            return false;
        }
        take(b, req, dims);
        for (int i = 0; i < checked.size(); i++) {
            take(a.base(checked.getInt(i)), req, dims);
        }
        return true;
    }

    private boolean leafEligible(QueueAttrs a, QueueTree tree, int level, int rq, int q, Request want, Request req,
                                 int[] dims) {
        int qb = a.base(q);
        if (!Limits.intersects(req, a.deserved, qb, dims)) {
            boolean gated = tree != null && level > 0 && sharesAncestor(tree, rq, q, level)
                    && !Limits.intersects(want, a.deserved, a.base(rq), dims);
            return !gated;
        }
        return Limits.exceedsOnRelevant(running, qb, a.deserved, a.deservedHas, qb, req, dims);
    }

    private boolean ancestorsEligible(QueueAttrs a, QueueTree tree, int level, int rq, int q, Request req,
                                      int[] dims) {
        checked.clear();
        if (tree == null) {
            return true;
        }
        for (int l = 1; l <= level; l++) {
            int anc = tree.ancestorAbove(q, l);
            if (anc < 0 || anc == tree.root || tree.ancestorAbove(rq, l) == anc) {
                continue;
            }
            int ab = copyOf(a, anc);
            checked.add(anc);
            if (Limits.intersects(req, a.deserved, ab, dims)
                    && !Limits.exceedsOnRelevant(running, ab, a.deserved, a.deservedHas, ab, req, dims)) {
                return false;
            }
        }
        return true;
    }

    /** Volcano's sharesAnyNonRootAncestorWithinLevel over the ancestors 1..level above each queue. */
    private static boolean sharesAncestor(QueueTree tree, int x, int y, int level) {
        for (int i = 1; i <= level; i++) {
            int ax = tree.ancestorAbove(x, i);
            if (ax < 0 || ax == tree.root) {
                continue;
            }
            for (int j = 1; j <= level; j++) {
                if (tree.ancestorAbove(y, j) == ax) {
                    return true;
                }
            }
        }
        return false;
    }

    private void take(int b, Request req, int[] dims) {
        for (int d : dims) {
            running[b + d] -= Limits.at(req, d);
        }
    }

    private void begin(QueueAttrs a) {
        if (stamp.length < a.present.length || running.length != a.allocated.length) {
            stamp = new int[a.present.length];
            running = new long[a.allocated.length];
            call = 0;
        }
        call++;
    }

    /** The base of queue {@code q}'s running copy of allocated, made on first use in this call. */
    private int copyOf(QueueAttrs a, int q) {
        int b = a.base(q);
        if (stamp[q] != call) {
            stamp[q] = call;
            System.arraycopy(a.allocated, b, running, b, a.stride);
        }
        return b;
    }
}
