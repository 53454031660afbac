package dev.caldera.kernel.select;

import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.framework.NormalizedScorer;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.util.Bits;

import java.util.Arrays;

/**
 * Every leaf's filter and score result for one task class, with a tournament tree over them whose root is the
 * node {@link ScanSelector} would pick: fits-idle nodes beat fits-only-futureIdle nodes, then the higher total
 * score, then the lower position. Leaves are {@link NodeGroups}' (a group of alike nodes, or one node): a leaf is
 * evaluated once on its representative and stands for its weight in nodes, its representative being its lowest
 * position. Totals add each {@link NormalizedScorer}'s score normalized by the largest raw value of the leaf's own
 * fit group (idle or future, counting nodes), exactly as the scan scores one group.
 * <p>
 * The view keeps its own copy of each leaf's weight and representative, updated when it replays that leaf's
 * change, so the tree's comparisons only move when the view climbs them. The tree, its matches, climbs and member
 * slots are {@link LeafTree}'s, over this view's own fit, total and position columns (the same arrays); the tree has
 * one extra leaf value, {@code size}, that never fits and loses every tie. After placements only the
 * leaves the groups' changes name are re-evaluated or re-weighed (O(dims + plugins + log leaves) each); when a fit
 * group's largest raw value changes, that group's totals are recomputed and the tree rebuilt (O(leaves)). Many
 * changes at once are replayed in a batch: no climbs, the tree played once at the end ({@link #settle}).
 * <p>
 * Threading: scheduling thread; while a view is built, its evaluations ({@link BatchEvaluation}, which writes the
 * columns left package-private for it) run on filter workers for disjoint leaf ranges, and with a pool of more
 * than one shard the build's later passes and a catch-up's large batches run there too ({@link ViewShards}, which
 * works on the columns, histograms and tree; the scheduling thread waits, and merges what the shards count apart,
 * {@link ViewPart}, in shard order). The refresh's paths (evaluate, refresh, settle; the climb is the tree's) and
 * the build's passes on one thread (rebuild) stay here. Allocation: arrays sized once per cluster
 * size, the tree at the first build (for the leaves it holds; again only when a later build needs more room); a
 * refresh allocates only when a raw value is larger than any the view has seen (that scorer's histogram and its
 * normalized-score table then double).
 */
final class ClassView {
    static final byte NO_FIT = 0;
    static final byte FUTURE = 1;
    static final byte IDLE = 2;
    // NO_FIT, FUTURE and IDLE are ResourceFit.level's 0, 1 and 2

    /** The selector's key: the class's digest ({@link ViewKey#digest}), and the priority while pods are nominated. */
    long key;
    /** The groups' change sequence this view has replayed up to, or Long.MIN_VALUE to build. */
    long syncedAt;
    /** The grouping ({@link NodeGroups#epoch}) the view was built in. */
    int epoch;
    /**
     * The journal's frees count when the view was synced (NodeJournal#frees), in the session {@link #freesSession}:
     * a count taken in another session's journal says nothing of this one's.
     */
    long freesAt;
    /** The id of the session whose journal {@link #freesAt} counted (Long.MIN_VALUE: none yet). */
    long freesSession = Long.MIN_VALUE;
    /** The class the view was last synced for, and the digest it is found by. */
    final ViewKey identity = new ViewKey();
    long lastUse;
    /**
     * The shape of the view's class whose entries it reads and writes ({@link ShapeView}), set by the selector
     * before each build and catch-up; null when the selector shares nothing (pods nominated).
     */
    ShapeView shape;
    /** Leaf evaluations of catch-ups that found the shape's entry current (tests and metrics). */
    long sharedEntries;

    final Session session;
    final PluginChain plugins;
    final NodeGroups groups;
    final NormalizedScorer[] normalized;
    final int size;
    int built;
    final byte[] fit;
    /** 1 where the predicates passed the leaf, written by {@link BatchEvaluation} and read into {@link #passed}. */
    final byte[] accepted;
    /**
     * A bit per leaf: whether it fits, and whether the predicates passed it at its last evaluation. A replay reads
     * them first: kilobytes per view, where the columns of a leaf it can leave alone would cost a cache miss.
     */
    final long[] fitting;
    final long[] passed;
    final double[] local;
    final int[][] raw;
    final double[] total;
    final int[] position;
    final int[] weight;
    /** The tournament tree over the leaves, reading the columns above ({@link LeafTree}). */
    final LeafTree tree;
    /**
     * Set when a leaf out of the tree came to fit, or the tree has no slot left for a new member leaf: the view's
     * tree no longer stands for its leaves, and the selector builds the view again before using it.
     */
    boolean lost;
    /** histogram[group][scorer][raw value] = nodes of that fit group with that raw value. */
    final int[][][] histogram;
    final int[][] max;
    /** Set when a count may have moved a fit group's largest raw value (above it, or its last node at it left). */
    boolean maxStale;
    /** scoreOf[group][scorer][raw value]: the normalized score at the group's current largest raw value. */
    private final double[][][] scoreOf;
    /** A refreshed leaf's raw values before its refresh ({@link #uncount}). */
    private final int[] oldRaws;
    /** Set by a refresh in a batch whose leaf's match keys moved: {@link #settle} plays the tree again. */
    boolean treeStale;
    /** Set by a refresh in a batch that moved a fit group's largest raw value: {@link #settle} totals every leaf. */
    boolean retotal;
    /**
     * The normalized scorers (bit b for scorer b) counted in no histogram: a build of a view with member trees
     * ({@link LeafTree#compact}) found every raw value of the scorer's column 0 and the scorer reads no usage
     * ({@link NodeGroups#staticRaws}). Their largest raw value stays 0 and their totals read raw 0 as before, so the
     * totals are the same doubles; a refresh that makes such a raw value non-zero on a fitting leaf marks the view
     * {@link #lost} and {@link #rawsLost} (the selector builds it again, and the build counts the scorer).
     */
    long zeroRaws;
    /** Set with {@link #lost} by a refresh that found a raw value of one of the {@link #zeroRaws} scorers non-zero. */
    boolean rawsLost;

    ClassView(Session session, NodeGroups groups, long key, int size) {
        this.session = session;
        this.plugins = session.plugins();
        this.groups = groups;
        this.normalized = plugins.normalizedScorers();
        this.key = key;
        this.size = size;
        fit = new byte[size + 1];
        accepted = new byte[size + 1];
        fitting = new long[(size >> 6) + 1];
        passed = new long[(size >> 6) + 1];
        local = new double[size];
        raw = new int[normalized.length][size];
        total = new double[size + 1];
        position = new int[size + 1];
        position[size] = Integer.MAX_VALUE;
        weight = new int[size];
        tree = new LeafTree(fit, total, position, fitting, size);
        histogram = new int[3][normalized.length][8];
        max = new int[3][normalized.length];
        scoreOf = new double[3][normalized.length][0];
        oldRaws = new int[normalized.length];
    }

    int size() {
        return size;
    }

    /** Serves another key with the same arrays (the selector's budget is reached); the caller builds it next. */
    void reuse(long newKey) {
        key = newKey;
        lastUse = 0;
        identity.forget();
    }

    /** Bytes this view holds, for the selector's memory budget. */
    static long bytesFor(int size, int scorers) {
        int leaves = Integer.highestOneBit(Math.max(1, size - 1)) << 1;
        return size * (2L + 8 + 8 + 4 + 4 + 4L * scorers) + 8L * leaves + 64;
    }

    /** The best leaf, or -1 when no node fits. */
    int best() {
        return tree.best();
    }

    /** The position of the node a leaf stands for first (its lowest). */
    int position(int leaf) {
        return position[leaf];
    }

    boolean fitsIdle(int leaf) {
        return fit[leaf] == IDLE;
    }

    /**
     * Filters and scores leaf {@code leaf} on its representative for {@code task} (any task of this class).
     * Predicates before resources: only fit or no fit is kept here (the scan explains a failure), and most
     * refused nodes are refused by a memoized placement check. Pure; no allocation.
     */
    private void evaluate(int task, int leaf, ViewPart part) {
        int node = groups.repNodes()[leaf];
        boolean ok = plugins.predicate(task, node) == FitReason.OK;
        bit(passed, leaf, ok);
        if (!ok) {
            fit(leaf, NO_FIT);
            return;
        }
        if (!fitAndScore(task, leaf, node, part)) {
            return;
        }
        for (int b = 0; b < normalized.length; b++) {
            raw[b][leaf] = normalized[b].raw(task, node);
        }
    }

    /**
     * The leaf's resource fit and, when it fits, its node score sum, from the shape's entry when the selector
     * shares one ({@link #shape}: computed there at most once per leaf version for every class of the request,
     * then the scores past the request-only ones added), else computed here. True when the leaf fits. A current
     * entry counts in {@link #sharedEntries}, or in {@code part}'s when a shard replays the leaf.
     */
    private boolean fitAndScore(int task, int leaf, int node, ViewPart part) {
        ShapeView s = shape;
        if (s == null || s.views < 2) {
            // no other view reads the shape's entries now: what a catch-up would write there is not read before
            // the leaf changes again (a view reads the entry of its own leaf once per version)
            fit(leaf, resourceFit(task, session.request(task), node));
            if (fit[leaf] == NO_FIT) {
                return false;
            }
            local[leaf] = plugins.score(task, node);
            return true;
        }
        if (s.ensure(session, plugins, task, leaf, node, groups.versions()[leaf])) {
            if (part == null) {
                sharedEntries++;
            } else {
                part.shared++;
            }
        }
        fit(leaf, s.fit(leaf));
        if (fit[leaf] == NO_FIT) {
            return false;
        }
        local[leaf] = plugins.scoreAfter(task, node, s.score(leaf));
        return true;
    }

    /**
     * {@link #evaluate} for a leaf whose node's usage changed, when the predicates' verdicts hold for the session
     * and passed {@code from} (the leaf's last result, or its group's): resources and node scores again, and the
     * raw values of the normalized scorers that read no usage taken from {@code from} when it fitted (only a
     * fitting leaf has raw values).
     */
    private void reevaluate(int task, int leaf, int from, ViewPart part) {
        int node = groups.repNodes()[leaf];
        boolean rawsKnown = fit[from] != NO_FIT;
        bit(passed, leaf, true);
        if (!fitAndScore(task, leaf, node, part)) {
            return;
        }
        long kept = rawsKnown ? groups.staticRaws : 0;
        for (int b = 0; b < normalized.length; b++) {
            raw[b][leaf] = (kept >>> b & 1) != 0 ? raw[b][from] : normalized[b].raw(task, node);
        }
    }

    /** The passed bits of every leaf ({@link ProfileVerdicts#record} copies the built ones). */
    long[] passedBits() {
        return passed;
    }

    /** NO_FIT, FUTURE or IDLE for a node the predicates accepted. */
    byte resourceFit(int task, long[] request, int node) {
        return (byte) ResourceFit.level(session, task, request, node);
    }

    /**
     * After every leaf of the groups was evaluated: weights, histograms, totals and the whole tree. Weights and
     * positions are copied from the groups in bulk, the bits written a word (64 leaves) at a time, and the
     * histograms (a scorer at a time) and totals taken over the fitting leaves only, found from the fitting bits:
     * what {@link #bit}, {@link #count} and {@link #total} of each leaf in turn would write (a histogram's counts
     * are sums, the same whatever leaves they skip that add nothing; the largest raw values are taken after).
     */
    void rebuild(int task, boolean members) {
        built = groups.leaves();
        System.arraycopy(groups.weights(), 0, weight, 0, built);
        System.arraycopy(groups.repPositions(), 0, position, 0, built);
        // nodes of the leaves the predicates passed (a leaf without nodes counted as one): the leaves they can become
        long nodes = 0;
        for (int base = 0; base < built; base += 64) {
            int end = Math.min(built, base + 64);
            long fits = 0;
            long passes = 0;
            for (int l = base; l < end; l++) {
                if (weight[l] == 0) {
                    fit[l] = NO_FIT;
                }
                fits |= fit[l] != NO_FIT ? 1L << l : 0;
                if (accepted[l] != 0) {
                    passes |= 1L << l;
                    nodes += Math.max(1, weight[l]);
                }
            }
            // the bits of leaves past the built ones are left as they were
            long mask = end - base == 64 ? -1L : (1L << (end - base)) - 1;
            int word = base >> 6;
            fitting[word] = fitting[word] & ~mask | fits;
            passed[word] = passed[word] & ~mask | passes;
        }
        for (int[][] group : histogram) {
            for (int[] h : group) {
                Arrays.fill(h, 0);
            }
        }
        zeroRaws = members ? zeroColumns() : 0;
        int words = (built + 63) >> 6;
        countFitting(words);
        for (int g = FUTURE; g <= IDLE; g++) {
            for (int b = 0; b < normalized.length; b++) {
                setMax(task, g, b, highest(histogram[g][b]));
            }
        }
        maxStale = false;
        totalFitting(words);
        if (members) {
            tree.layMembers(passed, built, words, nodes);
        } else {
            tree.layTree(false, Integer.highestOneBit(Math.max(1, size - 1)) << 1);
        }
        lost = false;
        rawsLost = false;
        retotal = false;
        treeStale = false;
        tree.buildTree(built);
    }

    /**
     * The scorers that read no usage whose raw values are 0 on every built leaf (a column's leaves that do not fit
     * may hold older values: such a scorer is simply counted).
     */
    private long zeroColumns() {
        long zero = 0;
        long candidates = groups.staticRaws;
        for (int b = 0; b < normalized.length; b++) {
            if ((candidates >>> b & 1) == 0) {
                continue;
            }
            int[] column = raw[b];
            int any = 0;
            for (int l = 0; l < built; l++) {
                any |= column[l];
            }
            if (any == 0) {
                zero |= 1L << b;
            }
        }
        return zero;
    }

    /**
     * {@link #total} of every fitting built leaf in the first {@code words} bit-words, written out over local copies
     * of the columns (total is past C1's inlining limit, and this runs once per leaf of a build).
     */
    private void totalFitting(int words) {
        byte[] fits = fit;
        double[] locals = local;
        double[] totals = total;
        int[][] raws = raw;
        double[][][] scores = scoreOf;
        int scorers = normalized.length;
        for (int w = 0; w < words; w++) {
            for (long bits = fitting[w] & builtBits(w); bits != 0; bits &= bits - 1) {
                int l = w << 6 | Bits.lowest(bits);
                double[][] of = scores[fits[l]];
                double t = locals[l];
                for (int b = 0; b < scorers; b++) {
                    t += of[b][raws[b][l]];
                }
                totals[l] = t;
            }
        }
    }

    /** The bits of word {@code w} that are built leaves. */
    private long builtBits(int w) {
        return LeafTree.builtBits(built, w);
    }

    /**
     * Adds the raw values of every fitting built leaf to its fit group's histograms: one pass over the fitting bits
     * for all the scorers, over local copies of the columns (a pass per scorer found each leaf again, and read its
     * fit group and weight again).
     */
    private void countFitting(int words) {
        int[][] raws = raw;
        int scorers = raws.length;
        byte[] fits = fit;
        int[] weights = weight;
        int[][][] counts = histogram;
        long zero = zeroRaws;
        if (Long.bitCount(zero) == scorers) {
            // every scorer's raw values are 0: nothing to count
            return;
        }
        for (int w = 0; w < words; w++) {
            for (long bits = fitting[w] & builtBits(w); bits != 0; bits &= bits - 1) {
                int l = w << 6 | Bits.lowest(bits);
                // a fitting leaf has a weight: rebuild took the fit of weightless ones
                int[][] group = counts[fits[l]];
                int n = weights[l];
                for (int b = 0; b < scorers; b++) {
                    if ((zero >>> b & 1) != 0) {
                        continue;
                    }
                    int v = raws[b][l];
                    int[] h = group[b];
                    if (v >= h.length) {
                        h = Arrays.copyOf(h, Integer.highestOneBit(v) << 1);
                        group[b] = h;
                    }
                    h[v] += n;
                }
            }
        }
    }

    /**
     * Replays one change of the groups on {@code leaf}: takes its current weight and representative, and
     * re-evaluates it when its node changed ({@code evaluate}); rebuilds when a fit group's largest raw value moved.
     * A group only loses members, and its remaining ones are unchanged, so a re-weighed leaf keeps its results. A
     * node that left its group starts from the group's results. Nothing is evaluated for a node the predicates
     * refused when their verdicts hold for the session ({@link NodeGroups#staticVerdicts}), nor for one that did
     * not fit when no operation gave resources back since the view was synced ({@code shrinkOnly}); a node the
     * predicates passed, when their verdicts hold, is not filtered again, and keeps the raw values of the scorers
     * that read no usage ({@link #reevaluate}). A change from an earlier session ({@code acrossSessions}) may have
     * moved anything of the node: no shortcut. A leaf that comes out with the fit level, total (bit for bit, where
     * it fits) and position it had does not climb: the tree's matches ({@link LeafTree#better}) read nothing else, so each
     * would name the same winner as before; nor does one that fits neither before nor after ({@link LeafTree#entries}).
     */
    void refresh(int task, int leaf, boolean evaluate, boolean shrinkOnly, boolean acrossSessions, boolean batch) {
        // the calls C1 does not inline are made only where they do something: pad for a new leaf, staysNoFit for
        // a leaf that does not fit
        boolean added = leaf >= built && pad(leaf);
        int from = added ? groups.origin(leaf) : leaf;
        if (!bit(fitting, from) && staysNoFit(from, evaluate, shrinkOnly, acrossSessions)) {
            // its weight and position matter once it fits, and the refresh that makes it fit sets them
            bit(passed, leaf, bit(passed, from));
            return;
        }
        boolean fitted = fit[leaf] != NO_FIT;
        int oldPosition = position[leaf];
        byte oldFit = fit[leaf];
        int oldWeight = weight[leaf];
        if (fitted) {
            for (int b = 0; b < normalized.length; b++) {
                oldRaws[b] = raw[b][leaf];
            }
        }
        replay(task, leaf, from, evaluate, shrinkOnly, acrossSessions, null);
        if (!fitted && fit[leaf] == NO_FIT) {
            // nothing to count, and no match that names a leaf that fits reads it ({@link #tree})
            return;
        }
        if (!tree.holds(leaf)) {
            // a leaf out of the tree fits (a change from an earlier session): the selector builds the view again
            lost = true;
            return;
        }
        if (!countsAgain(leaf, oldFit, oldWeight, oldRaws)) {
            // the leaf left its fit group, weight or raw values as they were: the histograms stand
            uncount(oldFit, oldWeight);
            count(leaf, weight[leaf]);
            if (rawsLost) {
                // a raw value of a scorer counted nowhere is not 0: the selector builds the view again
                lost = true;
                return;
            }
        }
        if (maxStale && maxMoved(task)) {
            if (batch) {
                retotal = true;
                treeStale = true;
                return;
            }
            totalFitting((built + 63) >> 6);
            tree.buildTree(built);
            return;
        }
        double oldTotal = total[leaf];
        total(task, leaf);
        if (fit[leaf] == oldFit && position[leaf] == oldPosition && (oldFit == NO_FIT
                || Double.doubleToRawLongBits(total[leaf]) == Double.doubleToRawLongBits(oldTotal))) {
            // the matches read only fit, total (where it fits) and position: the same leaf wins each as before
            return;
        }
        if (batch) {
            treeStale = true;
        } else {
            tree.climb(leaf, moved(leaf, oldFit, oldTotal, oldPosition));
        }
    }

    /**
     * Where a refreshed leaf's keys went in the order of {@link LeafTree#better}: 1 when its new fit level, total and
     * position beat its old ones ({@code oldFit}, {@code oldTotal}, {@code oldPosition}), -1 when the old ones beat
     * the new, 0 when neither does (equal totals with other bits, same position; or no fit before nor after).
     * Among leaves that fit that order is strict (positions are distinct nodes'), and a leaf that fits beats every
     * leaf that does not, which is all {@link LeafTree#climb} needs of it.
     */
    private int moved(int leaf, byte oldFit, double oldTotal, int oldPosition) {
        byte f = fit[leaf];
        if (f != oldFit) {
            return f > oldFit ? 1 : -1;
        }
        if (f == NO_FIT) {
            return 0;
        }
        double t = total[leaf];
        if (t != oldTotal) {
            return t > oldTotal ? 1 : -1;
        }
        int p = position[leaf];
        return p == oldPosition ? 0 : p < oldPosition ? 1 : -1;
    }

    /**
     * What a refresh does to the leaf's own results: takes its current weight and representative, and re-evaluates
     * it when its node changed, with the shortcuts {@link #refresh} lists. Reads only the leaf and {@code from};
     * writes only the leaf (its columns and bits, its shape entry) and the shared-entry count ({@code part}'s when
     * not null).
     */
    void replay(int task, int leaf, int from, boolean evaluate, boolean shrinkOnly, boolean acrossSessions,
                ViewPart part) {
        weight[leaf] = groups.weight(leaf);
        position[leaf] = groups.repPosition(leaf);
        if (weight[leaf] == 0) {
            fit(leaf, NO_FIT);
        } else if (evaluate) {
            if (groups.staticVerdicts && !acrossSessions && !bit(passed, from)) {
                bit(passed, leaf, false);
                fit(leaf, NO_FIT);
            } else if (shrinkOnly && fit[from] == NO_FIT) {
                bit(passed, leaf, bit(passed, from));
                fit(leaf, NO_FIT);
            } else if (groups.staticVerdicts && !acrossSessions) {
                reevaluate(task, leaf, from, part);
            } else {
                evaluate(task, leaf, part);
            }
        }
    }

    /**
     * Ends a batch of {@link #refresh}es made with {@code batch} true: totals every leaf again when a fit group's
     * largest raw value moved during the batch, and plays the whole tree again when any leaf's match keys moved.
     * A refresh in a batch does what one outside a batch does (results, weight, position, histograms, largest raw
     * values and the leaf's total) but neither climbs nor totals every leaf: when a catch-up replays many leaves, their
     * climbs (each up to log leaves matches, and the dump's are deep) cost more than one O(leaves) pass over the
     * tree. The tree is then what the climbs would have made: a tournament's matches name the best leaf of each
     * subtree whatever order they were played in.
     */
    void settle(int task) {
        if (retotal) {
            totalFitting((built + 63) >> 6);
        }
        if (treeStale) {
            tree.buildTree(built);
        }
        retotal = false;
        treeStale = false;
    }

    /** Scorers of the view: what a {@link ViewPart} must hold. */
    int scorers() {
        return normalized.length;
    }

    /** The leaves its tree holds: the member leaves ({@link LeafTree#compact}), else every leaf built. */
    int treeLeaves() {
        return tree.held(built);
    }

    /** Leaves the view holds (built or padded): a catch-up on shards splits them. */
    int built() {
        return built;
    }

    /**
     * Makes the leaves up to {@code leaf}, for a node that left its group (a new leaf, made in order; padding until
     * then), before {@link #refresh} or a catch-up's shard replays that leaf; true when {@code leaf} itself was
     * made now (it starts from its group's results). Scheduling thread.
     */
    boolean pad(int leaf) {
        boolean added = leaf >= built;
        while (built <= leaf) {
            fit(built, NO_FIT);
            weight[built] = 0;
            position[built] = Integer.MAX_VALUE;
            if (!tree.compact()) {
                tree.add(built);
            } else if (!tree.addMember(built, bit(passed, groups.origin(built)))) {
                // no slot left for a member: the selector builds the view again
                lost = true;
            }
            built++;
        }
        tree.padded(built);
        return added;
    }

    /**
     * Does {@link #refresh}'s work, and is true, when the change leaves the leaf without a fit as it found it
     * ({@link #staysNoFit}): a leaf the view has built is left as it is (the refresh would only copy its own passed
     * bit onto itself), a new one is made ({@link #pad}) with its group's passed bit. False, with nothing done,
     * otherwise: the caller refreshes the leaf. The selector asks first, so that the leaves the class's predicates
     * refuse (half of a catch-up's in the headline, and a third of its new leaves) cost two bit reads each and no
     * call of the refresh. Reads two bits, or a new leaf's origin and two bits.
     */
    boolean refreshedNoFit(int leaf, boolean evaluate, boolean shrinkOnly, boolean acrossSessions) {
        if (leaf < built) {
            return !bit(fitting, leaf) && staysNoFit(leaf, evaluate, shrinkOnly, acrossSessions);
        }
        int from = groups.origin(leaf);
        if (!staysNoFit(from, evaluate, shrinkOnly, acrossSessions)) {
            return false;
        }
        pad(leaf);
        bit(passed, leaf, bit(passed, from));
        return true;
    }

    /**
     * True when a change leaves a leaf that does not fit ({@code from}: the leaf, or the group a new leaf left) as
     * it is: a re-weighed leaf keeps its results, a node the predicates refused stays refused while their verdicts
     * hold for the session (not for a change from an earlier session), and a node short of room stays short while
     * nothing gave resources back. Reads two bits.
     */
    boolean staysNoFit(int from, boolean evaluate, boolean shrinkOnly, boolean acrossSessions) {
        if (bit(fitting, from)) {
            return false;
        }
        return !evaluate || shrinkOnly || groups.staticVerdicts && !acrossSessions && !bit(passed, from);
    }

    private void fit(int leaf, byte f) {
        fit[leaf] = f;
        bit(fitting, leaf, f != NO_FIT);
    }

    static boolean bit(long[] bits, int i) {
        return (bits[i >> 6] & 1L << i) != 0;
    }

    /**
     * Sets or clears bit {@code i}. It and the two it calls are each under C1's inlining limit (35 bytes of
     * bytecode; bin/caldera runs C1 only), which the one-method form (36 bytes) was not: every refresh called it.
     */
    static void bit(long[] bits, int i, boolean on) {
        if (on) {
            set(bits, i);
        } else {
            clear(bits, i);
        }
    }

    private static void set(long[] bits, int i) {
        bits[i >> 6] |= 1L << i;
    }

    private static void clear(long[] bits, int i) {
        bits[i >> 6] &= ~(1L << i);
    }

    /**
     * True when the leaf counts in the histograms as it did before its refresh: the same fit group (one that fits),
     * weight and raw values ({@link #oldRaws}), so taking it out and putting it back would change nothing.
     */
    boolean countsAgain(int leaf, byte oldFit, int oldWeight, int[] oldRaws) {
        if (oldFit == NO_FIT || fit[leaf] != oldFit || weight[leaf] != oldWeight) {
            return false;
        }
        for (int b = 0; b < normalized.length; b++) {
            if (raw[b][leaf] != oldRaws[b]) {
                return false;
            }
        }
        return true;
    }

    /** {@link #count} of {@code -weight} for a leaf as it was: fit group {@code g}, raw values {@link #oldRaws}. */
    private void uncount(byte g, int weight) {
        if (g == NO_FIT || weight == 0) {
            return;
        }
        long zero = zeroRaws;
        for (int b = 0; b < normalized.length; b++) {
            if ((zero >>> b & 1) != 0) {
                // counted nowhere: its raw value was 0
                continue;
            }
            int v = oldRaws[b];
            int[] h = histogram[g][b];
            h[v] -= weight;
            if (v == max[g][b] && h[v] == 0) {
                maxStale = true;
            }
        }
    }

    private boolean maxMoved(int task) {
        if (!maxStale) {
            return false;
        }
        maxStale = false;
        boolean moved = false;
        long zero = zeroRaws;
        for (int g = FUTURE; g <= IDLE; g++) {
            for (int b = 0; b < normalized.length; b++) {
                if ((zero >>> b & 1) != 0) {
                    // counted nowhere: its largest raw value stays 0
                    continue;
                }
                int m = highest(histogram[g][b]);
                if (m != max[g][b]) {
                    setMax(task, g, b, m);
                    moved = true;
                }
            }
        }
        return moved;
    }

    /** Records a group's largest raw value and the score of every raw value up to it. */
    void setMax(int task, int g, int b, int m) {
        max[g][b] = m;
        double[] scores = scoreOf[g][b];
        if (scores.length <= m) {
            scores = new double[Math.max(8, Integer.highestOneBit(m) << 1)];
            scoreOf[g][b] = scores;
        }
        for (int v = 0; v <= m; v++) {
            scores[v] = normalized[b].normalize(task, v, m);
        }
    }

    void total(int task, int leaf) {
        byte g = fit[leaf];
        if (g == NO_FIT) {
            return;
        }
        double t = local[leaf];
        for (int b = 0; b < normalized.length; b++) {
            t += scoreOf[g][b][raw[b][leaf]];
        }
        total[leaf] = t;
    }

    private void count(int leaf, int delta) {
        byte g = fit[leaf];
        if (g == NO_FIT || delta == 0) {
            return;
        }
        long zero = zeroRaws;
        for (int b = 0; b < normalized.length; b++) {
            int v = raw[b][leaf];
            if ((zero >>> b & 1) != 0) {
                // counted nowhere while its raw values are 0
                rawsLost |= v != 0;
                continue;
            }
            int[] h = histogram[g][b];
            if (v >= h.length) {
                h = Arrays.copyOf(h, Integer.highestOneBit(v) << 1);
                histogram[g][b] = h;
            }
            h[v] += delta;
            int m = max[g][b];
            if (delta > 0 ? v > m : v == m && h[v] == 0) {
                maxStale = true;
            }
        }
    }

    static int highest(int[] h) {
        for (int v = h.length - 1; v > 0; v--) {
            if (h[v] > 0) {
                return v;
            }
        }
        return 0;
    }
}
