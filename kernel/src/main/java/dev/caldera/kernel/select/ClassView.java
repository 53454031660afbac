package dev.caldera.kernel.select;

import dev.caldera.kernel.plugin.FitReason;
import dev.caldera.kernel.plugin.NormalizedScorer;
import dev.caldera.kernel.plugin.PluginChain;
import dev.caldera.kernel.session.Session;

import java.util.Arrays;

/**
 * Every node's filter and score result for one task class, with a tournament tree over them whose root
 * is the node {@link ScanSelector} would pick: fits-idle nodes beat fits-only-futureIdle nodes, then the
 * higher total score, then the lower rank. Totals add each {@link NormalizedScorer}'s score normalized by
 * the largest raw value of the node's own group (idle or future), exactly as the scan scores one group.
 * <p>
 * Positions index {@code session.nodeList}. After placements, only the nodes the session's NodeJournal
 * names are re-evaluated (O(dims + plugins + log nodes) each); when a group's largest raw value changes,
 * that group's totals are recomputed and the tree rebuilt (O(nodes)).
 * <p>
 * Threading: scheduling thread; {@link #evaluate} may run on filter workers for disjoint positions.
 * Allocation: arrays sized once per cluster size; none per refresh.
 */
final class ClassView {
    static final byte NO_FIT = 0;
    static final byte FUTURE = 1;
    static final byte IDLE = 2;

    final int taskClass;
    long syncedAt;
    long lastUse;

    private final Session session;
    private final PluginChain plugins;
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

    ClassView(Session session, int taskClass, int size) {
        this.session = session;
        this.plugins = session.plugins;
        this.normalized = plugins.normalizedScorers();
        this.taskClass = taskClass;
        this.size = size;
        this.leaves = Integer.highestOneBit(Math.max(1, size - 1)) << 1;
        fit = new byte[size];
        local = new double[size];
        raw = new int[normalized.length][size];
        total = new double[size];
        tree = new int[2 * leaves];
        histogram = new int[3][normalized.length][8];
        max = new int[3][normalized.length];
    }

    int size() {
        return size;
    }

    /** Bytes this view holds, for the selector's memory budget. */
    static long bytesFor(int size, int scorers) {
        int leaves = Integer.highestOneBit(Math.max(1, size - 1)) << 1;
        return size * (1L + 8 + 8 + 4L * scorers) + 8L * leaves + 64;
    }

    /** The best position, or -1 when no node fits. */
    int best() {
        int p = tree[1];
        return p >= 0 && fit[p] != NO_FIT ? p : -1;
    }

    boolean fitsIdle(int position) {
        return fit[position] == IDLE;
    }

    /** Filters and scores position {@code p} for {@code task} (any task of this class). Pure; no allocation. */
    void evaluate(int task, int p) {
        int node = session.nodeList[p];
        long[] request = session.request(task);
        if (ResourceFit.shortOfFutureIdle(session, task, request, node) != 0
                || plugins.predicate(task, node) != FitReason.OK) {
            fit[p] = NO_FIT;
            return;
        }
        fit[p] = ResourceFit.fitsIdle(session, task, request, node) ? IDLE : FUTURE;
        local[p] = plugins.score(task, node);
        for (int b = 0; b < normalized.length; b++) {
            raw[b][p] = normalized[b].raw(task, node);
        }
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
                max[g][b] = highest(histogram[g][b]);
            }
        }
        for (int p = 0; p < size; p++) {
            total(task, p);
        }
        buildTree();
    }

    /** Re-evaluates one position after its node changed; rebuilds when a group's largest raw value moved. */
    void refresh(int task, int p) {
        count(p, -1);
        evaluate(task, p);
        count(p, 1);
        if (maxMoved()) {
            for (int q = 0; q < size; q++) {
                total(task, q);
            }
            buildTree();
            return;
        }
        total(task, p);
        int k = (p + leaves) >> 1;
        while (k >= 1) {
            tree[k] = better(tree[2 * k], tree[2 * k + 1]);
            k >>= 1;
        }
    }

    private boolean maxMoved() {
        boolean moved = false;
        for (int g = FUTURE; g <= IDLE; g++) {
            for (int b = 0; b < normalized.length; b++) {
                int m = highest(histogram[g][b]);
                if (m != max[g][b]) {
                    max[g][b] = m;
                    moved = true;
                }
            }
        }
        return moved;
    }

    private void total(int task, int p) {
        byte g = fit[p];
        if (g == NO_FIT) {
            return;
        }
        double t = local[p];
        for (int b = 0; b < normalized.length; b++) {
            t += normalized[b].normalize(task, raw[b][p], max[g][b]);
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
            tree[leaves + i] = i < size ? i : -1;
        }
        for (int k = leaves - 1; k >= 1; k--) {
            tree[k] = better(tree[2 * k], tree[2 * k + 1]);
        }
    }

    private int better(int a, int b) {
        if (a < 0) {
            return b;
        }
        if (b < 0) {
            return a;
        }
        if (fit[a] != fit[b]) {
            return fit[a] > fit[b] ? a : b;
        }
        if (fit[a] != NO_FIT && total[a] != total[b]) {
            return total[a] > total[b] ? a : b;
        }
        int[] rank = session.nodes.rank;
        return rank[session.nodeList[a]] <= rank[session.nodeList[b]] ? a : b;
    }
}
