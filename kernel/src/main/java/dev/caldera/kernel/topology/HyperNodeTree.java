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

    private final int count;
    private final int root;
    private final String[] name;
    private final int[] tier;
    private final String[] tierName;
    private final int[] parent;
    private final int[] depth;
    private final int[] childStart;
    private final int[] children;
    private final int[] memberStart;
    private final int[] memberEnd;
    private final int[] members;
    private final int[] chainStart;
    private final int[] chain;
    private final int[] leafOf;
    private final int[] tiers;
    private final int topTier;
    private final int minTier;
    /** Number of HyperNodes whose nodes form one contiguous range of the depth-first node order. */
    private final int contiguous;
    private final List<String> problems;
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

    /** Real HyperNodes; the virtual root is id {@code count()}. */
    public int count() {
        return count;
    }

    /** The virtual root's id. */
    public int root() {
        return root;
    }

    public String name(int h) {
        return name[h];
    }

    public int tier(int h) {
        return tier[h];
    }

    /** The tier name HyperNode {@code h}'s spec gave, or null. */
    public String tierName(int h) {
        return tierName[h];
    }

    /** The parent HyperNode, -1 for the root. */
    public int parent(int h) {
        return parent[h];
    }

    public int depth(int h) {
        return depth[h];
    }

    /** HyperNode {@code h}'s children are {@code childAt(i)} for {@code childStart(h) <= i < childStart(h + 1)}. */
    public int childStart(int h) {
        return childStart[h];
    }

    public int childAt(int i) {
        return children[i];
    }

    /** HyperNode {@code h}'s nodes are {@code member(i)} for {@code memberStart(h) <= i < memberEnd(h)}. */
    public int memberStart(int h) {
        return memberStart[h];
    }

    public int memberEnd(int h) {
        return memberEnd[h];
    }

    public int member(int i) {
        return members[i];
    }

    /**
     * The node rows of every HyperNode in depth-first order, the array itself, for a selector that walks
     * {@code memberStart(h) .. memberEnd(h)} in place (per placement, so not copied): the caller must not write it.
     */
    public int[] memberArray() {
        return members;
    }

    /** The HyperNodes holding node row {@code n}: {@code chain(i)} for {@code chainStart(n) <= i < chainStart(n + 1)}. */
    public int chainStart(int node) {
        return chainStart[node];
    }

    public int chain(int i) {
        return chain[i];
    }

    /** The HyperNode of the lowest tier holding node row {@code node}, or -1. */
    public int leafOf(int node) {
        return leafOf[node];
    }

    /** Distinct tiers, ascending; the root's is last. */
    public int tierCount() {
        return tiers.length;
    }

    public int tierAt(int i) {
        return tiers[i];
    }

    public int topTier() {
        return topTier;
    }

    public int minTier() {
        return minTier;
    }

    /** Number of HyperNodes whose nodes form one contiguous range of the depth-first node order. */
    public int contiguous() {
        return contiguous;
    }

    /** What {@link TreeBuilder} skipped and why (unmodifiable). */
    public List<String> problems() {
        return problems;
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
