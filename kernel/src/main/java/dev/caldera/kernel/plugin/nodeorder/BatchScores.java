package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.plugin.NormalizedScorer;

/**
 * Volcano v1.7 nodeorder's batch node order function: per candidate node, podaffinity + tainttoleration +
 * podtopologyspread (+ selectorspread when weighted), each an integer kube score times its weight.
 * <p>
 * Taint toleration is the only one normalized across the candidates: the raw value is the number of the
 * node's PreferNoSchedule taints the pod does not tolerate, and kube's DefaultNormalizeScore (reversed)
 * makes it {@code 100 - 100 x raw / max} in integer arithmetic, or 100 for every node when the largest raw
 * is 0. Pod affinity, pod topology spread and selector spread are the {@link ConstantScores} for pods
 * without such constraints.
 * <p>
 * Threading: pure reads, safe from filter workers. No allocation.
 */
final class BatchScores implements NormalizedScorer {
    private final NodeOrderPlugin plugin;
    private final NodeOrderWeights weights;

    BatchScores(NodeOrderPlugin plugin, NodeOrderWeights weights) {
        this.plugin = plugin;
        this.weights = weights;
    }

    @Override
    public int raw(int task, int node) {
        if (weights.taintToleration() == 0) {
            return 0;
        }
        return plugin.untoleratedPreferNoSchedule(task, node);
    }

    @Override
    public double normalize(int task, int raw, int max) {
        long total = ConstantScores.POD_AFFINITY * weights.podAffinity();
        total += taintToleration(raw, max) * weights.taintToleration();
        total += ConstantScores.POD_TOPOLOGY_SPREAD * weights.podTopologySpread();
        if (weights.selectorSpread() != 0) {
            total += ConstantScores.SELECTOR_SPREAD * weights.selectorSpread();
        }
        return (double) total;
    }

    /** kube's DefaultNormalizeScore(100, reverse = true) of one raw count. */
    static long taintToleration(int raw, int max) {
        if (max == 0) {
            return 100;
        }
        return 100 - 100L * raw / max;
    }
}
