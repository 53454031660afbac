package dev.caldera.kernel.select;

import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.util.Bits;

import java.util.Arrays;

/**
 * A {@link ClassView}'s leaves filtered and scored in batches over a leaf range: a build's evaluations, where a
 * refresh evaluates one leaf at a time (ClassView's evaluate). It writes the view's columns (accepted, fit, local
 * score, raw values) for the range, package-private in ClassView for it.
 * <p>
 * Threading: the scheduling thread, or filter workers for disjoint leaf ranges of one view while the scheduling
 * thread waits. Allocation: none. Cost: O(leaves x predicates) for the range (none with a profile's mask), resource
 * fits on the leaves the predicates pass, and one batch call per scorer over the leaves that fit.
 */
final class BatchEvaluation {
    private BatchEvaluation() {
    }

    /**
     * Filters and scores leaves {@code [from, to)} of view {@code v} for {@code task} in batches: the predicates
     * over the range, resources on the nodes they accept, then the scorers over the nodes that fit, each plugin
     * once per batch; the same results as the view's evaluate of each leaf in turn. With
     * {@code passing}, the bits of the leaves the predicates pass ({@link ProfileVerdicts}), no predicate runs and
     * the refused leaves are skipped a word at a time. Writes only this range of the view, of its shape's entries
     * and of {@code buffers}; no allocation. Returns how many leaves took their fit (and score) from a current
     * entry of the shape.
     */
    static int evaluateAll(ClassView v, int task, int from, int to, EvaluationBuffers buffers, long[] passing) {
        int[] nodeAt = v.groups.repNodes();
        int[] codes = buffers.codes;
        int[] candidates = buffers.nodes;
        int[] candidateLeaves = buffers.positions;
        long[] request = v.session.request(task);
        if (passing == null) {
            v.plugins.predicateAll(task, nodeAt, from, to, codes);
        }
        ShapeView s = v.shape;
        long[] versions = v.groups.versions();
        int[] unscored = buffers.unscored;
        int[] unscoredLeaves = buffers.unscoredLeaves;
        int end = from;
        int fresh = from;
        int shared = 0;
        // what a refused leaf gets; a passed one is written over below
        Arrays.fill(v.accepted, from, to, (byte) 0);
        Arrays.fill(v.fit, from, to, ClassView.NO_FIT);
        for (int l = nextPassed(passing, codes, from, to); l < to; l = nextPassed(passing, codes, l + 1, to)) {
            int node = nodeAt[l];
            v.accepted[l] = 1;
            if (s == null) {
                v.fit[l] = v.resourceFit(task, request, node);
            } else if (s.current(l, versions[l])) {
                v.fit[l] = s.fit(l);
                shared++;
            } else {
                // the shape's entry is computed here: its score below, for the leaves that fit
                v.fit[l] = v.resourceFit(task, request, node);
                if (v.fit[l] == ClassView.NO_FIT) {
                    s.put(l, versions[l], ClassView.NO_FIT, 0.0);
                } else {
                    unscored[fresh] = node;
                    unscoredLeaves[fresh++] = l;
                }
            }
            if (v.fit[l] != ClassView.NO_FIT) {
                candidates[end] = node;
                candidateLeaves[end++] = l;
            }
        }
        double[] scores = buffers.scores;
        if (s == null) {
            v.plugins.scoreAll(task, candidates, from, end, scores);
        } else {
            v.plugins.requestOnlyScoreAll(task, unscored, from, fresh, scores);
            for (int i = from; i < fresh; i++) {
                int l = unscoredLeaves[i];
                s.put(l, versions[l], v.fit[l], scores[i]);
            }
            for (int i = from; i < end; i++) {
                scores[i] = s.score(candidateLeaves[i]);
            }
            v.plugins.scoreAllAfter(task, candidates, from, end, scores);
        }
        for (int i = from; i < end; i++) {
            v.local[candidateLeaves[i]] = scores[i];
        }
        int[] raws = buffers.raws;
        for (int b = 0; b < v.normalized.length; b++) {
            v.normalized[b].rawAll(task, candidates, from, end, raws);
            int[] column = v.raw[b];
            for (int i = from; i < end; i++) {
                column[candidateLeaves[i]] = raws[i];
            }
        }
        return shared;
    }

    /**
     * The first leaf of {@code [l, to)} the predicates pass, or {@code to}: from {@code passing}'s bits when there
     * are some (a word at a time), else from the codes {@code PluginChain.predicateAll} wrote.
     */
    private static int nextPassed(long[] passing, int[] codes, int l, int to) {
        if (passing == null) {
            while (l < to && codes[l] != FitReason.OK) {
                l++;
            }
            return l;
        }
        while (l < to) {
            long bits = passing[l >> 6] & -1L << l;
            if (bits != 0) {
                return Math.min(to, (l & ~63) | Bits.lowest(bits));
            }
            l = (l | 63) + 1;
        }
        return to;
    }
}
