package dev.caldera.bench.workload;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.NodeUsage;
import dev.caldera.kernel.cluster.TaskState;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * A {@link ClusterCache} built once from a workload, with a copy of its mutable state so that a benchmark can
 * put it back between invocations in a few array copies instead of regenerating objects: what a cycle
 * changes in the cache is task status and node (commit: Binding; eviction: Releasing), nominations
 * (pipelined tasks), job phases and counters, and node usage. The spec tables are never changed by a cycle.
 * <p>
 * Threading: the benchmark thread only.
 */
public final class PreparedCluster {
    public final ClusterCache cache = new ClusterCache();
    public final GeneratedCluster objects;
    private final TaskState tasks = new TaskState();
    private final JobState jobs = new JobState();
    private final NodeUsage usage;

    private PreparedCluster(GeneratedCluster generated) {
        this(generated::feed, generated);
    }

    private PreparedCluster(java.util.function.Consumer<ClusterCache> feed, GeneratedCluster objects) {
        this.objects = objects;
        feed.accept(cache);
        cache.applyChanges();
        cache.resolveJobPriorities();
        usage = new NodeUsage(cache.dims().count());
        tasks.copyFrom(cache.taskState(), cache.tasks().rows());
        jobs.copyFrom(cache.jobState(), cache.jobs().rows());
        usage.copyFrom(cache.nodeUsage(), cache.nodes().rows());
    }

    public static PreparedCluster of(WorkloadSpec spec) {
        return new PreparedCluster(SyntheticCluster.generate(spec));
    }

    /** A prepared cluster of whatever {@code feed} queues on the cache ({@link #objects} is null then). */
    public static PreparedCluster of(java.util.function.Consumer<ClusterCache> feed) {
        return new PreparedCluster(feed, null);
    }

    /** Puts the cache back to the state it had when built (no nomination existed then). */
    public void restore() {
        for (int t = 0; t < cache.tasks().rows(); t++) {
            if (cache.nominations().nodeOf(t) >= 0) {
                cache.nominations().remove(t);
            }
        }
        cache.taskState().copyFrom(tasks, cache.tasks().rows());
        cache.jobState().copyFrom(jobs, cache.jobs().rows());
        cache.nodeUsage().copyFrom(usage, cache.nodes().rows());
    }

    /** A session over this cache with the plugins of {@code conf} (not opened). */
    public Session session(SchedulerConf conf) {
        return new Session(cache, PluginChain.build(conf.tiers(), PluginRegistry.defaults()));
    }

    /**
     * Up to {@code max} pending task rows, one per task class first (so a suite sees every class of the
     * workload), then the rest in row order.
     */
    public int[] pendingTasks(int max) {
        IntArrayList picked = new IntArrayList();
        boolean[] seenClass = new boolean[cache.classes().size()];
        boolean[] taken = new boolean[cache.tasks().rows()];
        for (int pass = 0; pass < 2 && picked.size() < max; pass++) {
            for (int t = 0; t < cache.tasks().rows() && picked.size() < max; t++) {
                if (!cache.tasks().live(t) || taken[t] || cache.taskState().status(t) != TaskStatus.PENDING) {
                    continue;
                }
                int cls = cache.tasks().taskClass(t);
                if (pass == 1 || !seenClass[cls]) {
                    seenClass[cls] = true;
                    taken[t] = true;
                    picked.add(t);
                }
            }
        }
        return picked.toIntArray();
    }

    public int nodeCount() {
        return cache.liveNodeCount();
    }
}
