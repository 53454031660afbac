package dev.caldera.kernel.action;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.plugin.FitReason;
import dev.caldera.kernel.select.ResourceFit;
import dev.caldera.kernel.session.Decisions;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;

/**
 * The part preempt and reclaim share: for one preemptor, walk candidate nodes; on each, offer the running
 * tasks the action's filter allows to the plugins (Preemptable or Reclaimable), check that the victims
 * they agree on would make room, evict them in victim order ({@link VictimOrder}) only until the
 * preemptor fits the node's futureIdle (and, when preempting, its queue is no longer overused), then
 * pipeline the preemptor there.
 * <p>
 * Threading: scheduling thread. Allocation: the node-to-tasks index and lists are sized once and reused.
 */
final class Eviction {
    /** Which running tasks an action offers as victims for a preemptor. */
    @FunctionalInterface
    interface Candidates {
        boolean offer(int preemptor, int task);
    }

    private final Statement statement;
    private final boolean reclaim;
    private final IntArrayList candidates = new IntArrayList();
    private final IntArrayList victims = new IntArrayList();
    private int[] nodeStart = new int[0];
    private int[] nodeTasks = new int[0];
    private int[] nodeOrder = new int[0];
    private double[] nodeScore = new double[0];
    private double[] batch = new double[0];
    private int[] rankedNodes = new int[0];
    private int[] fill = new int[0];
    private int ranked;
    private Session session;
    private VictimOrder victimOrder;
    private IntComparator byScore;
    private IntComparator byRank;

    Eviction(Statement statement, boolean reclaim) {
        this.statement = statement;
        this.reclaim = reclaim;
    }

    /** Indexes tasks by node for this session (O(tasks)); placements made later are never victims. */
    void open(Session s) {
        if (session != s) {
            session = s;
            victimOrder = new VictimOrder(s);
            byScore = (a, b) -> {
                int c = Double.compare(nodeScore[b], nodeScore[a]);
                return c != 0 ? c : Integer.compare(s.nodes.rank[nodeOrder[a]], s.nodes.rank[nodeOrder[b]]);
            };
            byRank = (a, b) -> Integer.compare(s.nodes.rank[a], s.nodes.rank[b]);
        }
        int nodes = s.nodes.rows;
        if (nodeStart.length < nodes + 1) {
            nodeStart = new int[nodes + 1];
        } else {
            java.util.Arrays.fill(nodeStart, 0, nodes + 1, 0);
        }
        int placed = 0;
        for (int t = 0; t < s.tasks.rows; t++) {
            int n = s.taskState.node[t];
            if (s.tasks.live[t] && n >= 0) {
                nodeStart[n + 1]++;
                placed++;
            }
        }
        for (int n = 0; n < nodes; n++) {
            nodeStart[n + 1] += nodeStart[n];
        }
        if (nodeTasks.length < placed) {
            nodeTasks = new int[placed];
        }
        if (fill.length < nodes) {
            fill = new int[nodes];
        }
        System.arraycopy(nodeStart, 0, fill, 0, nodes);
        for (int t = 0; t < s.tasks.rows; t++) {
            int n = s.taskState.node[t];
            if (s.tasks.live[t] && n >= 0) {
                nodeTasks[fill[n]++] = t;
            }
        }
    }

    /**
     * Nodes passing the predicates for {@code preemptor}, best score first (ties to the lower rank);
     * {@link #count()} of them are valid.
     */
    int[] scoredNodes(int preemptor) {
        Session s = session;
        ensureNodeScratch(s.nodeCount);
        int n = 0;
        for (int i = 0; i < s.nodeCount; i++) {
            int node = s.nodeList[i];
            if (s.plugins.predicate(preemptor, node) == FitReason.OK) {
                nodeOrder[n++] = node;
            }
        }
        ranked = n;
        for (int i = 0; i < n; i++) {
            nodeScore[i] = s.plugins.score(preemptor, nodeOrder[i]);
            batch[i] = 0;
            rankedNodes[i] = i;
        }
        if (s.plugins.hasBatchScorers()) {
            s.plugins.batchScore(preemptor, nodeOrder, n, batch);
            for (int i = 0; i < n; i++) {
                nodeScore[i] += batch[i];
            }
        }
        IntArrays.quickSort(rankedNodes, 0, n, byScore);
        for (int i = 0; i < n; i++) {
            rankedNodes[i] = nodeOrder[rankedNodes[i]];
        }
        return rankedNodes;
    }

    /** How many nodes the last {@link #scoredNodes} or {@link #rankedNodes} returned. */
    int count() {
        return ranked;
    }

    /** Nodes passing the predicates for {@code preemptor} in rank (name) order, for reclaim. */
    int[] rankedNodes(int preemptor) {
        Session s = session;
        ensureNodeScratch(s.nodeCount);
        int n = 0;
        for (int i = 0; i < s.nodeCount; i++) {
            int node = s.nodeList[i];
            if (s.plugins.predicate(preemptor, node) == FitReason.OK) {
                rankedNodes[n++] = node;
            }
        }
        IntArrays.quickSort(rankedNodes, 0, n, byRank);
        ranked = n;
        return rankedNodes;
    }

    /** Tries the nodes in order; true when the preemptor was pipelined onto one of them. */
    boolean preemptOn(int preemptor, int[] nodes, int count, Candidates filter) {
        for (int i = 0; i < count; i++) {
            if (tryNode(preemptor, nodes[i], filter)) {
                return true;
            }
        }
        return false;
    }

    private boolean tryNode(int preemptor, int node, Candidates filter) {
        Session s = session;
        candidates.clear();
        for (int k = nodeStart[node]; k < nodeStart[node + 1]; k++) {
            int t = nodeTasks[k];
            if (s.status(t) == TaskStatus.RUNNING && !s.bestEffort(t) && s.tasks.preemptable[t]
                    && filter.offer(preemptor, t)) {
                candidates.add(t);
            }
        }
        // plugins pick victims walking the candidates (proportion stops at deserved): offer them in victim order,
        // not in cache row order, so that decisions do not depend on the order the adapter fed the cache
        IntArrays.quickSort(candidates.elements(), 0, candidates.size(), victimOrder.of(preemptor));
        if (reclaim) {
            s.plugins.reclaimable(preemptor, candidates, victims);
        } else {
            s.plugins.preemptable(preemptor, candidates, victims);
        }
        if (!enoughRoom(preemptor, node)) {
            return false;
        }
        IntArrays.quickSort(victims.elements(), 0, victims.size(), victimOrder.of(preemptor));
        long[] request = s.request(preemptor);
        int queue = s.queueOf(preemptor);
        for (int i = 0; i < victims.size() && !enough(preemptor, request, node, queue); i++) {
            statement.evict(victims.getInt(i), reclaim ? Decisions.RECLAIM : Decisions.PREEMPT);
        }
        if (ResourceFit.shortOfFutureIdle(s, preemptor, request, node) != 0
                || (!reclaim && !s.plugins.allocatable(queue, preemptor))) {
            return false;
        }
        statement.pipeline(preemptor, node);
        return true;
    }

    /**
     * Eviction stops once the preemptor fits the node's futureIdle. Preemption (Volcano v1.7) also goes on
     * while the preemptor's queue is overused, so that a queue at its capability makes room inside itself
     * before its preemptor may be pipelined (which then also needs Allocatable).
     */
    private boolean enough(int preemptor, long[] request, int node, int queue) {
        if (!reclaim && session.plugins.overused(queue)) {
            return false;
        }
        return ResourceFit.shortOfFutureIdle(session, preemptor, request, node) == 0;
    }

    /** Volcano's ValidateVictims: futureIdle plus everything the victims hold covers the request. */
    private boolean enoughRoom(int preemptor, int node) {
        Session s = session;
        long[] request = s.request(preemptor);
        for (int d = 0; d < request.length; d++) {
            if (request[d] == 0) {
                continue;
            }
            long room = s.usage.futureIdle(d, node);
            for (int i = 0; i < victims.size(); i++) {
                long[] v = s.request(victims.getInt(i));
                room += d < v.length ? v[d] : 0;
            }
            if (room < request[d]) {
                return false;
            }
        }
        return true;
    }

    private void ensureNodeScratch(int n) {
        if (rankedNodes.length < n) {
            rankedNodes = new int[n];
            nodeOrder = new int[n];
            nodeScore = new double[n];
            batch = new double[n];
        }
    }
}
