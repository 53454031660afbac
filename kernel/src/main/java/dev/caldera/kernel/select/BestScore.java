package dev.caldera.kernel.select;

import dev.caldera.kernel.cluster.NodeTable;

/**
 * The highest-scored node; among equal scores the one with the lowest rank (node-name order), so runs
 * are reproducible (Volcano picks at random among ties). O(count), no allocation.
 */
public final class BestScore {
    private BestScore() {
    }

    public static int pick(int[] nodes, double[] scores, int count, NodeTable table) {
        int best = nodes[0];
        double bestScore = scores[0];
        for (int i = 1; i < count; i++) {
            double s = scores[i];
            int node = nodes[i];
            if (s > bestScore || (s == bestScore && table.rank(node) < table.rank(best))) {
                best = node;
                bestScore = s;
            }
        }
        return best;
    }
}
