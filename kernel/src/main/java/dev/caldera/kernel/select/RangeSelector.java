package dev.caldera.kernel.select;

import dev.caldera.kernel.plugin.FitErrors;
import dev.caldera.kernel.plugin.FitReason;
import dev.caldera.kernel.plugin.PluginChain;
import dev.caldera.kernel.session.Session;

/**
 * Picks a node for a task among the nodes of a slice ({@code nodes[from, to)}, e.g. one HyperNode's), by the
 * rules of {@link NodeSelector}: filter (futureIdle less reservations, then every predicate), the nodes where the
 * task fits idle before those where it fits only futureIdle, score the first non-empty group (node scorers, then
 * batch scorers over the group), BestNode hook, else the highest score with ties to the lowest node rank.
 * <p>
 * Threading: scheduling thread. Cost: O(slice x (dims + predicates + scorers)) per task; no allocation once the
 * buffers fit the largest slice.
 */
public final class RangeSelector {
    private final Session session;
    private final PluginChain plugins;
    private final FitErrors errors = new FitErrors();
    private int[] idleNodes = new int[0];
    private int[] futureNodes = new int[0];
    private double[] scores = new double[0];
    private boolean fitsIdle;

    public RangeSelector(Session session) {
        this.session = session;
        this.plugins = session.plugins;
    }

    /** The chosen node, or -1 when none of the slice fits ({@link #errors()} says why). */
    public int select(int task, int[] nodes, int from, int to) {
        ensure(to - from);
        errors.clear(session.dims.count());
        errors.nodes(to - from);
        long[] request = session.request(task);
        int idle = 0;
        int future = 0;
        for (int i = from; i < to; i++) {
            int node = nodes[i];
            long shortMask = ResourceFit.shortOfFutureIdle(session, task, request, node);
            if (shortMask != 0) {
                countShortages(shortMask);
                continue;
            }
            int code = plugins.predicate(task, node);
            if (code != FitReason.OK) {
                errors.count(code);
            } else if (ResourceFit.fitsIdle(session, task, request, node)) {
                idleNodes[idle++] = node;
            } else {
                futureNodes[future++] = node;
            }
        }
        if (idle > 0) {
            fitsIdle = true;
            return choose(task, idleNodes, idle);
        }
        if (future > 0) {
            fitsIdle = false;
            return choose(task, futureNodes, future);
        }
        return -1;
    }

    /** Whether the last chosen node fits the task in idle resources (allocate) or only in futureIdle (pipeline). */
    public boolean fitsIdle() {
        return fitsIdle;
    }

    /** Why the last task fit no node of its slice. */
    public FitErrors errors() {
        return errors;
    }

    private int choose(int task, int[] nodes, int count) {
        if (count == 1) {
            return nodes[0];
        }
        for (int i = 0; i < count; i++) {
            scores[i] = plugins.score(task, nodes[i]);
        }
        if (plugins.hasBatchScorers()) {
            plugins.batchScore(task, nodes, count, scores);
        }
        int best = plugins.bestNode(task, nodes, scores, count);
        return best >= 0 ? best : BestScore.pick(nodes, scores, count, session.nodes.rank);
    }

    private void countShortages(long mask) {
        long m = mask;
        while (m != 0) {
            int d = Long.numberOfTrailingZeros(m);
            errors.count(FitReason.insufficient(d));
            m &= m - 1;
        }
    }

    private void ensure(int n) {
        if (idleNodes.length < n) {
            idleNodes = new int[n];
            futureNodes = new int[n];
            scores = new double[n];
        }
    }
}
