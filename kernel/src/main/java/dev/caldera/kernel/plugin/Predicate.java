package dev.caldera.kernel.plugin;

/**
 * Filters a node for a task: 0 when the task may run there, else a {@link FitReason} code.
 * <p>
 * Contract: a pure function of session state; may be called concurrently from filter workers for
 * different nodes; must not allocate. {@link #nodeLocal()} true promises that the answer depends only on
 * the task's class (request, placement profile, priority) and the node, and changes only when that node's
 * usage changes: then one answer serves every task of the class and can be refreshed node by node.
 */
@FunctionalInterface
public interface Predicate {
    int check(int task, int node);

    default boolean nodeLocal() {
        return true;
    }
}
