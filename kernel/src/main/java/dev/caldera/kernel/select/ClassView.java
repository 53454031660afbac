package dev.caldera.kernel.select;

import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.framework.NormalizedScorer;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.session.Session;

import java.util.Arrays;

/**
 * Every node's filter and score result for one task class, with a tournament tree over them whose root
 * is the node {@link ScanSelector} would pick: fits-idle nodes beat fits-only-futureIdle nodes, then the
 * higher total score, then the lower rank. Totals add each {@link NormalizedScorer}'s score normalized by
 * the largest raw value of the node's own group (idle or future), exactly as the scan scores one group.
 * <p>
 * Positions are {@link NodePositions}: rank order, so a tie goes to the lower position. The tree has one
 * extra leaf value, position {@code size}, that never fits and loses every tie, padding the leaves past the
 * last node. After placements only the nodes the session's NodeJournal names are re-evaluated
 * (O(dims + plugins + log nodes) each, nothing more when a node neither fitted nor fits); when a group's
 * largest raw value changes, that group's totals are recomputed and the tree rebuilt (O(nodes)).
 * <p>
 * Threading: scheduling thread; while a view is built, {@link #evaluateAll} runs on filter workers for disjoint
 * position ranges (the scheduling thread waits). Allocation: arrays sized once per cluster size; a refresh
 * allocates only when a raw value is larger than any the view has seen (that scorer's histogram and its
 * normalized-score table then double).
 */
final class ClassView {
    static final byte NO_FIT = 0;
    static final byte FUTURE = 1;
    static final byte IDLE = 2;

    /** The selector's key: task class, and priority while pods are nominated. */
    long key;
    long syncedAt;
    long lastUse;

    private final Session session;
    private final PluginChain plugins;
    private final NodePositions positions;
    private final NormalizedScorer[] normalized;
    private final int size;
    private final int leaves;
    private final byte[] fit;
    private final double[] local;
    private final int[][] raw;
    private final double[] total;
    private final int[] tree;
    /** histogram[group][scorer][raw value] = nodes of that group with that raw value. */
    private final int[][][] histogram;
    private final int[][] max;
    /** scoreOf[group][scorer][raw value]: the normalized score at the group's current largest raw value. */
    private final double[][][] scoreOf;

    ClassView(Session session, NodePositions positions, long key, int size) {
        this.session = session;
        this.plugins = session.plugins;
        this.positions = positions;
        this.normalized = plugins.normalizedScorers();
        this.key = key;
        this.size = size;
        this.leaves = Integer.highestOneBit(Math.max(1, size - 1)) << 1;
        fit = new byte[size + 1];
        local = new double[size];
        raw = new int[normalized.length][size];
        total = new double[size + 1];
        tree = new int[2 * leaves];
        histogram = new int[3][normalized.length][8];
        max = new int[3][normalized.length];
        scoreOf = new double[3][normalized.length][0];
    }

    int size() {
        return size;
    }

    /** Serves another key with the same arrays (the selector's budget is reached); the caller builds it next. */
    void reuse(long newKey) {
        key = newKey;
        lastUse = 0;
    }

    /** Bytes this view holds, for the selector's memory budget. */
    static long bytesFor(int size, int scorers) {
        int leaves = Integer.highestOneBit(Math.max(1, size - 1)) << 1;
        return size * (1L + 8 + 8 + 4L * scorers) + 8L * leaves + 64;
    }

    /** The best position, or -1 when no node fits. */
    int best() {
        int p = tree[1];
        return fit[p] != NO_FIT ? p : -1;
    }

    boolean fitsIdle(int position) {
        return fit[position] == IDLE;
    }

    /**
     * Filters and scores position {@code p} for {@code task} (any task of this class). Predicates before
     * resources: only fit or no fit is kept here (the scan explains a failure), and most refused nodes are
     * refused by a memoized placement check. Pure; no allocation.
     */
    void evaluate(int task, int p) {
        int node = positions.node[p];
        boolean accepted = plugins.predicate(task, node) == FitReason.OK;
        fit[p] = accepted ? resourceFit(task, session.request(task), node) : NO_FIT;
        if (fit[p] == NO_FIT) {
            return;
        }
        local[p] = plugins.score(task, node);
        for (int b = 0; b < normalized.length; b++) {
            raw[b][p] = normalized[b].raw(task, node);
        }
    }

    /**
     * {@link #evaluate} for positions {@code [from, to)} in batches: the predicates over the range, resources
     * on the nodes they accept, then the scorers over the nodes that fit, each plugin once per batch. Writes
     * only this range of the view and of {@code buffers}; no allocation.
     */
    void evaluateAll(int task, int from, int to, EvaluationBuffers buffers) {
        int[] nodeAt = positions.node;
        int[] codes = buffers.codes;
        int[] candidates = buffers.nodes;
        int[] candidatePositions = buffers.positions;
        long[] request = session.request(task);
        plugins.predicateAll(task, nodeAt, from, to, codes);
        int end = from;
        for (int p = from; p < to; p++) {
            int node = nodeAt[p];
            fit[p] = codes[p] != FitReason.OK ? NO_FIT : resourceFit(task, request, node);
            if (fit[p] != NO_FIT) {
                candidates[end] = node;
                candidatePositions[end++] = p;
            }
        }
        double[] scores = buffers.scores;
        plugins.scoreAll(task, candidates, from, end, scores);
        for (int i = from; i < end; i++) {
            local[candidatePositions[i]] = scores[i];
        }
        int[] raws = buffers.raws;
        for (int b = 0; b < normalized.length; b++) {
            normalized[b].rawAll(task, candidates, from, end, raws);
            int[] column = raw[b];
            for (int i = from; i < end; i++) {
                column[candidatePositions[i]] = raws[i];
            }
        }
    }

    /** NO_FIT, FUTURE or IDLE for a node the predicates accepted. */
    private byte resourceFit(int task, long[] request, int node) {
        if (ResourceFit.shortOfFutureIdle(session, task, request, node) != 0) {
            return NO_FIT;
        }
        return ResourceFit.fitsIdle(session, task, request, node) ? IDLE : FUTURE;
    }

    /** After every position was evaluated: histograms, totals and the whole tree. */
    void rebuild(int task) {
        for (int[][] group : histogram) {
            for (int[] h : group) {
                Arrays.fill(h, 0);
            }
        }
        for (int p = 0; p < size; p++) {
            count(p, 1);
        }
        for (int g = FUTURE; g <= IDLE; g++) {
            for (int b = 0; b < normalized.length; b++) {
                setMax(task, g, b, highest(histogram[g][b]));
            }
        }
        for (int p = 0; p < size; p++) {
            total(task, p);
        }
        buildTree();
    }

    /** Re-evaluates one position after its node changed; rebuilds when a group's largest raw value moved. */
    void refresh(int task, int p) {
        boolean fitted = fit[p] != NO_FIT;
        count(p, -1);
        evaluate(task, p);
        if (!fitted && fit[p] == NO_FIT) {
            return;
        }
        count(p, 1);
        if (maxMoved(task)) {
            for (int q = 0; q < size; q++) {
                total(task, q);
            }
            buildTree();
            return;
        }
        total(task, p);
        climb(p);
    }

    /**
     * Replays the matches on the way from {@code p}'s leaf to the root. Once a subtree's winner is the same
     * position as before and is not {@code p}, nothing above it can change, so the climb stops there.
     */
    private void climb(int p) {
        int[] t = tree;
        for (int k = (p + leaves) >> 1; k >= 1; k >>= 1) {
            int before = t[k];
            int after = better(t[2 * k], t[2 * k + 1]);
            if (after == before && before != p) {
                return;
            }
            t[k] = after;
        }
    }

    private boolean maxMoved(int task) {
        boolean moved = false;
        for (int g = FUTURE; g <= IDLE; g++) {
            for (int b = 0; b < normalized.length; b++) {
                int m = highest(histogram[g][b]);
                if (m != max[g][b]) {
                    setMax(task, g, b, m);
                    moved = true;
                }
            }
        }
        return moved;
    }

    /** Records a group's largest raw value and the score of every raw value up to it. */
    private void setMax(int task, int g, int b, int m) {
        max[g][b] = m;
        double[] scores = scoreOf[g][b];
        if (scores.length <= m) {
            scores = new double[Math.max(8, Integer.highestOneBit(m) << 1)];
            scoreOf[g][b] = scores;
        }
        for (int v = 0; v <= m; v++) {
            scores[v] = normalized[b].normalize(task, v, m);
        }
    }

    private void total(int task, int p) {
        byte g = fit[p];
        if (g == NO_FIT) {
            return;
        }
        double t = local[p];
        for (int b = 0; b < normalized.length; b++) {
            t += scoreOf[g][b][raw[b][p]];
        }
        total[p] = t;
    }

    private void count(int p, int delta) {
        byte g = fit[p];
        if (g == NO_FIT) {
            return;
        }
        for (int b = 0; b < normalized.length; b++) {
            int v = raw[b][p];
            int[] h = histogram[g][b];
            if (v >= h.length) {
                h = Arrays.copyOf(h, Integer.highestOneBit(v) << 1);
                histogram[g][b] = h;
            }
            h[v] += delta;
        }
    }

    private static int highest(int[] h) {
        for (int v = h.length - 1; v > 0; v--) {
            if (h[v] > 0) {
                return v;
            }
        }
        return 0;
    }

    private void buildTree() {
        for (int i = 0; i < leaves; i++) {
            tree[leaves + i] = Math.min(i, size);
        }
        for (int k = leaves - 1; k >= 1; k--) {
            tree[k] = better(tree[2 * k], tree[2 * k + 1]);
        }
    }

    /** The better of two positions: fits idle over fits future over no fit, then higher total, then lower position. */
    private int better(int a, int b) {
        byte fa = fit[a];
        byte fb = fit[b];
        if (fa != fb) {
            return fa > fb ? a : b;
        }
        if (fa != NO_FIT) {
            double ta = total[a];
            double tb = total[b];
            if (ta != tb) {
                return ta > tb ? a : b;
            }
        }
        return Math.min(a, b);
    }
}
