package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.plugin.networktopology.NetworkTopologyAwarePlugin;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.SavedOperations;
import dev.caldera.kernel.statement.Statement;
import dev.caldera.kernel.topology.HyperNodeTree;
import dev.caldera.kernel.session.HyperNodeUsage;
import dev.caldera.kernel.session.SubJobs;
import dev.caldera.kernel.session.TopologySession;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;

/**
 * Finds where one sub-job goes inside a HyperNode: Volcano's {@code allocateForSubJob}. Candidates come tier by
 * tier ({@link HyperNodeGradients}); in a tier they are dry-run in {@link CandidateOrder}: place the tasks
 * ({@link FlatPlacement}) in a statement, save its operations, discard it. The first success is the best
 * (Volcano dry-runs every candidate of the tier and keeps the best-scored success, which is the same one); when
 * the caller needs the exact score (to add sub-job scores up), candidates tied with it are dry-run too, since a
 * tie adds the task share to the score. The first tier with a success wins.
 * <p>
 * Dry runs are exact and deterministic, so within one job's search from one session state each HyperNode's
 * outcome is remembered ({@link #memo}) and a HyperNode that cannot hold even the smallest remaining task (its
 * positive futureIdle summed) is not dry-run at all.
 * <p>
 * Threading: scheduling thread. No allocation once warm.
 */
final class SubJobSearch {
    private final Session session;
    private final FlatPlacement flat;
    private final Statement dry;
    private final SavedPool pool;
    private final SearchReport report;
    private final HyperNodeGradients gradients = new HyperNodeGradients();
    private final CandidateOrder order = new CandidateOrder();
    private NetworkTopologyAwarePlugin plugin;

    private boolean memo;
    private long generation;
    private long[] memoAt = new long[0];
    private boolean[] memoOk = new boolean[0];
    private SavedOperations[] memoSaved = new SavedOperations[0];
    private int[] memoCursor = new int[0];
    private int[] memoReached = new int[0];
    private long[] smallest = new long[0];
    private long[] pending = new long[0];
    /** With {@link #memo} every dry run starts from one state, so the pending sum is computed once per search. */
    private long pendingAt = -1;
    private int pendingSub = -1;

    /** The result of the last successful {@link #search} or {@link #tryFlat}. */
    int chosen;
    double score;
    SavedOperations saved;
    int cursor;
    int reached;

    SubJobSearch(Session session, FlatPlacement flat, Statement dry, SavedPool pool, SearchReport report) {
        this.session = session;
        this.flat = flat;
        this.dry = dry;
        this.pool = pool;
        this.report = report;
    }

    /** A new job's search: forget remembered outcomes; remember from now on only when {@code memo}. */
    void beginJob(NetworkTopologyAwarePlugin p, boolean remember) {
        plugin = p;
        memo = remember;
        generation++;
        int size = session.topologyState().tree().count() + 1;
        if (memoAt.length < size) {
            memoAt = new long[size];
            memoOk = new boolean[size];
            memoSaved = new SavedOperations[size];
            memoCursor = new int[size];
            memoReached = new int[size];
        }
    }

    /** Whether a dry run of {@code h} is remembered as failed in this job's search. */
    boolean knownFailed(int h) {
        return memo && memoAt[h] == generation && !memoOk[h];
    }

    /**
     * The best place for sub-job {@code sub} (its tasks from {@code from}) inside {@code within}; true when found
     * ({@link #chosen}, {@link #score}, {@link #saved}, {@link #cursor}, {@link #reached} hold it).
     */
    boolean search(int job, int sub, Worksheet ws, int from, int within, boolean exactScore) {
        TopologySession t = session.topologyState();
        SubJobs sj = t.subJobs(job);
        prepare(ws, sub, from);
        if (sj.hard(sub) && plugin != null && plugin.gradientEnabled()) {
            gradients.search(t.tree(), t.usage(), within, sj.highestTier(sub), sj.allocated(sub), pendingSum(sj, sub));
        } else {
            gradients.only(within);
        }
        for (int g = 0; g < gradients.groups(); g++) {
            order.sort(gradients.ids, gradients.groupStart.getInt(g), gradients.groupStart.getInt(g + 1), plugin,
                    sj.requestSum(sub), sj.tasks(sub));
            if (bestOfGroup(job, sub, ws, from, exactScore)) {
                return true;
            }
        }
        return false;
    }

    private boolean bestOfGroup(int job, int sub, Worksheet ws, int from, boolean exactScore) {
        int first = -1;
        boolean tied = false;
        SavedOperations firstSaved = null;
        int firstCursor = 0;
        int firstReached = -1;
        for (int i = 0; i < order.size; i++) {
            int idx = order.order[i];
            if (first >= 0 && (!exactScore || order.binpack[idx] != order.binpack[first])) {
                break;
            }
            if (!tryFlat(job, sub, ws, from, order.id(idx))) {
                continue;
            }
            if (first >= 0) {
                tied = true;
                break;
            }
            first = idx;
            firstSaved = saved;
            firstCursor = cursor;
            firstReached = reached;
        }
        if (first < 0) {
            return false;
        }
        chosen = order.id(first);
        saved = firstSaved;
        cursor = firstCursor;
        reached = firstReached;
        boolean scored = plugin != null && plugin.orderEnabled();
        score = scored ? plugin.scaled(order.binpack[first] + (tied ? order.share[first] : 0)) : 0;
        return true;
    }

    /**
     * Whether every candidate below tier {@code tier} that a search inside {@code within} would dry-run is
     * remembered as failed, and {@code within} is the only candidate of that tier: then the search can end only
     * in {@code within} itself, scored as {@link CandidateOrder} scores it.
     */
    boolean onlyItselfLeft(int job, int sub, int within, int tier) {
        TopologySession t = session.topologyState();
        SubJobs sj = t.subJobs(job);
        if (!(sj.hard(sub) && plugin != null && plugin.gradientEnabled())) {
            return true;
        }
        if (sj.allocated(sub) < 0) {
            return noLowerCandidateLeft(t, within, sj.highestTier(sub), pendingSum(sj, sub));
        }
        gradients.search(t.tree(), t.usage(), within, sj.highestTier(sub), sj.allocated(sub), pendingSum(sj, sub));
        for (int i = 0; i < gradients.ids.size(); i++) {
            int x = gradients.ids.getInt(i);
            int xt = t.tree().tier(x);
            if (xt < tier && !knownFailed(x) || xt >= tier && x != within) {
                return false;
            }
        }
        return true;
    }

    /**
     * The same question for a sub-job not allocated anywhere yet (the search root is {@code within}): no HyperNode
     * below {@code within} that the search would take (allowed tier, room for {@code pending}) is not remembered
     * as failed. O(HyperNodes below), no allocation.
     */
    private boolean noLowerCandidateLeft(TopologySession t, int within, int highestTier, long[] pending) {
        HyperNodeTree tree = t.tree();
        for (int i = tree.childStart(within); i < tree.childStart(within + 1); i++) {
            int x = tree.childAt(i);
            boolean candidate = tree.tier(x) <= highestTier && (t.usage().idleCovers(x, pending)
                    || t.usage().futureIdleCovers(x, pending));
            if (candidate && !knownFailed(x) || !noLowerCandidateLeft(t, x, highestTier, pending)) {
                return false;
            }
        }
        return true;
    }

    /** The smallest remaining request per dimension, for the room check of {@link #tryFlat}. */
    void prepare(Worksheet ws, int sub, int from) {
        int dims = session.dims().count();
        if (smallest.length != dims) {
            smallest = new long[dims];
        }
        Arrays.fill(smallest, Long.MAX_VALUE);
        int[] list = ws.tasks[sub];
        for (int i = from; i < list.length; i++) {
            long[] r = session.request(list[i]);
            for (int d = 0; d < dims; d++) {
                smallest[d] = Math.min(smallest[d], d < r.length ? r[d] : 0);
            }
        }
    }

    /** Dry-runs the sub-job on {@code h} (or recalls the outcome); true on success, with the result fields set. */
    boolean tryFlat(int job, int sub, Worksheet ws, int from, int h) {
        if (memo && memoAt[h] == generation) {
            return recall(h);
        }
        boolean ok = false;
        HyperNodeTree tree = session.topologyState().tree();
        if (tree.size(h) > 0 && hasRoom(h, ws, sub, from)) {
            dry.begin();
            ok = flat.run(job, sub, ws, from, h, dry);
            report.tried(h, flat.placed);
            if (ok && dry.size() > 0) {
                saved = pool.take();
                dry.save(saved);
                cursor = flat.cursor;
                reached = flat.reached;
            } else {
                ok = false;
            }
            dry.discard();
        } else {
            report.pruned(h);
        }
        if (memo) {
            memoAt[h] = generation;
            memoOk[h] = ok;
            memoSaved[h] = ok ? saved : null;
            memoCursor[h] = cursor;
            memoReached[h] = reached;
        }
        return ok;
    }

    private boolean recall(int h) {
        if (memoOk[h]) {
            saved = memoSaved[h];
            cursor = memoCursor[h];
            reached = memoReached[h];
        }
        return memoOk[h];
    }

    /** Whether {@code h}'s positive futureIdle, summed, covers the smallest remaining task in every dimension. */
    private boolean hasRoom(int h, Worksheet ws, int sub, int from) {
        if (from >= ws.tasks[sub].length) {
            return false;
        }
        HyperNodeUsage usage = session.topologyState().usage();
        int dims = usage.dims();
        for (int d = 0; d < smallest.length; d++) {
            if (smallest[d] > 0 && (d >= dims || usage.room(d, h) < smallest[d])) {
                return false;
            }
        }
        return true;
    }

    /** Volcano's {@code SubJobInfo.GetMinResources}: the requests of the sub-job's pending tasks (pods apart). */
    long[] pendingSum(SubJobs sj, int sub) {
        if (memo && pendingAt == generation && pendingSub == sub) {
            return pending;
        }
        pendingAt = generation;
        pendingSub = sub;
        int dims = session.dims().count();
        if (pending.length != dims) {
            pending = new long[dims];
        }
        Arrays.fill(pending, 0);
        IntArrayList tasks = sj.tasks(sub);
        for (int i = 0; i < tasks.size(); i++) {
            int task = tasks.getInt(i);
            if (session.status(task) != TaskStatus.PENDING) {
                continue;
            }
            long[] r = session.request(task);
            for (int d = 0; d < r.length && d < dims; d++) {
                pending[d] += d == ResourceDimensions.PODS ? 0 : r[d];
            }
        }
        return pending;
    }
}
