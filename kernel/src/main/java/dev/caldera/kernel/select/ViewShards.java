package dev.caldera.kernel.select;

import dev.caldera.kernel.session.Session;

import java.util.Arrays;

/**
 * A {@link ClassView}'s work on the {@link ShardPool}'s shards: the passes of a build after its evaluations (the
 * leaves' weights and bits, the histograms, the totals and the tree's blocks), and a catch-up's batch of
 * refreshes, each shard on leaves of its own, what the shards count apart ({@link ViewPart}) merged in shard
 * order, so that the view ends as one thread leaves it, whatever the threads' timing. It works on the view's
 * columns, histograms and tree themselves (package-private in ClassView); the single-threaded paths stay in
 * ClassView.
 * <p>
 * Threading: {@link #rebuild} and {@link #replayBatch} on the scheduling thread, which runs their jobs on the pool
 * and waits for them; a job writes only its shard's blocks of the tree or 64-leaf words of leaves, and its own part.
 * Allocation: the parts once per shard count and scorer count, the batch's arrays when a batch or the cluster is
 * larger than any before (a part's histogram doubles when a raw value is larger than any it has seen); none per
 * batch otherwise.
 */
final class ViewShards {
    private static final byte EVALUATE = 1;
    private static final byte SHRINK_ONLY = 2;
    private static final byte ACROSS = 4;
    private static final byte ADDED = 8;
    private static final byte DEFERRED = 16;

    private final Session session;
    private final NodeGroups groups;
    private final ShardPool pool;
    private ViewPart[] parts = new ViewPart[0];
    /** The view whose rebuild or settle runs on the shards ({@link #prepareShard}, {@link #finishShard}). */
    private ClassView finishing;
    private int finishingTask;
    private boolean finishTotals;
    private final ShardPool.Job prepareJob = this::prepareShard;
    private final ShardPool.Job finishJob = this::finishShard;
    /** A sharded batch's refreshes in change order: leaf, and {@link #EVALUATE} etc. */
    private int[] batchLeaves = new int[0];
    private byte[] batchFlags = new byte[0];
    private int batchCount;
    /** A number per catch-up replayed in a sharded batch, for the marks below. */
    private long batchStamp;
    /** Per leaf: the stamp of the catch-up whose batch evaluates the leaf again (a group its new leaves read). */
    private long[] batchEvaluatedAt = new long[0];
    /** Per leaf: the stamp of the catch-up whose batch makes a leaf of a node that left this group. */
    private long[] originAt = new long[0];
    /** Refreshes per 64-leaf word of a sharded batch, then the first leaf of each shard (whole words). */
    private int[] wordLoad = new int[0];
    private int[] shardFrom = new int[0];
    private ClassView replaying;
    /** Whether the shards replay the batch's deferred evaluations of groups (the second run), or the rest. */
    private boolean replayingDeferred;
    private int replayingTask;
    private final ShardPool.Job replayJob = this::replayShard;
    private long shardedBatches;
    private long splitBatches;

    ViewShards(Session session, NodeGroups groups, ShardPool pool) {
        this.session = session;
        this.groups = groups;
        this.pool = pool;
    }

    /**
     * {@link ClassView#rebuild} on the shards, after every leaf of the groups was evaluated: the leaves' first pass
     * and their counts (merged in shard order), then the totals and the blocks' subtrees, then the tree's top.
     */
    void rebuild(ClassView view, int task) {
        startRebuild(view);
        ensureParts(view);
        finishing = view;
        finishingTask = task;
        pool.run(prepareJob);
        countParts(view, task, parts, pool.shards());
        finishTotals = true;
        pool.run(finishJob);
        finishing = null;
        finishTop(view);
    }

    /** Catch-up batches replayed on the pool's shards (tests and metrics). */
    long shardedBatches() {
        return shardedBatches;
    }

    /** Sharded batches whose refreshes more than one shard replayed (tests). */
    long splitBatches() {
        return splitBatches;
    }

    /**
     * Replays the changes {@code replayed[first, replays)} of a catch-up in a batch: on the pool's shards when it
     * refreshes at least {@code threshold} leaves, else with {@link ClassView#refresh} as the selector's catch-up
     * does. First, on this thread, the changes are read as the catch-up read them (each leaf evaluated at most
     * once, re-weighed at most once before that) and the new leaves made ({@link ClassView#pad}); then each shard
     * refreshes the leaves of its whole 64-leaf words ({@link #refreshPart}) in change order, the words split so
     * that the shards get about as many refreshes each; then the view merges the shards' parts in shard order
     * ({@link #merge}). A refresh reads and writes only its leaf, except that a node's new leaf starts from its
     * group's results: a group that such a node left earlier in the batch and that the batch evaluates again (its
     * last member changed) is evaluated in a second run on the shards ({@link #DEFERRED}), after every leaf that
     * read it, as in change order. So the view ends as one thread would leave it, whatever the threads' timing. (A
     * group left with no member, which a node's change never makes, keeps the batch on this thread.) The caller
     * settles the view after.
     */
    void replayBatch(ClassView view, int task, long[] replayed, int first, int replays, int threshold,
                     boolean shrinkOnly, long sessionStart) {
        long stamp = ++batchStamp;
        int n = groups.leaves();
        if (batchLeaves.length < replays - first) {
            int size = Math.max(replays - first, 2 * batchLeaves.length);
            batchLeaves = new int[size];
            batchFlags = new byte[size];
        }
        if (batchEvaluatedAt.length < n) {
            batchEvaluatedAt = new long[Math.max(n, session.nodeCount())];
            originAt = new long[batchEvaluatedAt.length];
        }
        int count = 0;
        int deferred = 0;
        int made = view.built();
        boolean ordered = false;
        for (int r = first; r < replays; r++) {
            // the catch-up's first changes, replayed before, count: a leaf done there is not done again
            long s = replayed[r];
            int change = groups.change(s);
            int leaf = change >>> 1;
            boolean evaluate = (change & 1) != 0;
            if (evaluate) {
                batchEvaluatedAt[leaf] = stamp;
            }
            boolean across = s < sessionStart;
            byte flags = (byte) ((evaluate ? EVALUATE : 0) | (shrinkOnly && !across ? SHRINK_ONLY : 0)
                    | (across ? ACROSS : 0));
            if (leaf >= made) {
                flags |= ADDED;
                made = leaf + 1;
                originAt[groups.origin(leaf)] = stamp;
            }
            if (evaluate && originAt[leaf] == stamp) {
                // a node that left this group earlier in the batch reads the group's results as they are now:
                // the group is evaluated again once the shards are done
                flags |= DEFERRED;
                batchEvaluatedAt[leaf] = 0;
                deferred++;
            }
            batchLeaves[count] = leaf;
            batchFlags[count++] = flags;
        }
        for (int i = 0; i < count && !ordered; i++) {
            if ((batchFlags[i] & ADDED) != 0) {
                int group = groups.origin(batchLeaves[i]);
                ordered = group != batchLeaves[i]
                        && (batchEvaluatedAt[group] == stamp || groups.weight(group) == 0);
            }
        }
        if (count == 0 || count < threshold || ordered) {
            for (int i = 0; i < count; i++) {
                byte f = batchFlags[i];
                view.refresh(task, batchLeaves[i], (f & EVALUATE) != 0, (f & SHRINK_ONLY) != 0, (f & ACROSS) != 0,
                        true);
            }
            return;
        }
        for (int i = 0; i < count; i++) {
            if ((batchFlags[i] & ADDED) != 0) {
                view.pad(batchLeaves[i]);
            }
        }
        int shards = pool.shards();
        splitWords(view.built(), count, shards);
        ensureParts(view);
        batchCount = count;
        replaying = view;
        replayingTask = task;
        replayingDeferred = false;
        pool.run(replayJob);
        if (deferred > 0) {
            replayingDeferred = true;
            pool.run(replayJob);
        }
        replaying = null;
        shardedBatches++;
        if (spans(count)) {
            splitBatches++;
        }
        merge(view, task, parts, shards);
        settle(view, task);
    }

    /**
     * Splits the leaves {@code [0, built)} into {@code shards} runs of whole 64-leaf words (the views' bit-words),
     * each with about {@code count / shards} of the batch's refreshes: {@link #shardFrom}.
     */
    private void splitWords(int built, int count, int shards) {
        int words = (built + 63) >> 6;
        if (wordLoad.length < words) {
            wordLoad = new int[Math.max(words, (session.nodeCount() + 63) >> 6)];
        }
        if (shardFrom.length < shards + 1) {
            shardFrom = new int[shards + 1];
        }
        Arrays.fill(wordLoad, 0, words, 0);
        for (int i = 0; i < count; i++) {
            wordLoad[batchLeaves[i] >> 6]++;
        }
        int shard = 1;
        int seen = 0;
        shardFrom[0] = 0;
        for (int w = 0; w < words && shard < shards; w++) {
            seen += wordLoad[w];
            while (shard < shards && (long) seen * shards >= (long) count * shard) {
                shardFrom[shard++] = (w + 1) << 6;
            }
        }
        while (shard <= shards) {
            shardFrom[shard++] = Integer.MAX_VALUE;
        }
    }

    /**
     * One shard of {@link #replayBatch}: the batch's refreshes of leaves in the shard's words, in change order; in
     * a second run, the evaluations of groups that nodes left in the batch ({@link #DEFERRED}).
     */
    private void replayShard(int shard, int shards) {
        ClassView view = replaying;
        int task = replayingTask;
        int lo = shardFrom[shard];
        int hi = shardFrom[shard + 1];
        ViewPart part = parts[shard];
        boolean deferred = replayingDeferred;
        int[] leaves = batchLeaves;
        byte[] flags = batchFlags;
        for (int i = 0, count = batchCount; i < count; i++) {
            int leaf = leaves[i];
            if (leaf >= lo && leaf < hi && ((flags[i] & DEFERRED) != 0) == deferred) {
                byte f = flags[i];
                refreshPart(view, task, leaf, (f & EVALUATE) != 0, (f & SHRINK_ONLY) != 0, (f & ACROSS) != 0,
                        (f & ADDED) != 0, part);
            }
        }
    }

    /** Whether the batch's refreshes fall in more than one shard's words. */
    private boolean spans(int count) {
        int first = batchLeaves[0] < shardFrom[1] ? 0 : 1;
        for (int i = 1; i < count; i++) {
            if ((batchLeaves[i] < shardFrom[1] ? 0 : 1) != first) {
                return true;
            }
        }
        return false;
    }

    /** Settles a view after a batch on shards: totals and the tree's blocks on the shards, then its top. */
    private void settle(ClassView view, int task) {
        if (!view.treeStale && !view.retotal) {
            return;
        }
        finishing = view;
        finishingTask = task;
        finishTotals = view.retotal;
        pool.run(finishJob);
        finishing = null;
        finishTop(view);
    }

    private void ensureParts(ClassView view) {
        int shards = pool.shards();
        if (parts.length < shards || parts[0].oldRaws.length != view.scorers()) {
            parts = new ViewPart[shards];
            for (int i = 0; i < shards; i++) {
                parts[i] = new ViewPart(view.scorers());
            }
        }
    }

    /** The blocks of shard {@code shard} of {@code shards}: the used ones split evenly, the rest to the last. */
    private static int blockFrom(ClassView view, int shard, int shards) {
        return (int) ((long) usedBlocks(view) * shard / shards);
    }

    private static int blockTo(ClassView view, int shard, int shards) {
        return shard == shards - 1 ? blocks(view) : (int) ((long) usedBlocks(view) * (shard + 1) / shards);
    }

    private void prepareShard(int shard, int shards) {
        ClassView view = finishing;
        prepareBlocks(view, blockFrom(view, shard, shards), blockTo(view, shard, shards), parts[shard]);
    }

    private void finishShard(int shard, int shards) {
        ClassView view = finishing;
        finishBlocks(view, finishingTask, blockFrom(view, shard, shards), blockTo(view, shard, shards),
                finishTotals);
    }

    /**
     * Subtrees the tree is cut into when shards build it ({@link #finishBlocks}): at most 32, each of at least 64
     * leaves (whole bit-words, for {@link #prepareBlocks}) and a power of two.
     */
    static int blocks(ClassView v) {
        return Math.max(1, Math.min(32, v.tree.leaves >> 6));
    }

    /** Blocks that hold built leaves (the rest are padding only). */
    static int usedBlocks(ClassView v) {
        int span = v.tree.leaves / blocks(v);
        return (v.built + span - 1) / span;
    }

    /** The first part of {@link ClassView#rebuild} on shards: every leaf of the groups is made; blocks come next. */
    private static void startRebuild(ClassView v) {
        v.built = v.groups.leaves();
        v.tree.layTree(false, Integer.highestOneBit(Math.max(1, v.size - 1)) << 1);
        v.lost = false;
        v.rawsLost = false;
        v.zeroRaws = 0;
    }

    /**
     * {@link ClassView#rebuild}'s per-leaf first pass (weight, position, bits) over blocks {@code [from, to)},
     * counting into {@code part}'s histograms (empty before) instead of the view's. A shard's blocks only.
     */
    private static void prepareBlocks(ClassView v, int from, int to, ViewPart part) {
        int span = v.tree.leaves / blocks(v);
        int end = Math.min(v.built, to * span);
        int[] weight = v.weight;
        byte[] fit = v.fit;
        int[][] raw = v.raw;
        for (int l = from * span; l < end; l++) {
            weight[l] = v.groups.weight(l);
            v.position[l] = v.groups.repPosition(l);
            if (weight[l] == 0) {
                fit[l] = ClassView.NO_FIT;
            }
            ClassView.bit(v.fitting, l, fit[l] != ClassView.NO_FIT);
            ClassView.bit(v.passed, l, v.accepted[l] != 0);
            byte g = fit[l];
            if (g != ClassView.NO_FIT && weight[l] != 0) {
                for (int b = 0; b < raw.length; b++) {
                    part.add(g, b, raw[b][l], weight[l]);
                }
            }
        }
    }

    /**
     * {@link ClassView#rebuild}'s histograms from the shards' counts ({@link #prepareBlocks}): the view's emptied,
     * the parts added in index order (and emptied), every fit group's largest raw value taken again.
     */
    private static void countParts(ClassView v, int task, ViewPart[] parts, int count) {
        for (int[][] group : v.histogram) {
            for (int[] h : group) {
                Arrays.fill(h, 0);
            }
        }
        for (int i = 0; i < count; i++) {
            addCounts(v, parts[i]);
        }
        for (int g = ClassView.FUTURE; g <= ClassView.IDLE; g++) {
            for (int b = 0; b < v.scorers(); b++) {
                v.setMax(task, g, b, ClassView.highest(v.histogram[g][b]));
            }
        }
        v.maxStale = false;
    }

    /** Adds a part's histograms to the view's and empties them. */
    private static void addCounts(ClassView v, ViewPart part) {
        int[][][] histogram = v.histogram;
        for (int g = ClassView.FUTURE; g <= ClassView.IDLE; g++) {
            for (int b = 0; b < v.scorers(); b++) {
                int[] from = part.histogram[g][b];
                int[] h = histogram[g][b];
                for (int x = 0; x < from.length; x++) {
                    if (from[x] != 0) {
                        if (x >= h.length) {
                            h = Arrays.copyOf(h, Integer.highestOneBit(x) << 1);
                            histogram[g][b] = h;
                        }
                        h[x] += from[x];
                        from[x] = 0;
                    }
                }
            }
        }
    }

    /**
     * On a shard: totals the built leaves of blocks {@code [from, to)} when {@code totals}, and plays each block's
     * subtree (LeafTree.buildTree's matches below the blocks' roots; padding plays as the padding leaf, which
     * loses every match to a built leaf, so the subtree is the one LeafTree.buildTree makes).
     */
    private static void finishBlocks(ClassView v, int task, int from, int to, boolean totals) {
        LeafTree tree = v.tree;
        int[] t = tree.entries;
        int leaves = tree.leaves;
        int blocks = blocks(v);
        int span = leaves / blocks;
        int depth = Integer.numberOfTrailingZeros(span);
        for (int j = from; j < to; j++) {
            int lo = j * span;
            int end = Math.min(v.built, lo + span);
            if (totals) {
                for (int l = lo; l < end; l++) {
                    v.total(task, l);
                }
            }
            for (int l = lo; l < lo + span; l++) {
                t[leaves + l] = l < end ? l : v.size;
            }
            int root = blocks + j;
            for (int d = depth - 1; d >= 0; d--) {
                int first = root << d;
                int last = (root + 1) << d;
                if (lo >= end) {
                    Arrays.fill(t, first, last, v.size);
                    continue;
                }
                for (int k = first; k < last; k++) {
                    t[k] = tree.better(t[2 * k], t[2 * k + 1]);
                }
            }
        }
    }

    /**
     * After {@link #finishBlocks} of every block: the matches above the blocks' roots. The blocks wrote the
     * padding past the built leaves (LeafTree.paddedFrom).
     */
    private static void finishTop(ClassView v) {
        LeafTree tree = v.tree;
        int[] t = tree.entries;
        for (int k = blocks(v) - 1; k >= 1; k--) {
            t[k] = tree.better(t[2 * k], t[2 * k + 1]);
        }
        tree.paddedFrom = v.built;
        v.retotal = false;
        v.treeStale = false;
    }

    /**
     * {@link ClassView#refresh} in a batch, on a shard of a catch-up: the same results, weight and position for the
     * leaf, but its counts go to {@code part}'s histograms and its total is taken at the largest raw values of the
     * view before the batch, unless one of its raw values is above them ({@code part.retotal}: {@link #merge} then
     * totals every leaf). {@link ClassView#pad} made the leaf. Reads the leaf, its group ({@code added}: the group's
     * results, which no other refresh of the batch moves) and the view's largest raw values and scores; writes the
     * leaf's columns and its own bit-words' bits only when the caller gives each shard whole 64-leaf words. Shards
     * never hold a view with member trees, so every scorer is counted here (ClassView.zeroRaws is 0).
     */
    private static void refreshPart(ClassView v, int task, int leaf, boolean evaluate, boolean shrinkOnly,
                                    boolean acrossSessions, boolean added, ViewPart part) {
        int from = added ? v.groups.origin(leaf) : leaf;
        if (v.staysNoFit(from, evaluate, shrinkOnly, acrossSessions)) {
            ClassView.bit(v.passed, leaf, ClassView.bit(v.passed, from));
            return;
        }
        byte[] fit = v.fit;
        int[][] raw = v.raw;
        int scorers = raw.length;
        boolean fitted = fit[leaf] != ClassView.NO_FIT;
        int oldPosition = v.position[leaf];
        byte oldFit = fit[leaf];
        int oldWeight = v.weight[leaf];
        int[] old = part.oldRaws;
        if (fitted) {
            for (int b = 0; b < scorers; b++) {
                old[b] = raw[b][leaf];
            }
        }
        v.replay(task, leaf, from, evaluate, shrinkOnly, acrossSessions, part);
        if (!fitted && fit[leaf] == ClassView.NO_FIT) {
            return;
        }
        byte g = fit[leaf];
        int weight = v.weight[leaf];
        if (!v.countsAgain(leaf, oldFit, oldWeight, old)) {
            if (oldFit != ClassView.NO_FIT && oldWeight != 0) {
                for (int b = 0; b < scorers; b++) {
                    part.add(oldFit, b, old[b], -oldWeight);
                }
            }
            if (g != ClassView.NO_FIT && weight != 0) {
                for (int b = 0; b < scorers; b++) {
                    part.add(g, b, raw[b][leaf], weight);
                }
            }
        }
        if (g != ClassView.NO_FIT) {
            for (int b = 0; b < scorers; b++) {
                if (raw[b][leaf] > v.max[g][b]) {
                    // the group's largest raw value moves: merge totals every leaf at the new one
                    part.retotal = true;
                    part.treeStale = true;
                    return;
                }
            }
        }
        double oldTotal = v.total[leaf];
        v.total(task, leaf);
        if (fit[leaf] == oldFit && v.position[leaf] == oldPosition && (oldFit == ClassView.NO_FIT
                || Double.doubleToRawLongBits(v.total[leaf]) == Double.doubleToRawLongBits(oldTotal))) {
            return;
        }
        part.treeStale = true;
    }

    /**
     * Ends a catch-up's batch replayed on shards: adds the parts' histograms to the view's (parts in index order,
     * each emptied) and takes every fit group's largest raw value again (a move totals every leaf); then the view
     * is settled. It ends as the same batch replayed by {@link ClassView#refresh} on one thread leaves it: the
     * histograms are sums, each largest raw value is the highest count left, and every total is taken at those
     * values (a leaf refreshed in the batch at the values before it, which are those unless one moved).
     */
    private static void merge(ClassView v, int task, ViewPart[] parts, int count) {
        for (int i = 0; i < count; i++) {
            ViewPart part = parts[i];
            addCounts(v, part);
            v.sharedEntries += part.shared;
            v.treeStale |= part.treeStale;
            v.retotal |= part.retotal;
            part.shared = 0;
            part.treeStale = false;
            part.retotal = false;
        }
        for (int g = ClassView.FUTURE; g <= ClassView.IDLE; g++) {
            for (int b = 0; b < v.scorers(); b++) {
                int m = ClassView.highest(v.histogram[g][b]);
                if (m != v.max[g][b]) {
                    v.setMax(task, g, b, m);
                    v.retotal = true;
                    v.treeStale = true;
                }
            }
        }
        v.maxStale = false;
    }
}
