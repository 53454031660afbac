package dev.caldera.kernel.action;

import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;

/**
 * The nodes a preemptor may make room on, as Volcano's preempt and reclaim find them
 * ({@code FilterOutUnschedulableAndUnresolvableNodesForTask}, then {@code PredicateNodes} with
 * {@code PredicateForPreemptAction}): every node where no predicate fails for a reason that evictions could not
 * clear; resources, the pod count and host ports may fail ({@link FitReason#resolvable}).
 * <ul>
 *   <li>{@link #scored}: best node score first (node order plus batch node order, as Volcano's
 *       {@code PrioritizeNodes} and {@code SortNodes}), for preempt; equal scores in node rank order;</li>
 *   <li>{@link #inPredicateOrder}: node rank (name) order, for reclaim, which tries nodes as the predicate pass
 *       yields them (Volcano's order there depends on its parallel workers and a rotating start index).</li>
 * </ul>
 * Nodes that allocate found unschedulable-and-unresolvable for the task are the nodes that fail the same
 * unresolvable predicates here: those read only node labels, taints and the cordon flag, which do not change
 * within a session, so one check serves both; the exception is unmet required pod affinity, which pods placed
 * after the task's allocate attempt can satisfy (Volcano would still leave such a node out; see
 * DIFFERENCES.md). Volcano's sampling of at most a share of the nodes on clusters
 * of more than 100 nodes is not done: every node is a candidate.
 * <p>
 * Threading: scheduling thread. Allocation: scratch arrays sized to the node count, reused; the returned
 * array is valid until the next call. Cost: O(nodes x (predicates + scorers) + candidates log candidates).
 */
final class CandidateNodes {
    private final Session session;
    private int[] nodes = new int[0];
    private int[] order = new int[0];
    private double[] score = new double[0];
    private double[] batch = new double[0];
    private int count;
    private final IntComparator byScore;
    private final IntComparator byRank;

    CandidateNodes(Session session) {
        this.session = session;
        byScore = (a, b) -> {
            int c = Double.compare(score[b], score[a]);
            return c != 0 ? c : Integer.compare(session.nodeTable().rank(nodes[a]), session.nodeTable().rank(nodes[b]));
        };
        byRank = (a, b) -> Integer.compare(session.nodeTable().rank(a), session.nodeTable().rank(b));
    }

    /** Candidate nodes for {@code task}, best score first; {@link #count()} of them are valid. */
    int[] scored(int task) {
        Session s = session;
        int n = filter(task);
        for (int i = 0; i < n; i++) {
            score[i] = s.plugins().score(task, nodes[i]);
            batch[i] = 0;
            order[i] = i;
        }
        if (s.plugins().hasBatchScorers()) {
            s.plugins().batchScore(task, nodes, n, batch);
            for (int i = 0; i < n; i++) {
                score[i] += batch[i];
            }
        }
        IntArrays.quickSort(order, 0, n, byScore);
        for (int i = 0; i < n; i++) {
            order[i] = nodes[order[i]];
        }
        return order;
    }

    /** Candidate nodes for {@code task} in node rank order; {@link #count()} of them are valid. */
    int[] inPredicateOrder(int task) {
        int n = filter(task);
        System.arraycopy(nodes, 0, order, 0, n);
        IntArrays.quickSort(order, 0, n, byRank);
        return order;
    }

    /** How many nodes the last call returned. */
    int count() {
        return count;
    }

    private int filter(int task) {
        Session s = session;
        ensure(s.nodeCount());
        int n = 0;
        for (int i = 0; i < s.nodeCount(); i++) {
            int node = s.liveNodes()[i];
            if (s.plugins().predicateForPreemption(task, node) == FitReason.OK) {
                nodes[n++] = node;
            }
        }
        count = n;
        return n;
    }

    private void ensure(int n) {
        if (nodes.length < n) {
            nodes = new int[n];
            order = new int[n];
            score = new double[n];
            batch = new double[n];
        }
    }
}
