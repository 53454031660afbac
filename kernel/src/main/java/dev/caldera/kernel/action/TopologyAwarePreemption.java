package dev.caldera.kernel.action;

import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.select.ResourceFit;
import dev.caldera.kernel.session.Decisions;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Preempt with {@code enableTopologyAwarePreemption} (current Volcano's {@code topologyAwarePreempt},
 * {@code findCandidates}, {@code DryRunPreemption}, {@code SelectVictimsOnNode}, {@code SelectCandidate},
 * {@code pickOneNodeForPreemption} and {@code prepareCandidate} in actions/preempt/preempt.go). Instead of
 * evicting node by node until the preemptor fits, it dry-runs each candidate node for the smallest set of
 * victims that lets the preemptor in, then takes the best such node:
 * <ol>
 *   <li>on a node, the plugins' victims ({@link Eviction#victimsOn}) are evicted in victim order until the
 *       preemptor fits: its queue is Allocatable for it, its request fits the node's futureIdle, and the
 *       simulated predicates pass (Volcano's SimulatePredicateFn: the InterPodAffinity filter against the pods
 *       left, so evicting a pod that the preemptor's anti-affinity, or whose anti-affinity, forbids makes
 *       room); a node where nothing needs evicting, or where even every victim gone does not satisfy the
 *       simulated predicates, is no candidate;</li>
 *   <li>the evicted ones are then reprieved highest priority first (the reverse of eviction order): each is
 *       put back if the preemptor still fits, so only the victims that are needed remain;</li>
 *   <li>candidate nodes are dry-run in order until {@link PreemptOptions#candidatesFor} of them are found; the
 *       one picked has the lowest priority among its first victim, then the smallest sum of victim
 *       priorities, then the fewest victims, then the latest start of its highest-priority victims, then comes
 *       first;</li>
 *   <li>its victims are evicted and the preemptor is pipelined there (nominated on commit), without asking the
 *       predicates again, as Volcano does.</li>
 * </ol>
 * Dry runs are evictions in the action's statement undone with {@link Statement#rollback}, so plugins see each
 * trial exactly as Volcano's simulation hooks (SimulateRemoveTask/AddTask) show it to them. Deterministic where
 * Volcano is not: nodes are tried from the first (Volcano starts at a random offset, on parallel workers) and
 * the remaining tie goes to the first node tried. A pod's start time is taken to be its creation time
 * ({@code status.startTime} is not read).
 * <p>
 * Threading: scheduling thread. Allocation: victim lists of the candidates found, per preemptor.
 */
final class TopologyAwarePreemption {
    private final Statement statement;
    private final Eviction eviction;
    private final PreemptOptions options;
    private final IntArrayList potential = new IntArrayList();
    private final IntArrayList kept = new IntArrayList();
    private Session session;

    TopologyAwarePreemption(Statement statement, Eviction eviction, PreemptOptions options) {
        this.statement = statement;
        this.eviction = eviction;
        this.options = options;
    }

    void open(Session s) {
        session = s;
    }

    /** Dry-runs {@code nodes[0..count)}; true when the preemptor was pipelined onto the best candidate. */
    boolean preemptOn(int preemptor, int[] nodes, int count, Eviction.Candidates filter) {
        int wanted = options.candidatesFor(count);
        int bestNode = -1;
        int[] best = null;
        int found = 0;
        for (int i = 0; i < count && found < wanted; i++) {
            int[] victims = selectVictims(preemptor, nodes[i], filter);
            if (victims == null) {
                continue;
            }
            found++;
            if (best == null || better(victims, best)) {
                best = victims;
                bestNode = nodes[i];
            }
        }
        if (best == null) {
            return false;
        }
        for (int victim : best) {
            statement.evict(victim, Decisions.PREEMPT);
        }
        session.decisions().preemptionAttempted();
        statement.pipeline(preemptor, bestNode, true);
        return true;
    }

    /** {@code SelectVictimsOnNode}: the needed victims, highest priority first, or null when no candidate. */
    private int[] selectVictims(int preemptor, int node, Eviction.Candidates filter) {
        IntArrayList victims = eviction.victimsOn(preemptor, node, filter);
        if (victims == null || victims.isEmpty()) {
            return null;
        }
        long mark = statement.mark();
        potential.clear();
        for (int i = 0; i < victims.size(); i++) {
            potential.add(victims.getInt(i));
            statement.evict(victims.getInt(i), Decisions.PREEMPT);
            if (fits(preemptor, node)) {
                break;
            }
        }
        boolean possible = session.plugins().simulatePredicate(preemptor, node) == FitReason.OK;
        statement.rollback(mark);
        return possible ? reprieve(preemptor, node, mark) : null;
    }

    /** Puts the potential victims back, highest priority first, keeping out only those the preemptor needs gone. */
    private int[] reprieve(int preemptor, int node, long mark) {
        kept.clear();
        kept.addAll(potential);
        IntArrayList order = new IntArrayList();
        for (int i = potential.size() - 1; i >= 0; i--) {
            int candidate = potential.getInt(i);
            kept.rem(candidate);
            for (int k = 0; k < kept.size(); k++) {
                statement.evict(kept.getInt(k), Decisions.PREEMPT);
            }
            boolean fits = fits(preemptor, node);
            statement.rollback(mark);
            if (!fits) {
                kept.add(candidate);
                order.add(candidate);
            }
        }
        return order.isEmpty() ? null : order.toIntArray();
    }

    /** SimulateAllocatableFn, the request within futureIdle, and SimulatePredicateFn. */
    private boolean fits(int preemptor, int node) {
        Session s = session;
        return s.plugins().allocatable(s.queueOf(preemptor), preemptor)
                && ResourceFit.shortOfFutureIdle(s, preemptor, s.request(preemptor), node) == 0
                && s.plugins().simulatePredicate(preemptor, node) == FitReason.OK;
    }

    /** {@code pickOneNodeForPreemption} without PDBs: true when victims {@code a} beat {@code b}. */
    private boolean better(int[] a, int[] b) {
        TaskTable tasks = session.taskTable();
        if (tasks.priority(a[0]) != tasks.priority(b[0])) {
            return tasks.priority(a[0]) < tasks.priority(b[0]);
        }
        long sumA = prioritySum(a);
        long sumB = prioritySum(b);
        if (sumA != sumB) {
            return sumA < sumB;
        }
        if (a.length != b.length) {
            return a.length < b.length;
        }
        return earliestStartOfHighest(a) > earliestStartOfHighest(b);
    }

    /** Sum of victim priorities, each shifted by 2^31 so that negative priorities cannot favour more victims. */
    private long prioritySum(int[] victims) {
        long sum = 0;
        for (int v : victims) {
            sum += (long) session.taskTable().priority(v) + (1L << 31);
        }
        return sum;
    }

    /** {@code GetEarliestPodStartTime}: the earliest start among the victims of the highest priority. */
    private long earliestStartOfHighest(int[] victims) {
        TaskTable tasks = session.taskTable();
        long earliest = tasks.creationMs(victims[0]);
        int max = tasks.priority(victims[0]);
        for (int v : victims) {
            if (tasks.priority(v) == max) {
                earliest = Math.min(earliest, tasks.creationMs(v));
            } else if (tasks.priority(v) > max) {
                max = tasks.priority(v);
                earliest = session.taskTable().creationMs(v);
            }
        }
        return earliest;
    }
}
