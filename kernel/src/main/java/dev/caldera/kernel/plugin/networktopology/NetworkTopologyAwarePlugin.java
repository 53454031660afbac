package dev.caldera.kernel.plugin.networktopology;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.framework.BatchNodeScorer;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.PluginArguments;
import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Topology;
import dev.caldera.kernel.framework.Dimensions;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;

/**
 * Volcano's {@code network-topology-aware} plugin ({@code plugins/network-topology-aware}). It offers:
 * <ul>
 *   <li>HyperNode gradients ({@link #gradientEnabled()}): with it, a hard-mode job is searched for tier by tier;
 *       without it the whole cluster is its only candidate. The search itself is the topology-aware allocate's.</li>
 *   <li>A HyperNode score ({@link #hyperNodeScore}, {@link #taskShare}): how full the HyperNode would be with all
 *       the (sub-)job's requests, per weighted resource, 0 when any resource would overflow; ties at the top are
 *       broken by the share of the (sub-)job's tasks already inside.</li>
 *   <li>A batch node score (scaled by 100 x {@code weight}): for a task of a (sub-)job with network topology,
 *       1 on the job's allocated HyperNode so far, else {@code (maxTier - tier(LCA)) / (maxTier - minTier)} of the
 *       lowest common HyperNode of the node's leaf and that allocated one, ties broken by the task share of the
 *       node's leaf; for other tasks (when {@code hypernode.binpack.normal-pod.enable}) a tier-faded average of the
 *       task's bin-packing score in each HyperNode holding the node (1 where a tier has none), weights
 *       {@code fading^(tier-1)}.</li>
 * </ul>
 * The node score is not node-local (it depends on the job's other tasks and on HyperNode sums), so with this
 * plugin the plain path selects nodes by full scans.
 * <p>
 * Threading: scheduling thread only (a batch scorer). No allocation per score once the scratch arrays fit.
 */
public final class NetworkTopologyAwarePlugin implements Plugin, BatchNodeScorer {
    public static final String NAME = "network-topology-aware";
    private static final double MAX_NODE_SCORE = 100.0;

    private final TopologyWeights weights;
    private boolean gradient;
    private boolean order;
    private SessionView session;
    private int[] weightByDim = new int[0];
    private double[] perHyperNode = new double[0];
    private long[] perHyperNodeStamp = new long[0];
    private long[] taskRequest = new long[0];
    private int[] tasksIn = new int[0];
    private long stamp;
    private double[] raw = new double[0];

    public NetworkTopologyAwarePlugin(Arguments arguments) {
        this.weights = TopologyWeights.from(new PluginArguments(NAME, arguments));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        gradient = ext.enabled(PluginFlag.HYPER_NODE_GRADIENT);
        order = ext.enabled(PluginFlag.HYPER_NODE_ORDER);
        ext.batchNodeScorer(this);
    }

    @Override
    public void open(SessionView s) {
        session = s;
        Dimensions dims = s.dims();
        if (weightByDim.length != dims.count()) {
            weightByDim = new int[dims.count()];
        }
        for (int d = 0; d < dims.count(); d++) {
            weightByDim[d] = weightOf(d, dims.name(d));
        }
        int size = s.topology().hasTree() ? s.topology().hyperNodeCount() + 1 : 1;
        if (perHyperNode.length < size) {
            perHyperNode = new double[size];
            perHyperNodeStamp = new long[size];
            tasksIn = new int[size];
        }
    }

    private int weightOf(int dim, String name) {
        if (dim == Dimensions.CPU) {
            return weights.cpu();
        }
        if (dim == Dimensions.MEMORY) {
            return weights.memory();
        }
        if (dim == Dimensions.PODS) {
            return -1;
        }
        Integer w = weights.resources().get(name);
        return w == null ? -1 : w;
    }

    public boolean gradientEnabled() {
        return gradient;
    }

    public boolean orderEnabled() {
        return order;
    }

    /** {@code hypernode.gradient.evict.max-hypernodes}. */
    public int evictMaxHyperNodes() {
        return weights.evictMaxHyperNodes();
    }

    /** A score as the session sums it: {@code 100 x weight x score}. */
    public double scaled(double score) {
        return MAX_NODE_SCORE * weights.weight() * score;
    }

    // ---------------------------------------------------------------- HyperNode order

    /**
     * How full HyperNode {@code h} would be with {@code request} (a sub-job's summed requests) added to what it
     * uses: the weighted average over the requested, weighted resources of {@code (used + request) /
     * allocatable}; 0 when one of them would overflow or none is weighted. Unscaled.
     */
    public double hyperNodeScore(long[] request, int h) {
        Topology u = session.topology();
        double total = 0;
        int totalWeight = 0;
        for (int d = 0; d < request.length && d < weightByDim.length; d++) {
            int w = weightByDim[d];
            if (w < 0 || request[d] <= 0) {
                continue;
            }
            double allocatable = u.allocatable(d, h);
            double used = u.used(d, h);
            if (used + request[d] > allocatable) {
                return 0;
            }
            total += w * ((used + request[d]) / allocatable);
            totalWeight += w;
        }
        return totalWeight <= 0 ? 0 : total / totalWeight;
    }

    /** Whether any of {@code tasks} is on a node. */
    public boolean anyOnANode(IntArrayList tasks) {
        for (int i = 0; i < tasks.size(); i++) {
            if (session.nodeOf(tasks.getInt(i)) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** The share of {@code tasks} placed on nodes of HyperNode {@code h}; 0 without tasks. */
    public double taskShare(IntArrayList tasks, int h) {
        if (tasks.isEmpty()) {
            return 0;
        }
        Topology tree = session.topology();
        int inside = 0;
        for (int i = 0; i < tasks.size(); i++) {
            int node = session.nodeOf(tasks.getInt(i));
            if (node >= 0 && tree.contains(h, node)) {
                inside++;
            }
        }
        return (double) inside / tasks.size();
    }

    // ---------------------------------------------------------------- node order

    @Override
    public void score(int task, int[] nodes, int count, double[] scores) {
        Topology topo = session.topology();
        if (!topo.hasTree()) {
            return;
        }
        int job = session.jobOf(task);
        int sub = topo.subJobOf(task);
        if (sub >= 0 && sub < topo.subJobCount(job) && topo.subJobWithTopology(job, sub)) {
            networkAware(task, job, sub, nodes, count, scores);
        } else if (weights.normalPodEnable()) {
            normalPod(task, nodes, count, scores);
        }
    }

    private void networkAware(int task, int job, int sub, int[] nodes, int count, double[] scores) {
        Topology tree = session.topology();
        int allocated = tree.scoringAllocated(task);
        if (allocated < 0) {
            return;
        }
        double[] s = raw(count);
        double max = -1;
        int atMax = 0;
        for (int i = 0; i < count; i++) {
            int leaf = tree.leafOf(nodes[i]);
            s[i] = leaf < 0 ? 0 : leaf == allocated ? 1 : tierScore(tree, tree.tier(tree.lca(leaf, allocated)));
            if (s[i] > max) {
                max = s[i];
                atMax = 1;
            } else if (s[i] == max) {
                atMax++;
            }
        }
        if (atMax > 1) {
            addTaskShares(tree, job, sub, nodes, count, s, max);
        }
        for (int i = 0; i < count; i++) {
            scores[i] += scaled(s[i]);
        }
    }

    private void addTaskShares(Topology tree, int job, int sub, int[] nodes, int count, double[] s, double max) {
        Arrays.fill(tasksIn, 0, tree.hyperNodeCount() + 1, 0);
        int all = tree.subJobTaskCount(job, sub);
        for (int k = 0; k < all; k++) {
            int node = session.nodeOf(tree.subJobTask(job, sub, k));
            if (node >= 0 && tree.leafOf(node) >= 0) {
                tasksIn[tree.leafOf(node)]++;
            }
        }
        for (int i = 0; i < count; i++) {
            int leaf = tree.leafOf(nodes[i]);
            if (s[i] == max && all > 0) {
                s[i] += leaf < 0 ? 0 : (double) tasksIn[leaf] / all;
            }
        }
    }

    /** {@code (maxTier - tier) / (maxTier - minTier)}; 1 when all tiers are one; 0 outside the tiers. */
    private static double tierScore(Topology tree, int tier) {
        int min = tree.minTier();
        int max = tree.topTier();
        if (min == max) {
            return 1;
        }
        return min <= tier && tier <= max ? (double) (max - tier) / (max - min) : 0;
    }

    private void normalPod(int task, int[] nodes, int count, double[] scores) {
        Topology tree = session.topology();
        double fading = weights.normalPodFading();
        double totalWeight = 0;
        for (int tier = tree.minTier(); tier <= tree.topTier(); tier++) {
            totalWeight += Math.pow(fading, tier - 1);
        }
        if (totalWeight <= 0) {
            return;
        }
        long mark = ++stamp;
        long[] request = taskRequest(task);
        for (int i = 0; i < count; i++) {
            int node = nodes[i];
            double total = 0;
            int chain = tree.chainStart(node);
            int end = tree.chainEnd(node);
            for (int tier = tree.minTier(); tier <= tree.topTier(); tier++) {
                while (chain < end && tree.tier(tree.chain(chain)) < tier) {
                    chain++;
                }
                double tierScore = 1;
                if (chain < end && tree.tier(tree.chain(chain)) == tier) {
                    tierScore = podScore(tree.chain(chain), request, mark);
                }
                total += Math.pow(fading, tier - 1) * tierScore;
            }
            scores[i] += scaled(total / totalWeight);
        }
    }

    /** The task's request vector, copied into this plugin's scratch (the session's is read only). */
    private long[] taskRequest(int task) {
        Request r = session.requestOf(task);
        if (taskRequest.length != r.length()) {
            taskRequest = new long[r.length()];
        }
        r.copyTo(taskRequest);
        return taskRequest;
    }

    /** The task's bin-packing score in HyperNode {@code h}, computed once per scoring call. */
    private double podScore(int h, long[] request, long mark) {
        if (perHyperNodeStamp[h] == mark) {
            return perHyperNode[h];
        }
        perHyperNodeStamp[h] = mark;
        perHyperNode[h] = hyperNodeScore(request, h);
        return perHyperNode[h];
    }

    private double[] raw(int count) {
        if (raw.length < count) {
            raw = new double[Math.max(count, raw.length * 2)];
        }
        return raw;
    }
}
