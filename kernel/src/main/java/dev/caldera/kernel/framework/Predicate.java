package dev.caldera.kernel.framework;

/**
 * Filters a node for a task: 0 when the task may run there, else a {@link FitReason} code. A plugin that checks
 * several things reports an unresolvable failure before a resolvable one ({@link FitReason#resolvable}), so
 * that preempt and reclaim, which keep nodes failing only for resolvable reasons, see the right one.
 * <p>
 * Contract: a pure function of session state; may be called concurrently from filter workers for
 * different nodes; must not allocate. {@link #nodeLocal()} true promises that, for every task for which
 * {@link #nodeLocal(int)} holds, the answer depends only on the task's class (request vector and placement
 * and inter-pod profiles, not its priority) and the node, and changes only when that node's usage changes:
 * then one answer serves every such task of the class and can be refreshed node by node. Tasks for which
 * {@link #nodeLocal(int)} is false (their verdict depends on other pods across a topology domain) are
 * filtered one by one.
 */
@FunctionalInterface
public interface Predicate extends NodeInputs {
    int check(int task, int node);

    /**
     * The batch form over {@code nodes[from, to)}: for each {@code i} whose {@code codes[i]} is still
     * {@link FitReason#OK}, writes {@code check(task, nodes[i])}. Override to do per-task work once; the answers
     * must be exactly {@link #check}'s. Same threading contract; a call covers one worker's range.
     */
    default void checkAll(int task, int[] nodes, int from, int to, int[] codes) {
        for (int i = from; i < to; i++) {
            if (codes[i] == FitReason.OK) {
                codes[i] = check(task, nodes[i]);
            }
        }
    }

    default boolean nodeLocal() {
        return true;
    }

    /**
     * True when the verdict for a task for which {@link #nodeLocal(int)} holds reads nothing of the task but its
     * class's placement and inter-pod profiles, and the node: not its request vector. Classes of one profile and
     * different requests then get equal verdicts on a node, and the incremental selector keeps them once per
     * profile for all of them ({@code PluginChain.predicatesProfileOnly}). Fixed for the predicate's life; the
     * default promises nothing. A wrong promise gives one class another's verdicts; the selector's differential
     * properties, whose worlds have classes of one profile and different requests, check the promise only for the
     * predicates they run (the predicates plugin's).
     */
    default boolean profileOnly() {
        return false;
    }

    /**
     * For a {@link #profileOnly} predicate: a placement profile id whose node-local verdicts are those of profile
     * {@code profile} on every node (for classes of one inter-pod profile), such as the lowest id of the profiles
     * alike in everything the checks read; the selector then keeps one set of verdicts for all of them. Scheduling
     * thread, after open; the default, the profile itself, promises nothing more.
     */
    default int verdictProfile(int profile) {
        return profile;
    }

    /**
     * Whether this task's verdicts are node-local in the sense of {@link #nodeLocal()} right now (it may change
     * as pods are placed). Scheduling thread.
     */
    default boolean nodeLocal(int task) {
        return nodeLocal();
    }

    /**
     * Called on the scheduling thread before a task's nodes are filtered (possibly by several workers), so a
     * predicate can build per-task state there instead of in {@link #check}. Default: nothing.
     */
    default void beforeNodes(int task) {
    }

    /**
     * Volcano's SimulatePredicateFn, which topology-aware preemption asks while it tries victims: the checks
     * this plugin re-runs against the session as it is now (victims tentatively evicted), {@link FitReason#OK}
     * for a plugin that has none (the default). Same threading contract as {@link #check}.
     */
    default int simulate(int task, int node) {
        return FitReason.OK;
    }
}
