package dev.caldera.kernel.framework;

/**
 * What of a node a predicate's verdicts or a scorer's scores read: the declaration that lets the incremental
 * selector take nodes alike in everything every plugin reads as one (node equivalence), filter and score one of
 * them for a task class, and give the answer to all. Kinds, or-ed:
 * <ul>
 *   <li>{@link #RESOURCES}: the node's allocatable and the session's usage of it (idle, used, releasing,
 *       pipelined), every dimension;</li>
 *   <li>{@link #PLACEMENT}: the node's labels whose keys a placement profile of the session names in a node
 *       selector or a node affinity term (required or preferred), its name when a term matches fields, its taints
 *       and its unschedulable flag;</li>
 *   <li>{@link #OWN}: per-node state of the plugin's own, which it writes as {@link #nodeKeyWords()} words of the
 *       node's key with {@link #nodeKey}.</li>
 * </ul>
 * {@link #ANY} (the default) declares nothing: the plugin may read the node's name, any label or anything else, so
 * no two nodes are taken as alike while it is configured. The declaration covers tasks for which the plugin is
 * node-local ({@link Predicate#nodeLocal(int)}); others are filtered one by one anyway. A plugin may answer per
 * session (it is asked after open). A declaration that leaves out something read makes the selector give one
 * node's answer to a node that differs in it: the differential tests compare selections with the equivalence on
 * and off.
 * <p>
 * {@link #stateVersion()} declares what lets the selector keep its class views from one session to the next.
 */
public interface NodeInputs {
    /** Reads anything: no two nodes are alike. */
    int ANY = -1;
    /** Reads nothing of the node. */
    int NONE = 0;
    /** Allocatable, idle, used, releasing and pipelined resources. */
    int RESOURCES = 1;
    /** Labels named by the profiles' node terms, the name when matched by field, taints, unschedulable. */
    int PLACEMENT = 2;
    /** State of the plugin's own, written by {@link #nodeKey}. */
    int OWN = 4;

    /** A state version that holds for no two sessions: nothing is kept across sessions (the default). */
    long VOLATILE = Long.MIN_VALUE;

    /** The kinds of node state read, or {@link #ANY}. Scheduling thread, after open. */
    default int nodeInputs() {
        return ANY;
    }

    /** How many words {@link #nodeKey} writes (with {@link #OWN}); fixed for a session. */
    default int nodeKeyWords() {
        return 0;
    }

    /**
     * Writes the plugin's own state of {@code node} into {@code key[at, at + nodeKeyWords())}: two nodes whose
     * words (and other declared inputs) are equal must get the same answers. Scheduling thread; no allocation.
     */
    default void nodeKey(int node, long[] key, int at) {
    }

    /**
     * A version of everything the plugin's answers (verdicts, scores, raw values, own key words) read beyond the
     * task's class and the node's own state: its spec, its usage and the tasks on it, which make a session list
     * the node as changed ({@link SessionView#changedNode}). When two sessions in a row answer the same version,
     * a node the second does not list as changed gets, for a task class of the same request and profiles (its
     * id may have been freed and given out again), the answers it got when the first ended, so the incremental
     * selector keeps its class views across sessions and evaluates only the nodes listed. {@link #VOLATILE} (the default) promises nothing. Scheduling thread, after open.
     */
    default long stateVersion() {
        return VOLATILE;
    }
}
