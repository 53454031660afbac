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

    /** Whether this task's scores are node-local right now (see {@link Predicate#nodeLocal(int)}). */
    default boolean nodeLocal(int task) {
        return nodeLocal();
    }
}
