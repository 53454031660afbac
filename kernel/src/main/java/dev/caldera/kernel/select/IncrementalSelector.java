package dev.caldera.kernel.select;

import dev.caldera.kernel.framework.FitErrors;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.longs.Long2ObjectMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectMaps;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;

/**
 * The fast selector: filters and scores the nodes once per task class (a {@link ClassView}), then keeps that view
 * current by re-evaluating only what changed since it was last used, within a session and across sessions. Nodes alike in everything
 * the plugins read ({@link dev.caldera.kernel.framework.NodeInputs}) form one group ({@link NodeGroups}), filtered
 * and scored once per class for all its members; a node whose usage changes in the session (the session's
 * {@link dev.caldera.kernel.session.NodeJournal}) leaves its group for a leaf of its own. Building a view is then
 * O(groups) evaluations instead of O(nodes), and picking a node O(changed nodes x log leaves). Decisions are
 * identical to {@link ScanSelector}'s, with the equivalence on or off; when a task fits nowhere the scan runs once
 * to explain why.
 * <p>
 * The views of classes with equal requests share what a leaf's evaluation reads of the request only, its resource
 * fit and the request-only node scores ({@link ShapeView}, kept per request vector with the leaf's state version),
 * so a placement costs one such evaluation per changed leaf and request, not per class; each view still filters
 * and scores by its class's profiles and keeps its own totals and tree.
 * <p>
 * Views are per task class, and per (class, priority) in sessions that open with pods nominated to nodes,
 * since a nominated pod holds its room only against tasks of lower priority. A view is found by what its class is
 * (request and profiles, {@link ViewKey#digest}), not by the class id, which is freed when the class's last
 * task goes and given out again.
 * <p>
 * Across sessions: when a session is the next one after the last this selector served, its node set and
 * nominations (none) are as before, and every predicate and scorer answers the same
 * {@link dev.caldera.kernel.framework.NodeInputs#stateVersion}, the grouping and the views are kept: the nodes the
 * session lists as changed ({@code SessionView.changedNode}) leave their groups and are evaluated again when a
 * view is next used ({@link NodeGroups#carryOver}). Otherwise every view is built again.
 * <p>
 * Used only when {@code PluginChain.incremental()} holds (every predicate and scorer node-local, batch
 * scorers normalized, no BestNode hook); otherwise every call goes to the scan. A task for which
 * {@code PluginChain.nodeLocal(task)} is false (inter-pod affinity or spread ties its verdicts to other pods
 * across a topology domain, not just to the nodes that changed) goes to the scan too, so no view ever serves
 * a verdict that a placement elsewhere in the domain made stale. Views are bounded by a
 * memory budget; past it, the least recently used view is rebuilt in place for the new class (its arrays reused).
 * <p>
 * Threading: scheduling thread; with a {@link ShardPool} of more than one shard, a view's build from
 * {@code parallelThreshold} leaves (evaluations, then the leaves' pass, totals and tree) and a catch-up's batch of
 * at least {@link #shardedBatchThreshold} refreshes run over leaf shards ({@link ViewShards}), each merged in
 * shard order, so the decisions are the ones one thread makes. Allocation: a view per class the first time the
 * cluster size is seen, up to the budget; none per selection.
 */
public final class IncrementalSelector implements NodeSelector {
    private static final long DEFAULT_BUDGET_BYTES = 256L << 20;
    /** {@link #batchMode}: by the probe (the default); never; from a catch-up's first change (tests). */
    static final int BATCH_BY_PROBE = 0;
    static final int BATCH_NEVER = 1;
    static final int BATCH_ALWAYS = 2;

    private final Session session;
    private final ScanSelector scan;
    private final ShardPool pool;
    private final int parallelThreshold;
    private final long budgetBytes;
    private final boolean enabled;
    private final boolean equivalence;
    private final Long2ObjectOpenHashMap<ClassView> views = new Long2ObjectOpenHashMap<>();
    /** Per request vector: the fit and request-only scores its classes' views share ({@link ShapeView}). */
    private final Long2ObjectOpenHashMap<ShapeView> shapes = new Long2ObjectOpenHashMap<>();
    private final ShardPool.Job evaluateJob = this::evaluateShard;

    private final NodePositions positions = new NodePositions();
    private final NodeGroups groups = new NodeGroups();
    private final EvaluationBuffers buffers = new EvaluationBuffers();
    /** Per profile: the leaves the predicates pass, from the session's first build of a class of it. */
    private final ProfileVerdicts verdicts = new ProfileVerdicts(groups);
    /** The mask of the view being built ({@link ProfileVerdicts#passing}), or null: its predicates run. */
    private long[] buildingMask;
    /** The plugins' state versions at the last session start ({@code PluginChain.stateVersionsHeld}). */
    private final long[] stateVersions;
    /** The cache's live-node array at the last grouping (another array: the node set changed). */
    private int[] liveNodes;
    private long carried;
    /** Per class id: its digest ({@link ViewKey#digest}) and the birth it was taken at. */
    private long[] digests = new long[0];
    private long[] digestBorn = new long[0];
    /** Per class id: the digest of its request ({@link ShapeView#digest}), taken with {@link #digests}. */
    private long[] shapeDigests = new long[0];
    private long sessionId = -1;
    private long clock;
    private boolean byPriority;
    private ClassView building;
    private int buildingTask;
    private boolean fitsIdle;
    private FitErrors errors;
    private long fromViews;
    private long sharedEntries;
    /** Leaves whose build took the shape's entry (added once per shard, by filter workers too). */
    private final AtomicLong sharedInBuilds = new AtomicLong();
    /**
     * Whether a catch-up replays its changes in a batch ({@link ClassView#settle}: no climbs, the tree played once
     * at the end). By default it replays the first eighth of its changes with climbs, counting the matches they
     * play, and the rest in a batch when eight times that count is more than the leaves (about the matches of the
     * whole tree's replay). On the 5,000-node dump a class's jobs are spread over the cycle, so a view used again
     * often has thousands of changes to replay (catch-ups replaying over a fifth of the leaves held 887,002 of the
     * first cycle's 1,021,622 leaf refreshes) and its climbs are deep (6.8 matches each); the headline's long
     * catch-ups climb less (4.9 matches, and fewer of their leaves move), and a fixed share of the leaves as the
     * threshold replayed trees there for more matches than the climbs saved. Tests set the other modes to compare
     * all three with the scan.
     */
    int batchMode = BATCH_BY_PROBE;
    private long batchReplays;
    /** Catch-ups that had changes to replay (tests: every one of them is batched under BATCH_ALWAYS). */
    private long catchUps;
    /**
     * A catch-up with more changes to replay than its view's tree has leaves over this factor builds the view again
     * instead (by the probe, {@link #batchMode}'s default; the tests' other modes always replay): a build evaluates
     * its leaves in batches, the refused ones skipped by the profile's mask, and plays the tree once, where a
     * catch-up refreshes each changed leaf (about three times a build's work per leaf under C1,
     * perf-results/dump-allocate-two-cores.md) and climbs or settles. On the 5,000-node dump's first cycle, 12
     * alternating runs of each (perf-results/dump-allocate.md): allocate's CPU samples 369 without, 336 with a
     * factor of 4; 2 and 3 gained less, 6 and 8 no more. A build's decisions are a fresh view's, so the choice moves
     * no decision.
     */
    static final int REBUILD_FACTOR = 4;
    private long rebuiltCatchUps;
    private long lostViews;
    /** Views built again because a scorer they counted nowhere came to a non-zero raw value (tests). */
    private long rawsLostViews;
    /**
     * A batch ({@link #batchMode}) of at least this many leaf refreshes is replayed on the pool's shards
     * ({@link ViewShards#replayBatch}) when there is a pool of more than one shard. 256: a batched refresh costs
     * about 150 ns of C1 code (the 5,000-node dump's first cycle, CPU profile) and the pool's hand-off about 1 us
     * while the worker spins, 18 to 24 us once it has parked (perf-results/dump-allocate-two-cores.md), so two
     * shards pay from about 270 refreshes even when the worker must be woken. Tests set 0.
     */
    int shardedBatchThreshold = DEFAULT_SHARDED_BATCH;
    static final int DEFAULT_SHARDED_BATCH = 256;
    /** A catch-up's changes to replay, in order ({@link NodeGroups#replayed}). */
    private long[] replayed = new long[0];
    /** A build's later passes and a catch-up's large batches on the pool's shards. */
    private final ViewShards sharded;

    public IncrementalSelector(Session session, ShardPool pool, int parallelThreshold) {
        this(session, pool, parallelThreshold, DEFAULT_BUDGET_BYTES);
    }

    public IncrementalSelector(Session session, ShardPool pool, int parallelThreshold, long budgetBytes) {
        this(session, pool, parallelThreshold, budgetBytes, true);
    }

    /**
     * {@code equivalence} false keeps one result per node in every view, as if every plugin read anything of a
     * node (the differential tests compare both).
     */
    public IncrementalSelector(Session session, ShardPool pool, int parallelThreshold, long budgetBytes,
                               boolean equivalence) {
        this.session = session;
        this.equivalence = equivalence;
        this.scan = new ScanSelector(session, pool, parallelThreshold);
        this.pool = pool;
        this.parallelThreshold = parallelThreshold;
        this.budgetBytes = budgetBytes;
        this.enabled = session.plugins().incremental();
        this.errors = scan.errors();
        this.stateVersions = new long[session.plugins().stateVersionCount()];
        this.sharded = new ViewShards(session, groups, pool);
    }

    /** Whether this session's plugins allow incremental selection (else every call scans). */
    public boolean enabled() {
        return enabled;
    }

    /** Selections answered by a class view since this selector was built (the rest went to the scan). */
    public long fromViews() {
        return fromViews;
    }

    @Override
    public int select(int task) {
        if (!enabled || session.cache().nominations().nodeOf(task) >= 0 || !session.plugins().nodeLocal(task)) {
            // a nominated task's own reservation must not count against it, which sets it apart from its class;
            // a task tied to other pods by inter-pod terms has verdicts no class view can keep
            return scanned(task);
        }
        if (session.id() != sessionId) {
            startSession();
        }
        groups.sync(session.journal(), equivalence);
        ClassView view = view(task);
        int leaf = view.best();
        if (leaf < 0) {
            return scanned(task);
        }
        fitsIdle = view.fitsIdle(leaf);
        fromViews++;
        return positions.node[view.position(leaf)];
    }

    /**
     * Leaf evaluations (in builds and catch-ups) that took the resource fit and the request-only scores from the
     * shape's entry, computed for another class of the same request or earlier for the same class (tests and
     * metrics).
     */
    public long sharedEntries() {
        long n = sharedEntries + sharedInBuilds.get();
        for (ClassView v : views.values()) {
            n += v.sharedEntries;
        }
        return n;
    }

    /** Catch-ups replayed (in part) in a batch, the tree played once at the end ({@link #batchMode}; tests). */
    long batchReplays() {
        return batchReplays;
    }

    /** Catch-ups that had changes to replay, batched or not, built again or not (tests). */
    long catchUps() {
        return catchUps;
    }

    /** Sessions that kept the previous session's grouping and class views (tests and metrics). */
    public long carriedSessions() {
        return carried;
    }

    /** Leaves of the current grouping: groups of alike nodes plus nodes that left theirs (tests). */
    int leaves() {
        return groups.leaves();
    }

    /** Groups of alike nodes the session's nodes formed at the last grouping (tests and metrics). */
    public int nodeGroups() {
        return groups.groups();
    }

    @Override
    public boolean fitsIdle() {
        return fitsIdle;
    }

    @Override
    public FitErrors errors() {
        return errors;
    }

    private int scanned(int task) {
        int node = scan.select(task);
        fitsIdle = scan.fitsIdle();
        errors = scan.errors();
        return node;
    }

    private void startSession() {
        boolean next = session.id() == sessionId + 1;
        sessionId = session.id();
        boolean wasByPriority = byPriority;
        byPriority = session.cache().nominations().count() > 0;
        boolean held = session.plugins().stateVersionsHeld(stateVersions);
        if (next && held && !byPriority && !wasByPriority && session.liveNodes() == liveNodes
                && groups.carryOver(session, equivalence)) {
            verdicts.clear(session.nodeCount());
            // a view's freesAt counts frees in the journal of the session it names (freesSession), so frees
            // counted in another session's journal never pass for this one's: nothing to walk per view here
            carried++;
            return;
        }
        liveNodes = session.liveNodes();
        int n = session.nodeCount();
        boolean sameNodes = !views.isEmpty() && views.values().iterator().next().size() == n;
        if (!sameNodes) {
            views.clear();
            shapes.clear();
        }
        for (ClassView v : views.values()) {
            v.syncedAt = Long.MIN_VALUE;
        }
        positions.rebuild(session);
        groups.regroup(session, positions, equivalence);
        buffers.ensure(n);
        verdicts.clear(n);
    }

    private ClassView view(int task) {
        int cls = session.taskTable().taskClass(task);
        long born = session.classTable().born(cls);
        long key = viewKey(task, cls, born);
        ClassView view = views.get(key);
        if (view == null) {
            view = newView(key);
        }
        view.lastUse = ++clock;
        useShape(view, shape(cls));
        if (view.syncedAt == Long.MIN_VALUE || view.epoch != groups.epoch || !groups.covers(view.syncedAt)
                || !view.identity.standsFor(session, cls, born)) {
            // another class with the same key (a digest collision) takes the view over
            build(view, task);
        } else {
            writeShape(view.shape, 2);
            catchUp(view, task);
        }
        view.syncedAt = groups.changeSequence();
        view.epoch = groups.epoch;
        view.freesAt = session.journal().frees();
        view.freesSession = sessionId;
        view.identity.standFor(session, cls, born);
        return view;
    }

    /**
     * Before a build ({@code views} 1) or a catch-up (2): the shape's entries may be written at the groups' newest
     * version when it has that many views (a catch-up of a shape's only view neither reads nor writes them).
     */
    private void writeShape(ShapeView shape, int views) {
        if (shape != null && shape.views >= views) {
            shape.writing(groups.newestVersion());
        }
    }

    /** Gives {@code view} the shape {@code shape} (null: none), keeping both shapes' counts of their views. */
    private static void useShape(ClassView view, ShapeView shape) {
        if (view.shape == shape) {
            return;
        }
        if (view.shape != null) {
            view.shape.views--;
        }
        if (shape != null) {
            shape.views++;
        }
        view.shape = shape;
    }

    /** The class's digest (kept per class id and birth), mixed with the priority while pods are nominated. */
    private long viewKey(int task, int cls, long born) {
        if (cls >= digestBorn.length) {
            int size = Math.max(cls + 1, digestBorn.length * 2);
            digestBorn = Arrays.copyOf(digestBorn, size);
            digests = Arrays.copyOf(digests, size);
            shapeDigests = Arrays.copyOf(shapeDigests, size);
        }
        if (digestBorn[cls] != born) {
            digestBorn[cls] = born;
            digests[cls] = ViewKey.digest(session, cls);
            shapeDigests[cls] = ShapeView.digest(session.classTable().request(cls));
        }
        long digest = digests[cls];
        return byPriority ? ViewKey.mix(digest + session.taskTable().priority(task)) : digest;
    }

    private ClassView newView(long key) {
        int n = session.nodeCount();
        long each = ClassView.bytesFor(n, session.plugins().normalizedScorers().length);
        long limit = Math.max(2, budgetBytes / Math.max(1, each));
        ClassView view = null;
        while (views.size() >= limit) {
            view = views.remove(leastRecentlyUsed(views, v -> v.lastUse));
            sharedEntries += view.sharedEntries;
            view.sharedEntries = 0;
            // a view out of the map is no longer one of its shape's views (ShapeView.views counts those in it)
            useShape(view, null);
        }
        if (view == null) {
            view = new ClassView(session, groups, key, n);
        } else {
            // past the budget the least recently used view gives its arrays to the new class: a cluster with more
            // classes than views then rebuilds views, but allocates nothing once it has reached the budget
            view.reuse(key);
        }
        view.syncedAt = Long.MIN_VALUE;
        views.put(key, view);
        return view;
    }

    /**
     * The shape of class {@code cls} ({@link #viewKey} took its digest), or null while pods are nominated: room
     * held for them depends on the task's priority, not only on its request. A shape is made the first time a
     * request is seen at this cluster size; there are at most as many as views, past which the least recently used
     * one serves the new request with its arrays.
     */
    private ShapeView shape(int cls) {
        if (byPriority || session.cache().nominations().count() > 0) {
            return null;
        }
        long[] request = session.classTable().request(cls);
        long key = shapeDigests[cls];
        ShapeView shape = shapes.get(key);
        if (shape != null && !Arrays.equals(shape.request, request)) {
            // two requests with one digest: the new one takes the shape over
            shape.reuse(key, request);
        }
        if (shape == null) {
            int n = session.nodeCount();
            long limit = Math.max(2, budgetBytes / Math.max(1, ClassView.bytesFor(n,
                    session.plugins().normalizedScorers().length)));
            while (shapes.size() >= limit) {
                ShapeView victim = shapes.remove(leastRecentlyUsed(shapes, v -> v.lastUse));
                if (shape == null) {
                    shape = victim;
                }
            }
            if (shape == null) {
                shape = new ShapeView(key, request, n);
            } else {
                shape.reuse(key, request);
            }
            shapes.put(key, shape);
        }
        shape.lastUse = clock;
        return shape;
    }

    /** The key of the entry of {@code map} with the smallest {@code lastUse} (-1 when empty); eviction only. */
    private static <T> long leastRecentlyUsed(Long2ObjectOpenHashMap<T> map, ToLongFunction<T> lastUse) {
        long victim = -1;
        long oldest = Long.MAX_VALUE;
        for (Long2ObjectMap.Entry<T> e : Long2ObjectMaps.fastIterable(map)) {
            long used = lastUse.applyAsLong(e.getValue());
            if (used < oldest) {
                oldest = used;
                victim = e.getLongKey();
            }
        }
        return victim;
    }

    /**
     * Builds {@code view} for {@code task}'s class: every leaf evaluated, then its totals and tree. When the
     * predicates' verdicts are one per profile and session ({@link ProfileVerdicts}), a class whose profile had a
     * view built in this grouping takes the verdicts from there (no predicate runs), and the first one leaves its
     * own. The shape's entries may be written at the groups' newest version ({@link #writeShape}).
     */
    private void build(ClassView view, int task) {
        writeShape(view.shape, 1);
        boolean masked = groups.staticVerdicts && session.plugins().predicatesProfileOnly();
        long profileKey = masked ? profileKey(task) : 0;
        buildingMask = masked ? verdicts.passing(profileKey) : null;
        boolean record = masked && buildingMask == null;
        evaluateAndRebuild(view, task);
        buildingMask = null;
        if (record) {
            verdicts.record(profileKey, view.passedBits(), view.built(), viewLimit());
        }
    }

    private long profileKey(int task) {
        int cls = session.taskTable().taskClass(task);
        int profile = session.plugins().verdictProfile(session.classTable().profile(cls));
        return ProfileVerdicts.key(profile, session.classTable().interPod(cls));
    }

    /** Views the memory budget holds at this cluster size (at least 2). */
    private long viewLimit() {
        long each = ClassView.bytesFor(session.nodeCount(), session.plugins().normalizedScorers().length);
        return Math.max(2, budgetBytes / Math.max(1, each));
    }

    private void evaluateAndRebuild(ClassView view, int task) {
        building = view;
        buildingTask = task;
        if (pool != null && pool.shards() > 1 && groups.leaves() >= parallelThreshold) {
            pool.run(evaluateJob);
            building = null;
            // rebuild's passes on the shards too: leaves, counts (merged in shard order), totals and subtrees
            sharded.rebuild(view, task);
            return;
        }
        evaluateShard(0, 1);
        building = null;
        view.rebuild(task, memberTrees());
    }

    /**
     * Whether a view built now keeps only its member leaves in its tree ({@code LeafTree.compact}): when the
     * predicates' verdicts hold for the session, and no pool shards the view's tree (its blocks are leaf ranges).
     */
    private boolean memberTrees() {
        return groups.staticVerdicts && (pool == null || pool.shards() <= 1);
    }

    private void evaluateShard(int shard, int shards) {
        ClassView view = building;
        int n = groups.leaves();
        int from = (int) ((long) n * shard / shards);
        int to = (int) ((long) n * (shard + 1) / shards);
        int shared = BatchEvaluation.evaluateAll(view, buildingTask, from, to, buffers, buildingMask);
        if (shared > 0) {
            sharedInBuilds.addAndGet(shared);
        }
    }

    /**
     * Replays the groups' changes since the view was synced: each leaf whose node changed is evaluated again once,
     * each leaf whose weight or representative moved re-weighed once (at its first such change in the replay,
     * {@link NodeGroups#repeats}), read first ({@link NodeGroups#replayed}) without the changes that repeat one.
     */
    private void catchUp(ClassView view, int task) {
        long now = groups.changeSequence();
        if (view.syncedAt == now) {
            return;
        }
        catchUps++;
        // nominations hold room that other placements can give back without an operation freeing it
        boolean shrinkOnly = equivalence && !byPriority && view.freesSession == sessionId
                && session.journal().frees() == view.freesAt;
        long sessionStart = groups.sessionStart();
        long probeEnd = batchMode == BATCH_ALWAYS ? view.syncedAt
                : batchMode == BATCH_NEVER ? now : view.syncedAt + ((now - view.syncedAt) >> 3);
        if (replayed.length < now - view.syncedAt) {
            replayed = new long[(int) Math.max(now - view.syncedAt, 2L * replayed.length)];
        }
        int count = groups.replayed(view.syncedAt, replayed);
        if (batchMode == BATCH_BY_PROBE && (long) count * REBUILD_FACTOR > view.treeLeaves()) {
            // more changes than a quarter of the tree's leaves: built again (see REBUILD_FACTOR)
            rebuiltCatchUps++;
            build(view, task);
            return;
        }
        boolean batch = false;
        // the probe ends at the first change replayed from probeEnd on (none is replayed between the two), or at
        // the end of the changes
        boolean probed = probeEnd >= now;
        view.tree.climbed = 0;
        for (int i = 0; i <= count; i++) {
            long s = i < count ? replayed[i] : now;
            if (!probed && s >= probeEnd) {
                probed = true;
                if (batchMode == BATCH_ALWAYS || view.tree.climbed * 8 > groups.leaves()) {
                    batch = true;
                    batchReplays++;
                    if (pool != null && pool.shards() > 1 && now - probeEnd >= shardedBatchThreshold) {
                        sharded.replayBatch(view, task, replayed, i, count, shardedBatchThreshold, shrinkOnly,
                                sessionStart);
                        view.settle(task);
                        return;
                    }
                }
            }
            if (i == count) {
                break;
            }
            int change = groups.change(s);
            int leaf = change >>> 1;
            boolean evaluate = (change & 1) != 0;
            boolean across = s < sessionStart;
            boolean shrinking = shrinkOnly && !across;
            if (!view.refreshedNoFit(leaf, evaluate, shrinking, across)) {
                view.refresh(task, leaf, evaluate, shrinking, across, batch);
            }
            if (view.lost) {
                break;
            }
        }
        if (view.lost) {
            // a leaf out of the view's tree came to fit, or a raw value of a scorer the view counted nowhere is not
            // 0 (ClassView.zeroRaws): built again, from every leaf's state now
            if (view.rawsLost) {
                rawsLostViews++;
            } else {
                lostViews++;
            }
            build(view, task);
        } else if (batch) {
            view.settle(task);
        }
    }

    /** Catch-ups that built their view again instead of replaying its changes ({@link #REBUILD_FACTOR}; tests). */
    long rebuiltCatchUps() {
        return rebuiltCatchUps;
    }

    /** Views built again in a catch-up because a leaf out of their tree came to fit (tests). */
    long lostViews() {
        return lostViews;
    }

    /** Views built again because a raw value of a scorer they counted nowhere was not 0 ({@code ClassView.zeroRaws}). */
    long rawsLostViews() {
        return rawsLostViews;
    }

    /** Catch-up batches replayed on the pool's shards (tests and metrics). */
    long shardedBatches() {
        return sharded.shardedBatches();
    }

    /** Sharded batches whose refreshes more than one shard replayed (tests). */
    long splitBatches() {
        return sharded.splitBatches();
    }
}
