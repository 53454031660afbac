package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.framework.NodeScorer;

/**
 * nodeorder's node-local scores: leastrequested, mostrequested and balancedresource (kube-scheduler's Fit with the
 * LeastAllocated and MostAllocated strategies, and BalancedAllocation, which current Volcano runs without score
 * normalization), each term {@code float64(score) x float64(weight)} summed from 0.0, skipping zero weights.
 * Image locality adds {@link ConstantScores} 0. BalancedAllocation scores a best-effort pod 0: its PreScore returns
 * Skip when the pod requests none of cpu, memory and {@code nvidia.com/gpu} (kube-scheduler
 * noderesources/balanced_allocation.go, {@code isBestEffortPod}; v1.7's kube scored it). Node affinity is a
 * normalized batch score ({@link NodeAffinityScores}).
 * <p>
 * Node-local: depends only on the task's class and the node's own allocatable and pods, read as one row per class
 * ({@link ClassRequests}) and one per node ({@link NodeRequests#rows}).
 * Threading: pure reads, safe from filter workers. No allocation.
 */
final class LocalScores implements NodeScorer {
    private final NodeOrderPlugin plugin;
    private final NodeOrderWeights weights;
    private final NodeRequests on;
    private final ClassRequests requests;

    LocalScores(NodeOrderPlugin plugin, NodeOrderWeights weights) {
        this.plugin = plugin;
        this.weights = weights;
        this.on = plugin.requests();
        this.requests = plugin.classRequests();
    }

    @Override
    public double score(int task, int node) {
        return classScore(plugin.classOf(task) * ClassRequests.STRIDE, node);
    }

    @Override
    public void scoreAll(int task, int[] nodes, int from, int to, double[] scores) {
        int row = plugin.classOf(task) * ClassRequests.STRIDE;
        for (int i = from; i < to; i++) {
            scores[i] += classScore(row, nodes[i]);
        }
    }

    /** The sum for the class whose {@link ClassRequests} row starts at {@code row}. */
    private double classScore(int row, int node) {
        long[] request = requests.rows;
        long[] sums = on.rows;
        int b = node * NodeRequests.STRIDE;
        long cpu = sums[b + NodeRequests.ALLOCATABLE_CPU];
        long memory = sums[b + NodeRequests.ALLOCATABLE_MEMORY];
        // least- and most-requested read the non-zero requests, the pod's added to the node's
        long nonZeroCpu = sums[b + NodeRequests.NON_ZERO_CPU] + request[row + NodeRequests.NON_ZERO_CPU];
        long nonZeroMemory = sums[b + NodeRequests.NON_ZERO_MEMORY] + request[row + NodeRequests.NON_ZERO_MEMORY];
        double score = 0.0;
        if (weights.leastRequested() != 0) {
            score += (double) LeastRequested.score(nonZeroCpu, cpu, nonZeroMemory, memory) * weights.leastRequested();
        }
        if (weights.mostRequested() != 0) {
            score += (double) MostRequested.score(nonZeroCpu, cpu, nonZeroMemory, memory) * weights.mostRequested();
        }
        if (weights.balancedResource() != 0) {
            score += (double) balanced(request, row, sums, b, cpu, memory) * weights.balancedResource();
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
        on.key(node, key, at);
    }

    private static long balanced(long[] request, int row, long[] sums, int b, long cpu, long memory) {
        long podCpu = request[row + NodeRequests.CPU];
        long podMemory = request[row + NodeRequests.MEMORY];
        long podGpus = request[row + NodeRequests.GPUS];
        if (podGpus == 0 && podCpu == 0 && podMemory == 0) {
            return 0;
        }
        return BalancedAllocation.score(sums[b + NodeRequests.CPU] + podCpu, cpu,
                sums[b + NodeRequests.MEMORY] + podMemory, memory,
                sums[b + NodeRequests.GPUS] + podGpus, podGpus == 0 ? 0 : sums[b + NodeRequests.ALLOCATABLE_GPUS]);
    }
}
