package dev.caldera.bench.workload;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;

import java.util.List;

/**
 * Every object of a synthetic cluster, as an adapter would hand them to the cache. Kept so that other
 * schedulers (Fenzo) can be fed the very same nodes and pods, and so that suites can re-submit changed pods.
 */
public record GeneratedCluster(List<PriorityClassSpec> priorityClasses, List<QueueSpec> queues, List<NodeSpec> nodes,
                               List<JobSpec> jobs, List<TaskSpec> tasks) {
    public GeneratedCluster {
        priorityClasses = List.copyOf(priorityClasses);
        queues = List.copyOf(queues);
        nodes = List.copyOf(nodes);
        jobs = List.copyOf(jobs);
        tasks = List.copyOf(tasks);
    }

    /** Queues every object on {@code cache} (priority classes, queues and nodes before the jobs and pods). */
    public void feed(ClusterCache cache) {
        priorityClasses.forEach(cache::upsertPriorityClass);
        queues.forEach(cache::upsertQueue);
        nodes.forEach(cache::upsertNode);
        jobs.forEach(cache::upsertJob);
        tasks.forEach(cache::upsertTask);
    }

    public int runningPods() {
        return count(TaskStatus.RUNNING);
    }

    public int pendingPods() {
        return count(TaskStatus.PENDING);
    }

    private int count(byte status) {
        int n = 0;
        for (TaskSpec t : tasks) {
            n += t.status() == status ? 1 : 0;
        }
        return n;
    }

    /** One line for logs: how big the cluster is. */
    public String describe() {
        return nodes.size() + " nodes, " + queues.size() + " queues, " + jobs.size() + " jobs, " + runningPods()
                + " running and " + pendingPods() + " pending pods";
    }
}
