package dev.caldera.kernel.framework;

/**
 * Scores a node for a task (already weighted); scores of all plugins are summed, highest wins.
 * <p>
 * Contract: as {@link Predicate}: pure, concurrent for different nodes, no allocation, and
 * {@link #nodeLocal()} when the score depends only on the task's class and that node (see Predicate).
 */
@FunctionalInterface
public interface NodeScorer extends NodeInputs {
    double score(int task, int node);

    /**
     * The batch form: adds {@code score(task, nodes[i])} to {@code scores[i]} for {@code i} in
     * {@code [from, to)}. Override to do per-task work once; each added value must be exactly {@link #score}'s.
     */
    default void scoreAll(int task, int[] nodes, int from, int to, double[] scores) {
        for (int i = from; i < to; i++) {
            scores[i] += score(task, nodes[i]);
        }
    }

    default boolean nodeLocal() {
        return true;
    }

    /**
     * True when the score reads nothing of the task but its class's request vector ({@code SessionView.request}):
     * not its profiles, priority, labels or namespace. Tasks of classes with equal requests then get equal scores
     * on a node, and the incremental selector computes the score once per node for all of them (a chain's leading
     * request-only scorers, {@code PluginChain.requestOnlyScorers}). Fixed for the scorer's life; the default
     * promises nothing. A wrong promise gives one class another's score: the selector's differential properties
     * compare classes of one request and different profiles with the scan.
     */
    default boolean requestOnly() {
        return false;
    }

    /** Whether this task's scores are node-local right now (see {@link Predicate#nodeLocal(int)}). */
    default boolean nodeLocal(int task) {
        return nodeLocal();
    }
}
