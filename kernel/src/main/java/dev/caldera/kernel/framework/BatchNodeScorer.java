package dev.caldera.kernel.framework;

/**
 * Scores all candidate nodes of a task at once, for scores normalized across the candidates (e.g.
 * taint toleration). Adds each node's weighted score to {@code scores[i]} for {@code nodes[i]},
 * {@code i < count}. Called on the scheduling thread; must not allocate.
 */
@FunctionalInterface
public interface BatchNodeScorer {
    void score(int task, int[] nodes, int count, double[] scores);

    /**
     * Whether this task's scores are node-local right now, so that a {@link NormalizedScorer}'s raw values
     * stand for them (see {@link Predicate#nodeLocal(int)}). Scheduling thread.
     */
    default boolean nodeLocal(int task) {
        return true;
    }
}
