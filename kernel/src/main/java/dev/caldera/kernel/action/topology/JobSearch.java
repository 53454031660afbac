package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.plugin.networktopology.NetworkTopologyAwarePlugin;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.SavedOperations;
import dev.caldera.kernel.statement.Statement;
import dev.caldera.kernel.topology.HyperNodeTree;
import dev.caldera.kernel.session.SubJobs;
import dev.caldera.kernel.session.TopologySession;

/**
 * Finds the HyperNode a job goes to: Volcano's {@code allocateForJob}. Candidates come tier by tier, lowest first
 * ({@link HyperNodeGradients}: for a hard-mode job the HyperNodes of allowed tiers with room for its
 * minResources, else the whole cluster); for each candidate the job's sub-jobs are placed inside it in turn
 * ({@link SubJobSearch}) and the attempt is saved and taken back when the job became ready or pipelined. The
 * first tier with a success wins, with the best-scored attempt (the sum of its sub-jobs' scores; ties to the
 * first by name).
 * <p>
 * A job with one sub-job (no sub-group policy) needs no attempt per candidate: every dry run starts from the
 * same state, so outcomes are remembered, and a candidate whose lower-tier candidates all failed can only end in
 * itself with its own bin-packing score; such candidates are tried best-scored first and the first success ends
 * the tier. Candidates where that does not hold are searched in full first.
 * <p>
 * Threading: scheduling thread. No allocation once warm.
 */
final class JobSearch {
    private final Session session;
    private final SubJobSearch sub;
    private final Statement attempt;
    private final SavedPool pool;
    private final SubJobQueue queue;
    final HyperNodeGradients candidates = new HyperNodeGradients();
    private final CandidateOrder order = new CandidateOrder();
    private NetworkTopologyAwarePlugin plugin;

    /** The winner after a successful {@link #search}: HyperNode, operations, cursors and sub-job HyperNodes. */
    int chosen;
    SavedOperations saved;
    int[] cursors = new int[1];
    int[] decisions = new int[1];
    private double bestScore;
    private int[] scratchCursors = new int[1];
    private int[] scratchDecisions = new int[1];
    private int[] snapshot = new int[1];
    private boolean[] simple = new boolean[16];

    JobSearch(Session session, SubJobSearch sub, Statement attempt, SavedPool pool) {
        this.session = session;
        this.sub = sub;
        this.attempt = attempt;
        this.pool = pool;
        this.queue = new SubJobQueue(session);
    }

    boolean search(int job, Worksheet ws, NetworkTopologyAwarePlugin p) {
        plugin = p;
        TopologySession t = session.topologyState();
        SubJobs sj = t.subJobs(job);
        ensure(sj.count());
        boolean single = sj.count() == 1;
        sub.beginJob(p, single);
        if (t.hard(job) && p != null && p.gradientEnabled()) {
            candidates.search(t.tree(), t.usage(), t.tree().root(), t.highestTier(job), t.allocated(job),
                    session.jobTable().minResources(job));
        } else {
            candidates.only(t.tree().root());
        }
        for (int g = 0; g < candidates.groups(); g++) {
            chosen = -1;
            if (single ? tierOfOne(job, ws, g) : tierOfMany(job, ws, g)) {
                return true;
            }
        }
        return false;
    }

    /** The requests of the job's pending tasks (its first sub-job's, pods apart), for reasons. */
    long[] pendingSum(int job) {
        return sub.pendingSum(session.topologyState().subJobs(job), 0);
    }

    // ---------------------------------------------------------------- one sub-job

    private boolean tierOfOne(int job, Worksheet ws, int g) {
        SubJobs sj = session.topologyState().subJobs(job);
        int tier = candidates.tierOf(session.topologyState().tree(), g);
        order.sort(candidates.ids, candidates.groupStart.getInt(g), candidates.groupStart.getInt(g + 1), plugin,
                sj.requestSum(0), sj.tasks(0));
        int from = ws.pos[0];
        if (simple.length < order.size) {
            simple = new boolean[Math.max(order.size, simple.length * 2)];
        }
        for (int i = 0; i < order.size; i++) {
            int h = order.id(order.order[i]);
            simple[i] = sub.onlyItselfLeft(job, 0, h, tier);
            if (!simple[i] && sub.search(job, 0, ws, from, h, true)) {
                consider(h, sub.score, sub.saved, sj, 0);
            }
        }
        for (int i = 0; i < order.size; i++) {
            int h = order.id(order.order[i]);
            if (simple[i] && sub.search(job, 0, ws, from, h, false)) {
                consider(h, sub.score, sub.saved, sj, 0);
                break;
            }
        }
        return chosen >= 0;
    }

    private void consider(int h, double score, SavedOperations ops, SubJobs sj, int k) {
        if (chosen >= 0 && (score < bestScore || score == bestScore && h > chosen)) {
            return;
        }
        chosen = h;
        bestScore = score;
        saved = ops;
        cursors[k] = sub.cursor;
        decisions[k] = session.topologyState().tree().lca(sj.allocated(k), sub.chosen);
    }

    // ---------------------------------------------------------------- several sub-jobs

    private boolean tierOfMany(int job, Worksheet ws, int g) {
        TopologySession t = session.topologyState();
        SubJobs sj = t.subJobs(job);
        for (int i = candidates.groupStart.getInt(g); i < candidates.groupStart.getInt(g + 1); i++) {
            int h = candidates.ids.getInt(i);
            double score = attemptIn(job, ws, h, sj);
            if (score >= 0 && (chosen < 0 || score > bestScore)) {
                chosen = h;
                bestScore = score;
                saved = pool.take();
                attempt.save(saved);
                System.arraycopy(scratchCursors, 0, cursors, 0, sj.count());
                System.arraycopy(scratchDecisions, 0, decisions, 0, sj.count());
            }
            attempt.discard();
        }
        return chosen >= 0;
    }

    /**
     * Places the sub-jobs inside {@code h} one after another into the attempt statement; the summed score when
     * the job ended ready or pipelined with something placed, else -1. The caller discards the attempt.
     */
    private double attemptIn(int job, Worksheet ws, int h, SubJobs sj) {
        HyperNodeTree tree = session.topologyState().tree();
        attempt.begin();
        System.arraycopy(ws.pos, 0, scratchCursors, 0, sj.count());
        sj.copyAllocated(snapshot);
        java.util.Arrays.fill(scratchDecisions, 0, sj.count(), -1);
        double score = 0;
        queue.fill(job, sj, ws, scratchCursors);
        while (!queue.isEmpty()) {
            int k = queue.pop();
            if (!sub.search(job, k, ws, scratchCursors[k], h, true)) {
                continue;
            }
            attempt.recover(sub.saved);
            scratchCursors[k] = sub.cursor;
            score += sub.score;
            sj.allocated(k, tree.lca(sj.allocated(k), sub.chosen));
            scratchDecisions[k] = sj.allocated(k);
            if (scratchCursors[k] < ws.tasks[k].length) {
                queue.push(k);
            }
            if (session.plugins().jobReady(job)) {
                break;
            }
        }
        sj.restoreAllocated(snapshot);
        boolean placed = attempt.size() > 0;
        return placed && (session.plugins().jobReady(job) || session.plugins().jobPipelined(job)) ? score : -1;
    }

    private void ensure(int n) {
        if (cursors.length < n) {
            cursors = new int[n];
            decisions = new int[n];
            scratchCursors = new int[n];
            scratchDecisions = new int[n];
            snapshot = new int[n];
        }
        java.util.Arrays.fill(decisions, 0, n, -1);
    }
}
