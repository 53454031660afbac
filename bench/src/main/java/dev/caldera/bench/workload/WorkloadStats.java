package dev.caldera.bench.workload;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.TaskStatus;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * What drives the incremental selector's cost on a generated cluster: how many task classes the pending
 * tasks form (each costs one evaluation of every node per cycle), how many there would be if priority split
 * them, how many placement profiles they use, and how many distinct node states the cluster has (nodes with
 * the same allocatable, use, taints and labels other than the hostname answer every class alike).
 * <p>
 * {@code java -cp bench/target/benchmarks.jar dev.caldera.bench.workload.WorkloadStats 5000 50000} prints one
 * line per node count for the headline workload (10,000 pending tasks).
 */
public record WorkloadStats(int nodes, int pendingTasks, int classes, int classesByPriority, int profiles,
                            int nodeStates) {
    private static final String HOSTNAME = "kubernetes.io/hostname";

    /** The statistics of a prepared cluster, before any cycle. */
    public static WorkloadStats of(PreparedCluster cluster) {
        ClusterCache c = cluster.cache;
        Set<Integer> classes = new HashSet<>();
        Set<Long> byPriority = new HashSet<>();
        Set<Integer> profiles = new HashSet<>();
        int pending = 0;
        for (int t = 0; t < c.tasks().rows(); t++) {
            if (c.tasks().live(t) && c.taskState().status(t) == TaskStatus.PENDING) {
                int cls = c.tasks().taskClass(t);
                pending++;
                classes.add(cls);
                byPriority.add((long) cls << 32 | (c.tasks().priority(t) & 0xFFFFFFFFL));
                profiles.add(c.classes().profile(cls));
            }
        }
        return new WorkloadStats(c.liveNodeCount(), pending, classes.size(), byPriority.size(), profiles.size(),
                nodeStates(c));
    }

    private static int nodeStates(ClusterCache c) {
        int hostname = c.symbols().find(HOSTNAME);
        Set<String> states = new HashSet<>();
        for (int r = 0; r < c.nodes().rows(); r++) {
            if (!c.nodes().live(r)) {
                continue;
            }
            StringBuilder key = new StringBuilder();
            for (int d = 0; d < c.dims().count(); d++) {
                key.append(c.nodes().allocatable(d, r)).append('/').append(c.nodeUsage().used(d, r)).append(';');
            }
            key.append(Arrays.toString(c.nodes().taints(r))).append(c.nodes().unschedulable(r));
            int[] labels = c.nodes().labels(r);
            for (int i = 0; i < labels.length; i += 2) {
                if (labels[i] != hostname) {
                    key.append(',').append(labels[i]).append('=').append(labels[i + 1]);
                }
            }
            states.add(key.toString());
        }
        return states.size();
    }

    @Override
    public String toString() {
        return String.format("%,d nodes: %,d pending tasks in %d task classes (%d if priority split them), %d"
                + " placement profiles; %,d distinct node states", nodes, pendingTasks, classes, classesByPriority,
                profiles, nodeStates);
    }

    public static void main(String[] args) {
        for (String arg : args) {
            System.out.println(of(PreparedCluster.of(WorkloadSpec.headline(Integer.parseInt(arg), 10_000))));
        }
    }
}
