package dev.caldera.kernel.topology;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.List;

/**
 * The HyperNodes of the cluster as arrays: HyperNode ids {@code 0..count-1} in name order, and a virtual
 * {@link #root} (id {@code count}) one tier above the highest real tier that parents every parentless HyperNode
 * and holds every live node (Volcano's cluster top HyperNode, built at session open).
 * <ul>
 *   <li>Each HyperNode's nodes are {@code members[memberStart[h] .. memberEnd[h])} (node rows). Nodes are laid
 *       out in a depth-first order of the tree, so in a properly nested topology every HyperNode's nodes are one
 *       contiguous range of that order; a HyperNode whose nodes are not (it shares nodes with a HyperNode outside
 *       its subtree) gets its own segment after it.</li>
 *   <li>Per node row, the HyperNodes containing it, lowest tier first, root last:
 *       {@code chain[chainStart[n] .. chainStart[n + 1])}; {@link #leafOf} is the HyperNode of the lowest tier of
 *       the cluster holding the node, or -1 (Volcano's {@code FindHyperNodeForNode}).</li>
 *   <li>{@link #tiers}: the distinct tiers ascending, the root's last.</li>
 * </ul>
 * Built by {@link TreeBuilder}, which also checks the HyperNodes and lists what it skipped in
 * {@link #problems}. Immutable once built. Cost: {@link #lca} O(depth); everything else O(1).
 */
public final class HyperNodeTree {
    /** Volcano's name for the virtual top HyperNode. */
    public static final String ROOT_NAME = "<cluster-top-hypernode>";

    public final int count;
    public final int root;
    public final String[] name;
    public final int[] tier;
    public final String[] tierName;
    public final int[] parent;
    public final int[] depth;
    public final int[] childStart;
    public final int[] children;
    public final int[] memberStart;
    public final int[] memberEnd;
    public final int[] members;
    public final int[] chainStart;
    public final int[] chain;
    public final int[] leafOf;
    public final int[] tiers;
    public final int topTier;
    public final int minTier;
    /** Number of HyperNodes whose nodes form one contiguous range of the depth-first node order. */
    public final int contiguous;
    public final List<String> problems;
    private final Object2IntOpenHashMap<String> byName;
    private final Object2IntOpenHashMap<String> tierByName;

    HyperNodeTree(Parts p) {
        count = p.count;
        root = p.count;
        name = p.name;
        tier = p.tier;
        tierName = p.tierName;
        parent = p.parent;
        depth = p.depth;
        childStart = p.childStart;
        children = p.children;
        memberStart = p.memberStart;
        memberEnd = p.memberEnd;
        members = p.members;
        chainStart = p.chainStart;
        chain = p.chain;
        leafOf = p.leafOf;
        tiers = p.tiers;
        topTier = tiers[tiers.length - 1];
        minTier = tiers[0];
        contiguous = p.contiguous;
        problems = List.copyOf(p.problems);
        byName = p.byName;
        tierByName = p.tierByName;
    }

    /** The HyperNode called {@code hyperNode} (the root by its {@link #ROOT_NAME}), or -1. */
    public int id(String hyperNode) {
        return hyperNode == null ? -1 : byName.getInt(hyperNode);
    }

    /** The tier named {@code tierName} by some HyperNode's {@code spec.tierName}, or -1. */
    public int tierNamed(String tierName) {
        return tierName == null ? -1 : tierByName.getInt(tierName);
    }

    public int size(int h) {
        return memberEnd[h] - memberStart[h];
    }

    public int childCount(int h) {
        return childStart[h + 1] - childStart[h];
    }

    public int child(int h, int i) {
        return children[childStart[h] + i];
    }

    /** Whether {@code h} is {@code ancestor} or lies below it. O(depth). */
    public boolean within(int h, int ancestor) {
        for (int a = h; a >= 0; a = parent[a]) {
            if (a == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** The lowest common ancestor; -1 stands for "none yet" and yields the other. O(depth). */
    public int lca(int a, int b) {
        if (a < 0) {
            return b;
        }
        if (b < 0) {
            return a;
        }
        while (depth[a] > depth[b]) {
            a = parent[a];
        }
        while (depth[b] > depth[a]) {
            b = parent[b];
        }
        while (a != b) {
            a = parent[a];
            b = parent[b];
        }
        return a;
    }

    /** Whether node row {@code node} belongs to HyperNode {@code h}. O(tiers). */
    public boolean contains(int h, int node) {
        if (h == root) {
            return true;
        }
        for (int i = chainStart[node]; i < chainStart[node + 1]; i++) {
            if (chain[i] == h) {
                return true;
            }
        }
        return false;
    }

    /** "s3 (tier 2)". */
    public String describe(int h) {
        return name[h] + " (tier " + tier[h] + ")";
    }

    /** The arrays under construction ({@link TreeBuilder} fills them). */
    static final class Parts {
        int count;
        String[] name;
        int[] tier;
        String[] tierName;
        int[] parent;
        int[] depth;
        int[] childStart;
        int[] children;
        int[] memberStart;
        int[] memberEnd;
        int[] members;
        int[] chainStart;
        int[] chain;
        int[] leafOf;
        int[] tiers;
        int contiguous;
        List<String> problems;
        Object2IntOpenHashMap<String> byName;
        Object2IntOpenHashMap<String> tierByName;
    }
}
