package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.framework.NormalizedScorer;

import java.util.Arrays;

/**
 * nodeorder's nodeaffinity score as current Volcano runs it: kube-scheduler's NodeAffinity plugin among the batch
 * score plugins ({@code plugins/nodeorder/nodeorder.go}, {@code BatchNodeOrderFn};
 * {@code plugins/util/nodescore/score_helper.go}, {@code CalculatePluginScore}, which normalizes a plugin's scores
 * when it has score extensions, then multiplies by the weight). The raw value is the sum of the weights of the
 * task's preferred node affinity terms the node matches; NodeAffinity's NormalizeScore (kube's
 * DefaultNormalizeScore, not reversed) makes it {@code 100 x raw / max} in integer arithmetic over the candidates,
 * or 0 everywhere when the largest raw value is 0 (also what PreScore's Skip gives a pod without preferred terms).
 * Volcano v1.7 added the raw sum times the weight, unnormalized.
 * <p>
 * Threading: {@link #raw} is a pure read, safe from filter workers. No allocation.
 */
final class NodeAffinityScores implements NormalizedScorer {
    private final NodeOrderPlugin plugin;
    private final int weight;

    NodeAffinityScores(NodeOrderPlugin plugin, int weight) {
        this.plugin = plugin;
        this.weight = weight;
    }

    @Override
    public int raw(int task, int node) {
        return (int) Math.max(0, Math.min(plugin.affinityScore(task, node), Integer.MAX_VALUE / 100));
    }

    /**
     * The batch form: 0 on every node for a task whose profile has no preferred term (most tasks), without a
     * look-up per node; else {@link #raw} per node.
     */
    @Override
    public void rawAll(int task, int[] nodes, int from, int to, int[] raw) {
        if (plugin.prefersNoNode(task)) {
            Arrays.fill(raw, from, to, 0);
            return;
        }
        NormalizedScorer.super.rawAll(task, nodes, from, to, raw);
    }

    /** The node's labels named by preferred terms (placement inputs). */
    @Override
    public int nodeInputs() {
        return PLACEMENT;
    }

    /** The raw value reads the node's labels and the class's preferred terms only. */
    @Override
    public long stateVersion() {
        return 0;
    }

    @Override
    public double normalize(int task, int raw, int max) {
        return (double) (normalized(raw, max) * weight);
    }

    /** kube's DefaultNormalizeScore(100, reverse = false) of one raw sum. */
    static long normalized(int raw, int max) {
        return max == 0 ? 0 : 100L * raw / max;
    }
}
