package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.NodeScorer;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.Request;

/**
 * nodeorder's node-local scores: leastrequested, mostrequested and balancedresource (kube-scheduler's Fit with the
 * LeastAllocated and MostAllocated strategies, and BalancedAllocation, which current Volcano runs without score
 * normalization), each term {@code float64(score) x float64(weight)} summed from 0.0, skipping zero weights.
 * Image locality adds {@link ConstantScores} 0. BalancedAllocation scores a best-effort pod 0: its PreScore returns
 * Skip when the pod requests none of cpu, memory and {@code nvidia.com/gpu} (kube-scheduler
 * noderesources/balanced_allocation.go, {@code isBestEffortPod}; v1.7's kube scored it). Node affinity is a
 * normalized batch score ({@link NodeAffinityScores}).
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
        return score(plugin.nodes(), plugin.session().requestOf(task), node);
    }

    @Override
    public void scoreAll(int task, int[] nodes, int from, int to, double[] scores) {
        Nodes n = plugin.nodes();
        Request r = plugin.session().requestOf(task);
        for (int i = from; i < to; i++) {
            scores[i] += score(n, r, nodes[i]);
        }
    }

    private double score(Nodes n, Request r, int node) {
        double score = 0.0;
        if (weights.leastRequested() != 0) {
            score += (double) leastRequested(n, r, node) * weights.leastRequested();
        }
        if (weights.mostRequested() != 0) {
            score += (double) mostRequested(n, r, node) * weights.mostRequested();
        }
        if (weights.balancedResource() != 0) {
            score += (double) balanced(n, r, node) * weights.balancedResource();
        }
        return score;
    }

    @Override
    public boolean nodeLocal() {
        return true;
    }

    /** The task's request is all it reads of the task (best effort included: a request of zeros). */
    @Override
    public boolean requestOnly() {
        return true;
    }

    /** Allocatable resources, and the requests of the pods on the node ({@link NodeRequests}) as own key words. */
    @Override
    public int nodeInputs() {
        return weights.needsNodeRequests() ? RESOURCES | OWN : RESOURCES;
    }

    /** The node's allocatable and the requests of its pods ({@link NodeRequests}, recounted for changed rows). */
    @Override
    public long stateVersion() {
        return 0;
    }

    @Override
    public int nodeKeyWords() {
        return weights.needsNodeRequests() ? NodeRequests.KEY_WORDS : 0;
    }

    @Override
    public void nodeKey(int node, long[] key, int at) {
        plugin.requests().key(node, key, at);
    }

    private long leastRequested(Nodes n, Request r, int node) {
        NodeRequests on = plugin.requests();
        return LeastRequested.score(on.nonZeroCpuMilli[node] + NodeRequests.nonZeroCpu(r),
                n.allocatable(Dimensions.CPU, node),
                on.nonZeroMemoryBytes[node] + NodeRequests.nonZeroMemory(r),
                n.allocatable(Dimensions.MEMORY, node));
    }

    private long mostRequested(Nodes n, Request r, int node) {
        NodeRequests on = plugin.requests();
        return MostRequested.score(on.nonZeroCpuMilli[node] + NodeRequests.nonZeroCpu(r),
                n.allocatable(Dimensions.CPU, node),
                on.nonZeroMemoryBytes[node] + NodeRequests.nonZeroMemory(r),
                n.allocatable(Dimensions.MEMORY, node));
    }

    private long balanced(Nodes n, Request r, int node) {
        NodeRequests on = plugin.requests();
        int gpu = on.gpuDim;
        long podGpus = NodeRequests.wholeUnits(NodeRequests.amount(r, gpu));
        if (podGpus == 0 && NodeRequests.amount(r, Dimensions.CPU) == 0
                && NodeRequests.amount(r, Dimensions.MEMORY) == 0) {
            return 0;
        }
        long nodeGpus = podGpus == 0 ? 0 : NodeRequests.wholeUnits(n.allocatable(gpu, node));
        return BalancedAllocation.score(
                on.cpuMilli[node] + NodeRequests.amount(r, Dimensions.CPU),
                n.allocatable(Dimensions.CPU, node),
                on.memoryBytes[node] + NodeRequests.amount(r, Dimensions.MEMORY),
                n.allocatable(Dimensions.MEMORY, node),
                on.gpus[node] + podGpus, nodeGpus);
    }
}
