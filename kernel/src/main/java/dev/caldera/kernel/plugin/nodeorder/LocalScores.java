package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.framework.NodeScorer;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.resource.ResourceDimensions;

/**
 * Volcano v1.7 nodeorder's node order function: the weighted node-local scores summed into a float64 from
 * 0.0 in Volcano's order (imagelocality, leastrequested, mostrequested, balancedresource, nodeaffinity; then
 * volumebinding), each term {@code float64(score) x float64(weight)}, skipping zero weights. Image locality
 * and volume binding add {@link ConstantScores} 0. Node affinity is the raw sum of matching preferred term
 * weights, not normalized, as in Volcano.
 * <p>
 * Node-local: depends only on the task's class and the node's own allocatable and pods.
 * Threading: pure reads, safe from filter workers. No allocation.
 */
final class LocalScores implements NodeScorer {
    private final NodeOrderPlugin plugin;
    private final NodeOrderWeights weights;

    LocalScores(NodeOrderPlugin plugin, NodeOrderWeights weights) {
        this.plugin = plugin;
        this.weights = weights;
    }

    @Override
    public double score(int task, int node) {
        SessionView s = plugin.session();
        return score(s, task, s.request(task), node);
    }

    @Override
    public void scoreAll(int task, int[] nodes, int from, int to, double[] scores) {
        SessionView s = plugin.session();
        long[] r = s.request(task);
        for (int i = from; i < to; i++) {
            scores[i] += score(s, task, r, nodes[i]);
        }
    }

    private double score(SessionView s, int task, long[] r, int node) {
        double score = 0.0;
        if (weights.leastRequested() != 0) {
            score += (double) leastRequested(s, r, node) * weights.leastRequested();
        }
        if (weights.mostRequested() != 0) {
            score += (double) mostRequested(s, r, node) * weights.mostRequested();
        }
        if (weights.balancedResource() != 0) {
            score += (double) balanced(s, r, node) * weights.balancedResource();
        }
        if (weights.nodeAffinity() != 0) {
            score += (double) plugin.affinityScore(task, node) * weights.nodeAffinity();
        }
        return score;
    }

    @Override
    public boolean nodeLocal() {
        return true;
    }

    private long leastRequested(SessionView s, long[] r, int node) {
        NodeRequests on = plugin.requests();
        NodeTable n = s.nodes();
        return LeastRequested.score(on.nonZeroCpuMilli[node] + NodeRequests.nonZeroCpu(r),
                n.allocatable[ResourceDimensions.CPU][node],
                on.nonZeroMemoryBytes[node] + NodeRequests.nonZeroMemory(r),
                n.allocatable[ResourceDimensions.MEMORY][node]);
    }

    private long mostRequested(SessionView s, long[] r, int node) {
        NodeRequests on = plugin.requests();
        NodeTable n = s.nodes();
        return MostRequested.score(on.nonZeroCpuMilli[node] + NodeRequests.nonZeroCpu(r),
                n.allocatable[ResourceDimensions.CPU][node],
                on.nonZeroMemoryBytes[node] + NodeRequests.nonZeroMemory(r),
                n.allocatable[ResourceDimensions.MEMORY][node]);
    }

    private long balanced(SessionView s, long[] r, int node) {
        NodeRequests on = plugin.requests();
        NodeTable n = s.nodes();
        int gpu = on.gpuDim;
        long podGpus = NodeRequests.wholeUnits(NodeRequests.amount(r, gpu));
        long nodeGpus = podGpus == 0 ? 0 : NodeRequests.wholeUnits(n.allocatable[gpu][node]);
        return BalancedAllocation.score(
                on.cpuMilli[node] + NodeRequests.amount(r, ResourceDimensions.CPU),
                n.allocatable[ResourceDimensions.CPU][node],
                on.memoryBytes[node] + NodeRequests.amount(r, ResourceDimensions.MEMORY),
                n.allocatable[ResourceDimensions.MEMORY][node],
                on.gpus[node] + podGpus, nodeGpus);
    }
}
