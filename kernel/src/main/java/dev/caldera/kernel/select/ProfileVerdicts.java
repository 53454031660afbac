package dev.caldera.kernel.select;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

import java.util.Arrays;

/**
 * The leaves of the current grouping that the predicates pass, as bits, per (placement profile, inter-pod profile)
 * of the session: taken from the first view built for a profile ({@link #record}) and read by the builds of the
 * other classes of that profile ({@link #passing}), which then call no predicate and skip the refused leaves (half
 * of a build's in the headline) a word at a time. The placement profile is the chain's {@code
 * PluginChain.verdictProfile}: profiles alike in everything the predicates read share their masks.
 * <p>
 * Sound only while the predicates' verdicts read nothing of a node that changes in a session
 * ({@link NodeGroups#staticVerdicts}) and nothing of a class but its profiles ({@code
 * PluginChain.predicatesProfileOnly}): a leaf's verdict is then the same for every class of a profile and holds
 * for the whole session, and a node that leaves its group keeps the group's ({@link NodeGroups#origin}), which is
 * how a mask grows with the leaves. The caller clears the masks at every session start ({@link #clear}), since a
 * node's placement inputs may change between sessions; a new grouping clears them too.
 * <p>
 * Threading: scheduling thread; a view's build on shards reads a mask taken before it. Allocation: a mask per
 * profile the first time the session needs more masks than it kept, sized once per cluster size; at most
 * {@code limit} masks. Cost: {@link #passing} O(leaves added since the mask was last read).
 */
final class ProfileVerdicts {
    private final NodeGroups groups;
    private final Long2ObjectOpenHashMap<Mask> masks = new Long2ObjectOpenHashMap<>();
    /** Every mask made at this cluster size: the first {@code used} are in {@link #masks}, the rest spare. */
    private Mask[] made = new Mask[0];
    private int count;
    private int used;
    private int epoch = -1;
    private int words;

    /** One profile's bits: leaf {@code l < leaves} passes when bit {@code l} is set. */
    private static final class Mask {
        final long[] bits;
        int leaves;

        Mask(int words) {
            bits = new long[words];
        }
    }

    ProfileVerdicts(NodeGroups groups) {
        this.groups = groups;
    }

    /**
     * The key of a class's masks: its verdict profile ({@code PluginChain.verdictProfile}) and inter-pod profile
     * ids (exact within a session).
     */
    static long key(int profile, int interPod) {
        return (long) profile << 32 | interPod & 0xFFFFFFFFL;
    }

    /** Forgets every mask (a new session); {@code size} is the cluster's node count, which bounds the leaves. */
    void clear(int size) {
        int w = (size >> 6) + 1;
        if (w != words) {
            // another cluster size: the spare masks are the wrong size
            words = w;
            count = 0;
            used = 0;
            masks.clear();
            return;
        }
        release();
    }

    /** Puts every mask aside for reuse. */
    private void release() {
        used = 0;
        masks.clear();
    }

    /**
     * The bits of the leaves the predicates pass for profile {@code key}, covering every leaf of the grouping, or
     * null when none was recorded in this session and grouping.
     */
    long[] passing(long key) {
        if (epoch != groups.epoch) {
            return null;
        }
        Mask m = masks.get(key);
        if (m == null) {
            return null;
        }
        long[] bits = m.bits;
        int n = groups.leaves();
        for (int l = m.leaves; l < n; l++) {
            // a node that left its group after the mask was taken: the group's verdict
            int from = groups.origin(l);
            if ((bits[from >> 6] & 1L << from) != 0) {
                bits[l >> 6] |= 1L << l;
            } else {
                bits[l >> 6] &= ~(1L << l);
            }
        }
        m.leaves = n;
        return bits;
    }

    /**
     * Keeps the verdicts of a view just built for profile {@code key}: {@code passed}'s bits of leaves
     * {@code [0, leaves)}, the grouping's every leaf. Nothing when {@code limit} masks are kept already.
     */
    void record(long key, long[] passed, int leaves, long limit) {
        if (epoch != groups.epoch) {
            release();
            epoch = groups.epoch;
        }
        if (masks.size() >= limit || masks.containsKey(key)) {
            return;
        }
        if (used == count) {
            if (count == made.length) {
                made = Arrays.copyOf(made, Math.max(8, 2 * count));
            }
            made[count++] = new Mask(words);
        }
        Mask m = made[used++];
        int full = leaves >> 6;
        System.arraycopy(passed, 0, m.bits, 0, full);
        if ((leaves & 63) != 0) {
            m.bits[full] = passed[full] & (1L << leaves) - 1;
        }
        m.leaves = leaves;
        masks.put(key, m);
    }
}
