package dev.caldera.kernel.select;

import dev.caldera.kernel.framework.BatchNodeScorer;
import dev.caldera.kernel.framework.FitErrors;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.framework.NormalizedScorer;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.session.NodeJournal;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.util.Bits;

import java.util.Arrays;

/**
 * Picks a node for a task among the nodes of a slice ({@code nodes[from, to)}, e.g. one HyperNode's), by the
 * rules of {@link NodeSelector}: filter (futureIdle less reservations, then every predicate), the nodes where the
 * task fits idle before those where it fits only futureIdle, score the first non-empty group (node scorers, then
 * batch scorers over the group), BestNode hook, else the highest score with ties to the lowest node rank.
 * <p>
 * Consecutive tasks of one class (and priority) on the same slice reuse each node's filter verdict and node
 * scorer sum and the raw values of normalized batch scorers, re-evaluating only the nodes the session's
 * {@link NodeJournal} names as changed since, as the incremental selector does for the whole cluster; other batch
 * scorers run on every call. This holds while every
 * predicate and scorer is node-local for the task and the task is not nominated (its own reservation sets it
 * apart); otherwise every node is evaluated. {@link #reset()} forgets everything (call it when anything but
 * task moves may have changed, e.g. at the start of each placement).
 * <p>
 * Threading: scheduling thread. Cost: O(slice) per task for the gathering, plus O(changed nodes x (dims +
 * predicates + scorers)); no allocation once the buffers fit the largest slice.
 */
public final class RangeSelector {
    private static final byte STALE = 0;
    private static final byte FAILS = 1;
    private static final byte IDLE = 2;
    private static final byte FUTURE = 3;

    private final Session session;
    private final PluginChain plugins;
    private final FitErrors errors = new FitErrors();
    private int[] idleNodes = new int[0];
    private int[] nodes = new int[0];
    private int[] futureNodes = new int[0];
    private double[] scores = new double[0];
    private boolean fitsIdle;

    private int[] viewNodes;
    private int viewFrom;
    private int viewTo;
    private long viewKey = -1;
    private long syncedAt;
    private byte[] state = new byte[0];
    private long[] shortMask = new long[0];
    private int[] code = new int[0];
    private double[] local = new double[0];
    private int[][] raw = new int[0][0];
    private final BatchNodeScorer[] batch;
    private int[] positionOf = new int[0];

    public RangeSelector(Session session) {
        this.session = session;
        this.plugins = session.plugins();
        this.batch = plugins.batchScorers();
    }

    /** Forgets the remembered verdicts. */
    public void reset() {
        viewKey = -1;
        viewNodes = null;
    }

    /** The chosen node, or -1 when none of the slice fits ({@link #errors()} says why). */
    public int select(int task, int[] nodes, int from, int to) {
        int n = to - from;
        ensure(n);
        plugins.beforeNodes(task);
        boolean remember = plugins.nodeLocal(task) && session.cache().nominations().nodeOf(task) < 0;
        if (!remember || !current(task, nodes, from, to)) {
            fill(task, nodes, from, to, remember);
        } else {
            catchUp(task);
        }
        return choose(task, n);
    }

    /** Whether the last chosen node fits the task in idle resources (allocate) or only in futureIdle (pipeline). */
    public boolean fitsIdle() {
        return fitsIdle;
    }

    /** Why the last task fit no node of its slice. */
    public FitErrors errors() {
        return errors;
    }

    private boolean current(int task, int[] nodes, int from, int to) {
        NodeJournal journal = session.journal();
        return viewKey >= 0 && viewNodes == nodes && viewFrom == from && viewTo == to && viewKey == key(task)
                && journal.covers(syncedAt);
    }

    private long key(int task) {
        return (long) session.taskTable().taskClass(task) << 32 | (session.taskTable().priority(task) & 0xFFFFFFFFL);
    }

    /** Evaluates every node of the slice; remembers the slice when {@code remember}. */
    private void fill(int task, int[] nodes, int from, int to, boolean remember) {
        viewNodes = nodes;
        viewFrom = from;
        viewTo = to;
        viewKey = remember ? key(task) : -1;
        if (positionOf.length < session.nodeTable().capacity()) {
            positionOf = new int[session.nodeTable().capacity()];
            Arrays.fill(positionOf, -1);
        }
        for (int i = 0; i < to - from; i++) {
            evaluate(task, i, nodes[from + i]);
        }
        if (remember) {
            syncedAt = session.journal().sequence();
        }
    }

    /** Re-evaluates the slice's nodes the journal names since the last call. */
    private void catchUp(int task) {
        NodeJournal journal = session.journal();
        long now = journal.sequence();
        for (int i = viewFrom; i < viewTo; i++) {
            positionOf[viewNodes[i]] = i - viewFrom;
        }
        for (long s = syncedAt; s < now; s++) {
            int p = positionOf[journal.node(s)];
            if (p >= 0) {
                state[p] = STALE;
            }
        }
        for (int i = viewFrom; i < viewTo; i++) {
            int p = i - viewFrom;
            if (state[p] == STALE) {
                evaluate(task, p, viewNodes[i]);
            }
            positionOf[viewNodes[i]] = -1;
        }
        syncedAt = now;
    }

    private void evaluate(int task, int p, int node) {
        long[] request = session.request(task);
        long mask = ResourceFit.shortOfFutureIdle(session, task, request, node);
        shortMask[p] = mask;
        if (mask != 0) {
            state[p] = FAILS;
            return;
        }
        code[p] = plugins.predicate(task, node);
        if (code[p] != FitReason.OK) {
            state[p] = FAILS;
        } else {
            state[p] = ResourceFit.fitsIdle(session, task, request, node) ? IDLE : FUTURE;
            local[p] = plugins.score(task, node);
            for (int b = 0; b < batch.length; b++) {
                if (batch[b] instanceof NormalizedScorer ns) {
                    raw[b][p] = ns.raw(task, node);
                }
            }
        }
    }

    private int choose(int task, int n) {
        int idle = 0;
        int future = 0;
        for (int p = 0; p < n; p++) {
            if (state[p] == IDLE) {
                idleNodes[idle++] = p;
            } else if (state[p] == FUTURE) {
                futureNodes[future++] = p;
            }
        }
        if (idle == 0 && future == 0) {
            explain(n);
            return -1;
        }
        fitsIdle = idle > 0;
        int[] group = fitsIdle ? idleNodes : futureNodes;
        int count = fitsIdle ? idle : future;
        for (int i = 0; i < count; i++) {
            scores[i] = local[group[i]];
        }
        if (count == 1) {
            return nodeAt(group[0]);
        }
        batchScores(task, group, count);
        for (int i = 0; i < count; i++) {
            group[i] = nodeAt(group[i]);
        }
        int best = plugins.bestNode(task, group, scores, count);
        return best >= 0 ? best : BestScore.pick(group, scores, count, session.nodeTable());
    }

    /**
     * The batch scorers in chain order, summed as {@code PluginChain.batchScore} sums them: a normalized scorer
     * from its remembered raw values ({@code NormalizedScorer.score}'s two passes), any other over the nodes.
     * {@code positions} holds slice positions and stays so.
     */
    private void batchScores(int task, int[] positions, int count) {
        for (int b = 0; b < batch.length; b++) {
            if (batch[b] instanceof NormalizedScorer ns) {
                int[] r = raw[b];
                int max = 0;
                for (int i = 0; i < count; i++) {
                    max = Math.max(max, r[positions[i]]);
                }
                for (int i = 0; i < count; i++) {
                    scores[i] += ns.normalize(task, r[positions[i]], max);
                }
            } else {
                for (int i = 0; i < count; i++) {
                    nodes[i] = nodeAt(positions[i]);
                }
                batch[b].score(task, nodes, count, scores);
            }
        }
    }

    private int nodeAt(int p) {
        return viewNodes[viewFrom + p];
    }

    private void explain(int n) {
        errors.clear(session.dims().count());
        errors.nodes(n);
        for (int p = 0; p < n; p++) {
            long m = shortMask[p];
            if (m != 0) {
                while (m != 0) {
                    int d = Bits.lowest(m);
                    errors.count(FitReason.insufficient(d));
                    m &= m - 1;
                }
            } else {
                errors.count(code[p]);
            }
        }
    }

    private void ensure(int n) {
        if (idleNodes.length < n) {
            idleNodes = new int[n];
            futureNodes = new int[n];
            scores = new double[n];
            state = new byte[n];
            shortMask = new long[n];
            code = new int[n];
            local = new double[n];
            nodes = new int[n];
            raw = new int[batch.length][n];
        }
    }
}
