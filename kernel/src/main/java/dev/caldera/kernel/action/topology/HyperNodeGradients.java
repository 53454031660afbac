package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.topology.HyperNodeTree;
import dev.caldera.kernel.session.HyperNodeUsage;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The candidate HyperNodes of a (sub-)job, grouped by tier, lowest first: Volcano's network-topology-aware
 * {@code hyperNodeGradientFn}. From a search root (the HyperNode given, or, for a job already allocated, the
 * highest ancestor of its allocated HyperNode within the allowed tier, intersected with the one given) every
 * HyperNode below is a candidate when its tier is allowed and, unless the job is already allocated somewhere,
 * its idle or its futureIdle sums cover the job's minimum resources. Without hard mode (or without the
 * plugin's gradients) the HyperNode given is the only candidate.
 * <p>
 * Threading: scheduling thread. Cost: O(HyperNodes below the root); no allocation once warm.
 */
final class HyperNodeGradients {
    private final IntArrayList queue = new IntArrayList();
    private final IntArrayList found = new IntArrayList();
    /** Candidates of every group, group after group. */
    final IntArrayList ids = new IntArrayList();
    /** {@code ids[groupStart[g] .. groupStart[g + 1])} is group {@code g}. */
    final IntArrayList groupStart = new IntArrayList();
    /** Why there is no candidate, when {@link #groups()} is 0 and the search root was refused. */
    int refusedRoot = -1;

    int groups() {
        return groupStart.size() - 1;
    }

    int tierOf(HyperNodeTree tree, int group) {
        return tree.tier(ids.getInt(groupStart.getInt(group)));
    }

    /** The single candidate {@code within}. */
    void only(int within) {
        clear();
        ids.add(within);
        groupStart.add(1);
    }

    /** The tiered candidates below {@code within} for a hard-mode (sub-)job. */
    void search(HyperNodeTree tree, HyperNodeUsage usage, int within, int highestTier, int allocated,
                long[] minResources) {
        clear();
        int root = searchRoot(tree, within, highestTier, allocated);
        if (root < 0) {
            refusedRoot = allocated;
            return;
        }
        found.clear();
        queue.clear();
        queue.add(root);
        for (int head = 0; head < queue.size(); head++) {
            int h = queue.getInt(head);
            if (eligible(tree, usage, h, highestTier, allocated, minResources)) {
                found.add(h);
            }
            for (int i = tree.childStart(h); i < tree.childStart(h + 1); i++) {
                queue.add(tree.childAt(i));
            }
        }
        byTier(tree);
    }

    private void clear() {
        ids.clear();
        groupStart.clear();
        groupStart.add(0);
        refusedRoot = -1;
    }

    private static boolean eligible(HyperNodeTree tree, HyperNodeUsage usage, int h, int highestTier, int allocated,
                                    long[] minResources) {
        if (tree.tier(h) > highestTier) {
            return false;
        }
        return allocated >= 0 || usage.idleCovers(h, minResources)
                || usage.futureIdleCovers(h, minResources);
    }

    /** Stable by tier: ids ascending within a tier (found holds them in BFS order, re-sorted here). */
    private void byTier(HyperNodeTree tree) {
        int[] f = found.toIntArray();
        java.util.Arrays.sort(f);
        for (int i = 0; i < tree.tierCount(); i++) {
            int tier = tree.tierAt(i);
            int before = ids.size();
            for (int h : f) {
                if (tree.tier(h) == tier) {
                    ids.add(h);
                }
            }
            if (ids.size() > before) {
                groupStart.add(ids.size());
            }
        }
    }

    /**
     * Volcano's {@code getSearchRoot}: {@code within} itself for a job not yet allocated; else the intersection
     * of {@code within} with the highest ancestor of {@code allocated} whose tier is allowed; -1 when there is
     * none (the allocated HyperNode is above the allowed tier, or the two do not nest).
     */
    static int searchRoot(HyperNodeTree tree, int within, int highestTier, int allocated) {
        if (allocated < 0) {
            return within;
        }
        int highest = -1;
        for (int a = allocated; a >= 0; a = tree.parent(a)) {
            if (tree.tier(a) > highestTier) {
                break;
            }
            highest = a;
        }
        if (highest < 0) {
            return -1;
        }
        int lca = tree.lca(within, highest);
        if (lca == highest) {
            return within;
        }
        return lca == within ? highest : -1;
    }
}
