package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.framework.NormalizedScorer;
import dev.caldera.kernel.plugin.interpod.AffinityScore;
import dev.caldera.kernel.plugin.interpod.InterPodIndex;
import dev.caldera.kernel.plugin.interpod.SpreadScore;

import java.util.Arrays;

/**
 * nodeorder's batch node order function, less nodeaffinity ({@link NodeAffinityScores}): per candidate node,
 * tainttoleration + podaffinity + podtopologyspread, each an integer kube score times its weight.
 * <p>
 * Taint toleration is normalized across the candidates by its largest raw value: the raw value is the number
 * of the node's PreferNoSchedule taints the pod does not tolerate, and kube's DefaultNormalizeScore
 * (reversed) makes it {@code 100 - 100 x raw / max} in integer arithmetic, or 100 for every node when the
 * largest raw is 0. That is the {@link NormalizedScorer} shape the incremental selector keeps node by node.
 * <p>
 * Pod affinity ({@link AffinityScore}) and pod topology spread ({@link SpreadScore}) depend on other pods
 * across topology domains and are min-max normalized; they add to the batch form only, for the tasks they
 * concern ({@link InterPodIndex#affects}), which the selectors score one by one ({@link #nodeLocal(int)}). For
 * every other task both scores are 0: kube's PreScore skips a pod without preferred terms or soft constraints
 * that no counted pod's term selects, and Volcano then adds nothing.
 * <p>
 * Threading: {@link #raw} is a pure read, safe from filter workers; the batch form runs on the scheduling
 * thread. No allocation once buffers fit.
 */
final class BatchScores implements NormalizedScorer {
    private final NodeOrderPlugin plugin;
    private final NodeOrderWeights weights;
    private final InterPodIndex interPod;
    private final AffinityScore podAffinity;
    private final SpreadScore podTopologySpread;

    BatchScores(NodeOrderPlugin plugin, NodeOrderWeights weights, InterPodIndex interPod) {
        this.plugin = plugin;
        this.weights = weights;
        this.interPod = interPod;
        this.podAffinity = new AffinityScore(interPod);
        this.podTopologySpread = new SpreadScore(interPod);
    }

    @Override
    public int raw(int task, int node) {
        if (weights.taintToleration() == 0) {
            return 0;
        }
        return plugin.untoleratedPreferNoSchedule(task, node);
    }

    /** The batch form: the task's profile looked up once, not per node. */
    @Override
    public void rawAll(int task, int[] nodes, int from, int to, int[] raw) {
        if (weights.taintToleration() == 0) {
            Arrays.fill(raw, from, to, 0);
            return;
        }
        plugin.untoleratedPreferNoSchedule(task, nodes, from, to, raw);
    }

    /**
     * The raw value reads the node's taints (placement inputs); the inter-pod scores read other pods, but only
     * for tasks that are not node-local.
     */
    @Override
    public int nodeInputs() {
        return PLACEMENT;
    }

    /** The raw value reads the node's taints and the class's tolerations only. */
    @Override
    public long stateVersion() {
        return 0;
    }

    @Override
    public double normalize(int task, int raw, int max) {
        return (double) (taintToleration(raw, max) * weights.taintToleration());
    }

    @Override
    public void score(int task, int[] nodes, int count, double[] scores) {
        NormalizedScorer.super.score(task, nodes, count, scores);
        if (weights.podAffinity() != 0) {
            podAffinity.score(task, nodes, count, weights.podAffinity(), scores);
        }
        if (weights.podTopologySpread() != 0) {
            podTopologySpread.score(task, nodes, count, weights.podTopologySpread(), scores);
        }
    }

    @Override
    public boolean nodeLocal(int task) {
        return (weights.podAffinity() == 0 && weights.podTopologySpread() == 0) || !interPod.affects(task);
    }

    /** kube's DefaultNormalizeScore(100, reverse = true) of one raw count. */
    static long taintToleration(int raw, int max) {
        if (max == 0) {
            return 100;
        }
        return 100 - 100L * raw / max;
    }
}
