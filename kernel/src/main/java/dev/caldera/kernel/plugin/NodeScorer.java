package dev.caldera.kernel.plugin;

/**
 * Scores a node for a task (already weighted); scores of all plugins are summed, highest wins.
 * <p>
 * Contract: as {@link Predicate}: pure, concurrent for different nodes, no allocation, and
 * {@link #nodeLocal()} when the score depends only on the task's class and that node (see Predicate).
 */
@FunctionalInterface
public interface NodeScorer {
    double score(int task, int node);

    default boolean nodeLocal() {
        return true;
    }
}
