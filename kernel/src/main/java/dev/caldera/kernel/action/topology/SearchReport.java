package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.topology.HyperNodeTree;
import dev.caldera.kernel.session.HyperNodeUsage;
import dev.caldera.kernel.session.TopologySession;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * What a hard-mode job's search saw, to say why it found no place: how many candidates were dry-run or skipped
 * for lack of room, the most tasks any dry run placed and where. Messages read like
 * {@code no HyperNode of tier <= 2 can hold 512 pods: the largest free, s3 (tier 2), takes 448}.
 * <p>
 * Threading: scheduling thread. Text is built only for a job that failed.
 */
final class SearchReport {
    private int tried;
    private int pruned;
    private int bestPlaced;
    private int bestAt;

    void reset() {
        tried = 0;
        pruned = 0;
        bestPlaced = -1;
        bestAt = -1;
    }

    void tried(int h, int placed) {
        tried++;
        if (placed > bestPlaced) {
            bestPlaced = placed;
            bestAt = h;
        }
    }

    void pruned(int h) {
        pruned++;
    }

    /**
     * Why {@code job} (hard mode, tier {@code highestTier}, {@code pods} pods to place, {@code pending} their
     * summed requests) found no HyperNode.
     */
    String message(Session s, int job, int highestTier, int pods, long[] pending, HyperNodeGradients candidates) {
        TopologySession t = s.topologyState();
        HyperNodeTree tree = t.tree();
        String head = "no HyperNode of tier <= " + highestTier + " can hold " + pods + (pods == 1 ? " pod" : " pods");
        if (candidates.refusedRoot >= 0) {
            return head + ": its pods already run in " + tree.describe(candidates.refusedRoot)
                    + ", which lies in no HyperNode of an allowed tier";
        }
        long[] min = s.jobTable().minResources(job);
        if (candidates.groups() == 0 && min == null) {
            return head + ": there is no HyperNode of tier <= " + highestTier;
        }
        if (bestAt >= 0 && bestPlaced > 0) {
            return head + ": the largest free, " + tree.describe(bestAt) + ", takes " + bestPlaced
                    + (pruned > 0 ? " (" + pruned + " more had no room for even one)" : "");
        }
        boolean byMin = candidates.groups() == 0;
        long[] need = byMin ? min : pending;
        int largest = largestFree(tree, t.usage(), highestTier, need);
        if (largest < 0) {
            // no HyperNode of an allowed tier at all (a PodGroup with minResources still gets here)
            return head + ": there is no HyperNode of tier <= " + highestTier;
        }
        String what = byMin ? "the PodGroup's minResources (" + format(s.dims(), need, need) + ")"
                : format(s.dims(), need, need) + " its " + pendingPods(s, job) + " pending pods request";
        return head + ": the largest free, " + tree.describe(largest) + ", has "
                + format(s.dims(), futureIdle(t.usage(), largest, need.length), need) + " of the " + what;
    }

    /** How many of the job's pods are pending (their requests are what a candidate must hold, not minMember's). */
    private static int pendingPods(Session s, int job) {
        IntArrayList tasks = s.topologyState().subJobs(job).tasks(0);
        int n = 0;
        for (int i = 0; i < tasks.size(); i++) {
            n += s.status(tasks.getInt(i)) == TaskStatus.PENDING ? 1 : 0;
        }
        return n;
    }

    /**
     * The allowed HyperNode whose futureIdle covers the largest share of {@code need} in its tightest dimension,
     * or -1 when no HyperNode is of an allowed tier.
     */
    private static int largestFree(HyperNodeTree tree, HyperNodeUsage u, int highestTier, long[] need) {
        int best = -1;
        double bestShare = -1;
        for (int h = 0; h <= tree.count(); h++) {
            if (tree.tier(h) > highestTier) {
                continue;
            }
            double share = Double.MAX_VALUE;
            for (int d = 0; d < need.length; d++) {
                if (need[d] > 0) {
                    share = Math.min(share, (double) (d < u.dims() ? u.futureIdle(d, h) : 0) / need[d]);
                }
            }
            if (share > bestShare) {
                bestShare = share;
                best = h;
            }
        }
        return best;
    }

    /** The amount in the largest unit that divides it exactly. */
    private static String scaled(long amount, int base, String[] units) {
        long v = amount;
        int u = 0;
        while (v != 0 && v % base == 0 && u < units.length - 1) {
            v /= base;
            u++;
        }
        return v + units[u];
    }

    private static long[] futureIdle(HyperNodeUsage u, int h, int dims) {
        long[] out = new long[dims];
        for (int d = 0; d < dims && d < u.dims(); d++) {
            out[d] = u.futureIdle(d, h);
        }
        return out;
    }

    /** "cpu 48, memory 200Gi" over the dimensions {@code which} asks for (non-zero there). */
    static String format(Dimensions dims, long[] amounts, long[] which) {
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < which.length && d < amounts.length; d++) {
            if (which[d] <= 0) {
                continue;
            }
            sb.append(sb.length() == 0 ? "" : ", ").append(dims.name(d)).append(' ').append(quantity(d, amounts[d]));
        }
        return sb.toString();
    }

    private static String quantity(int dim, long amount) {
        if (dim == ResourceDimensions.MEMORY) {
            String binary = scaled(amount, 1024, new String[] {"", "Ki", "Mi", "Gi", "Ti", "Pi"});
            String decimal = scaled(amount, 1000, new String[] {"", "k", "M", "G", "T", "P"});
            return decimal.length() < binary.length() ? decimal : binary;
        }
        if (dim == ResourceDimensions.PODS) {
            return Long.toString(amount);
        }
        return amount % 1000 == 0 ? Long.toString(amount / 1000) : amount + "m";
    }
}
