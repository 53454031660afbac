package dev.caldera.kernel.select;

import dev.caldera.kernel.util.Bits;

import java.util.Arrays;

import static dev.caldera.kernel.select.ClassView.NO_FIT;

/**
 * A {@link ClassView}'s tournament tree over its leaves, whose root is the best leaf: fits idle over fits future over
 * no fit, then the higher total, then the lower position ({@link #better}). The tree holds every built leaf at its
 * own index, or only the member leaves in slots of their own ({@link #compact}), and one extra leaf value, the
 * view's {@code size}, that never fits and loses every tie, padding the entries past the last.
 * <p>
 * The matches read the view's own columns: {@link #fit}, {@link #total}, {@link #position} and the
 * {@link #fitting} bits are the very arrays the view writes (final fields, set once), so a match costs what it cost
 * when the tree was part of the view: a field load per column, no other indirection. {@link #climb} and
 * {@link #buildTree} write each match out rather than call {@link #better}: C1 (bin/caldera's only compiler) inlines no
 * method over 35 bytes of bytecode.
 * <p>
 * Threading: the view's (the scheduling thread); {@link ViewShards} plays blocks of the entries on the pool's
 * shards while that thread waits, each shard its own blocks. Allocation: the member bookkeeping ({@link #member},
 * {@link #rankAt}) once per view, the entries at the view's first build and again only when a later build needs more
 * room ({@link #layTree}); nothing else. Cost: a climb O(log leaves) matches at most, a build O(entries it holds)
 * matches, a slot O(1).
 */
final class LeafTree {
    /** The view's columns the matches read (the same arrays as the view's fields of these names). */
    private final byte[] fit;
    private final double[] total;
    private final int[] position;
    private final long[] fitting;
    /** The padding leaf: the view's size, a leaf value that never fits and loses every tie. */
    private final int size;
    /** The tree's leaf entries: a power of two, room for every leaf the tree may hold (its slots). */
    int leaves;
    /**
     * The tree: entry {@code k} names the winner of its subtree (the leaves at {@code leaves + leaf}, or at
     * {@code leaves + slot} when the tree holds member leaves only ({@link #compact}); the root at 1). Where a leaf
     * of the subtree fits, that is the best one; where none does, it is one of them or the padding leaf, whichever:
     * a leaf that does not fit loses every match to one that fits, and {@link #best} names none that does not fit.
     * So a leaf that does not fit before a refresh nor after it changes no match that matters and does not climb,
     * and a new leaf that does not fit is made without one ({@link ClassView#pad}).
     */
    int[] entries;
    /**
     * Whether the tree holds only the member leaves ({@link #member}) in slots of their own, or every leaf at its own
     * index. With verdicts that hold for the session ({@link NodeGroups#staticVerdicts}), a leaf the predicates
     * refuse never fits until a change from another session evaluates it again, and a node that leaves its group
     * has the group's verdict: so a view's tree need hold only the leaves its predicates passed, and the new leaves
     * of groups they passed. On the 5,000-node dump
     * a zone-pinned class's tree then has 1,333 slots instead of about 4,000 leaves, a GPU class's 1,000: fewer
     * matches in every build and settle and shorter climbs. A leaf out of the tree that comes to fit (a change from
     * an earlier session) marks the view {@link ClassView#lost}: the selector builds it again.
     */
    private boolean compact;
    /** By bit-word of leaves: the member leaves, those with a slot in the tree ({@link #compact}). */
    private final long[] member;
    /** By bit-word of leaves: the slots of the member leaves before the word, a member's slot its rank. */
    private final int[] rankAt;
    /** Slots the tree holds: member leaves so far (the tree's leaf entries {@code [0, slots)}). */
    private int slots;
    /**
     * The tree's padding: every leaf entry from {@code paddedFrom} on, and every match above them that no leaf
     * below {@code paddedFrom} plays in, holds {@code size}. A new tree is written over what its leaves and matches
     * need and, only where fewer leaves are built than this, the padding they leave: a view's leaves only grow
     * between builds, so most trees write no padding at all (a tree has room for every node, 16,384 leaves at
     * 10,000 nodes, while a view built on groups has a few thousand).
     */
    int paddedFrom;
    /** Matches played by climbs since the selector last set it to 0 (its catch-up's probe). */
    long climbed;

    LeafTree(byte[] fit, double[] total, int[] position, long[] fitting, int size) {
        this.fit = fit;
        this.total = total;
        this.position = position;
        this.fitting = fitting;
        this.size = size;
        this.leaves = Integer.highestOneBit(Math.max(1, size - 1)) << 1;
        member = new long[(size >> 6) + 1];
        rankAt = new int[(size >> 6) + 1];
        // the entries are made at the first build, sized for what they hold ({@link #layTree})
        entries = new int[0];
        paddedFrom = leaves;
    }

    /** The best leaf, or -1 when no node fits. */
    int best() {
        int leaf = entries[1];
        return fit[leaf] != NO_FIT ? leaf : -1;
    }

    /** Whether the tree holds only member leaves ({@link #compact}). */
    boolean compact() {
        return compact;
    }

    /** Whether leaf {@code leaf} has an entry in the tree: every leaf does unless the tree is {@link #compact}. */
    boolean holds(int leaf) {
        return !compact || ClassView.bit(member, leaf);
    }

    /** The leaves the tree holds: the member leaves ({@link #compact}), else every leaf built ({@code built}). */
    int held(int built) {
        return compact ? slots : built;
    }

    /**
     * The member leaves of a build: those the predicates passed ({@code passed}, of the first {@code built}
     * leaves), each a slot in leaf order, and a tree with room for every leaf they can become, {@code nodes}: a
     * group's nodes that leave it make at most its weight in leaves, its own included. (A group none of whose nodes
     * is left keeps its slot; it never fits.)
     */
    void layMembers(long[] passed, int built, int words, long nodes) {
        int s = 0;
        for (int w = 0; w < words; w++) {
            rankAt[w] = s;
            long m = passed[w] & builtBits(built, w);
            member[w] = m;
            s += Long.bitCount(m);
        }
        slots = s;
        layTree(true, Integer.highestOneBit((int) Math.max(1, nodes - 1)) << 1);
    }

    /** Gives the tree {@code entries} leaf entries, the array made or grown when it has too little room. */
    void layTree(boolean members, int entries) {
        compact = members;
        if (this.entries.length < 2 * entries) {
            this.entries = new int[2 * entries];
        }
        if (entries != leaves) {
            // another shape of tree: nothing of it is padding yet
            leaves = entries;
            paddedFrom = entries;
        }
    }

    /** The bits of word {@code w} that are among the first {@code built} leaves. */
    static long builtBits(int built, int w) {
        int past = built - (w << 6);
        return past >= 64 ? -1L : (1L << past) - 1;
    }

    /** The slot of member leaf {@code leaf} ({@link #compact}): its rank among the members. */
    private int slot(int leaf) {
        int w = leaf >> 6;
        return rankAt[w] + Long.bitCount(member[w] & (1L << leaf) - 1);
    }

    /** Gives new leaf {@code l} its own entry, in a tree that holds every leaf (not {@link #compact}). */
    void add(int l) {
        entries[l + leaves] = l;
    }

    /**
     * Makes new leaf {@code l} a member, with the next slot, when the predicates passed its group ({@code passes}:
     * it has the group's verdict while verdicts hold; else a refresh finds it fitting out of the tree,
     * {@link ClassView#lost}). False when it needed a slot and the tree has none left.
     */
    boolean addMember(int l, boolean passes) {
        int w = l >> 6;
        if ((l & 63) == 0) {
            rankAt[w] = slots;
            member[w] = 0;
        }
        if (!passes) {
            return true;
        }
        if (slots == leaves) {
            return false;
        }
        member[w] |= 1L << l;
        entries[leaves + slots++] = l;
        return true;
    }

    /** After new leaves were made up to {@code built}: the padding starts past every entry they hold. */
    void padded(int built) {
        paddedFrom = Math.max(paddedFrom, compact ? slots : built);
    }

    /**
     * Replays the matches on the way from {@code leaf} to the root. Once a subtree's winner is the same leaf as
     * before and is not {@code leaf}, nothing above it can change, so the climb stops there. What {@code moved}
     * ({@code ClassView.moved}) says spares matches whose winner is known: a leaf whose keys got better still wins
     * every subtree it won (it beat the same other side with worse keys), so those matches are not played; a leaf
     * whose keys got worse cannot win a subtree it did not win (that subtree's other side beat its better keys, and
     * beats whatever of its own side the leaf beat), so the climb stops at the first such subtree without playing
     * it. Each match is {@link #better}'s, written out over local copies of the columns: C1 (bin/caldera's only
     * compiler) inlines no method over 35 bytes of bytecode, and a call per match reloaded the fields.
     */
    void climb(int leaf, int moved) {
        int[] t = entries;
        byte[] fits = fit;
        double[] totals = total;
        int[] positions = position;
        int played = 0;
        for (int k = ((compact ? slot(leaf) : leaf) + leaves) >> 1; k >= 1; k >>= 1) {
            int before = t[k];
            if (before == leaf ? moved > 0 : moved < 0) {
                if (moved > 0) {
                    continue;
                }
                break;
            }
            int a = t[2 * k];
            int b = t[2 * k + 1];
            int after;
            byte fa = fits[a];
            byte fb = fits[b];
            if (fa != fb) {
                after = fa > fb ? a : b;
            } else if (fa != NO_FIT && totals[a] != totals[b]) {
                after = totals[a] > totals[b] ? a : b;
            } else {
                after = positions[a] <= positions[b] ? a : b;
            }
            played++;
            if (after == before && before != leaf) {
                break;
            }
            t[k] = after;
        }
        climbed += played;
    }

    /**
     * Plays every match over the first {@code built} leaves (those the tree holds of them, when {@link #compact});
     * the matches of padding only are the padding leaf, written without comparing (the tree has room for every
     * node, a view far fewer leaves while nodes are grouped), and only where they are not padding already
     * ({@link #paddedFrom}).
     */
    void buildTree(int built) {
        int[] t = entries;
        int used;
        if (compact) {
            used = 0;
            for (int w = 0, words = (built + 63) >> 6; w < words; w++) {
                for (long bits = member[w]; bits != 0; bits &= bits - 1) {
                    t[leaves + used++] = w << 6 | Bits.lowest(bits);
                }
            }
        } else {
            for (int i = 0; i < built; i++) {
                t[leaves + i] = i;
            }
            used = built;
        }
        int padded = paddedFrom;
        if (used < padded) {
            Arrays.fill(t, leaves + used, leaves + padded, size);
        }
        // the first level's shortcut reads leaves a and a + 1 as the pair of entries: not in member slots
        int pairs = compact ? 0 : built >> 1;
        byte[] fits = fit;
        double[] totals = total;
        int[] positions = position;
        for (int level = leaves >> 1; level >= 1; level >>= 1) {
            used = (used + 1) >> 1;
            padded = (padded + 1) >> 1;
            int k = level;
            if (level == leaves >> 1) {
                // the first level's matches, of built leaves a (even) and a + 1, from their fitting bits first: when
                // at most one fits, its bit decides, or the positions when neither does, without reading the fit
                // levels; a pair that both fit plays better's match
                long[] bits = fitting;
                for (; k < level + pairs; k++) {
                    int a = 2 * (k - level);
                    int b = a + 1;
                    int pair = (int) (bits[a >> 6] >>> a) & 3;
                    if (pair == 0) {
                        t[k] = positions[a] <= positions[b] ? a : b;
                    } else if (pair != 3) {
                        t[k] = a + (pair >> 1);
                    } else if (fits[a] != fits[b]) {
                        t[k] = fits[a] > fits[b] ? a : b;
                    } else if (totals[a] != totals[b]) {
                        t[k] = totals[a] > totals[b] ? a : b;
                    } else {
                        t[k] = positions[a] <= positions[b] ? a : b;
                    }
                }
            }
            // better's match written out (see climb): a call per match under C1
            for (; k < level + used; k++) {
                int a = t[2 * k];
                int b = t[2 * k + 1];
                byte fa = fits[a];
                byte fb = fits[b];
                if (fa != fb) {
                    t[k] = fa > fb ? a : b;
                } else if (fa != NO_FIT && totals[a] != totals[b]) {
                    t[k] = totals[a] > totals[b] ? a : b;
                } else {
                    t[k] = positions[a] <= positions[b] ? a : b;
                }
            }
            if (used < padded) {
                Arrays.fill(t, level + used, level + padded, size);
            }
        }
        paddedFrom = compact ? slots : built;
    }

    /** The better of two leaves: fits idle over fits future over no fit, then higher total, then lower position. */
    int better(int a, int b) {
        byte fa = fit[a];
        byte fb = fit[b];
        if (fa != fb) {
            return fa > fb ? a : b;
        }
        if (fa != NO_FIT) {
            double ta = total[a];
            double tb = total[b];
            if (ta != tb) {
                return ta > tb ? a : b;
            }
        }
        return position[a] <= position[b] ? a : b;
    }
}
