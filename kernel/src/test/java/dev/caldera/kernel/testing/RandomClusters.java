package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.resource.ResourceList;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * Seeded random clusters for property and invariant tests: a few queues, nodes of mixed shapes (some with
 * GPUs), gangs with random minMember, some tasks already running where they fit.
 */
public final class RandomClusters {
    private RandomClusters() {
    }

    /** Fills {@code cache} with a random cluster; returns nothing, everything is queued on the cache. */
    public static void fill(ClusterCache cache, long seed, int nodes, int jobs) {
        SplittableRandom r = new SplittableRandom(seed);
        int queues = 1 + r.nextInt(3);
        for (int q = 0; q < queues; q++) {
            cache.upsertQueue(QueueSpec.open("q" + q, 1 + r.nextInt(4)));
        }
        long[][] free = new long[nodes][3];
        for (int n = 0; n < nodes; n++) {
            long cpu = 2000L * (1 + r.nextInt(8));
            long mem = Clusters.GI * (4L << r.nextInt(3));
            long gpu = r.nextInt(4) == 0 ? 4000 : 0;
            free[n] = new long[] {cpu, mem, gpu};
            Map<String, Long> alloc = new java.util.LinkedHashMap<>();
            alloc.put("cpu", cpu);
            alloc.put("memory", mem);
            alloc.put("pods", 110L);
            if (gpu > 0) {
                alloc.put("nvidia.com/gpu", gpu);
            }
            cache.upsertNode(new NodeSpec(String.format("node-%04d", n), ResourceList.of(alloc), Map.of(), List.of(),
                    false));
        }
        for (int j = 0; j < jobs; j++) {
            addJob(cache, r, j, "q" + r.nextInt(queues), free);
        }
    }

    /** Adds {@code jobs} pending jobs named {@code prefix-i} to existing queues q0.. (at least q0 exists). */
    public static void addJobs(ClusterCache cache, long seed, int jobs, String prefix) {
        SplittableRandom r = new SplittableRandom(seed);
        long[][] none = new long[1][3];
        for (int j = 0; j < jobs; j++) {
            addJob(cache, r, prefix + "-" + j, j, "q0", none);
        }
    }

    private static void addJob(ClusterCache cache, SplittableRandom r, int j, String queue, long[][] free) {
        addJob(cache, r, "job-" + j, j, queue, free);
    }

    private static void addJob(ClusterCache cache, SplittableRandom r, String name, int j, String queue,
                               long[][] free) {
        int tasks = 1 + r.nextInt(6);
        int min = 1 + r.nextInt(tasks);
        long cpu = 500L * (1 + r.nextInt(6));
        long mem = (Clusters.GI / 2) * (1 + r.nextInt(6));
        boolean gpu = r.nextInt(6) == 0;
        boolean running = r.nextInt(4) == 0;
        cache.upsertJob(new JobSpec("ns" + (j % 3), name, queue, min, Map.of(), null, null,
                running ? "Running" : "Inqueue", j));
        for (int t = 0; t < tasks; t++) {
            Map<String, Long> req = new java.util.LinkedHashMap<>();
            req.put("cpu", cpu);
            req.put("memory", mem);
            if (gpu) {
                req.put("nvidia.com/gpu", 1000L);
            }
            TaskSpec.Builder b = TaskSpec.builder("ns" + (j % 3), name + "-w-" + t).job(name)
                    .request(ResourceList.of(req)).priority(r.nextInt(3) * 100).creationMs(j * 10L + t);
            if (running) {
                int node = fitting(free, cpu, mem, gpu ? 1000 : 0, r);
                if (node >= 0) {
                    b.running(String.format("node-%04d", node));
                }
            }
            cache.upsertTask(b.build());
        }
    }

    private static int fitting(long[][] free, long cpu, long mem, long gpu, SplittableRandom r) {
        int start = r.nextInt(free.length);
        for (int i = 0; i < free.length; i++) {
            int n = (start + i) % free.length;
            if (free[n][0] >= cpu && free[n][1] >= mem && free[n][2] >= gpu) {
                free[n][0] -= cpu;
                free[n][1] -= mem;
                free[n][2] -= gpu;
                return n;
            }
        }
        return -1;
    }

    /** Rows of live tasks in {@code status}. */
    public static List<Integer> tasksIn(ClusterCache cache, byte status) {
        List<Integer> out = new ArrayList<>();
        for (int t = 0; t < cache.tasks().rows(); t++) {
            if (cache.tasks().live(t) && cache.taskState().status(t) == status) {
                out.add(t);
            }
        }
        return out;
    }

    /** A java.util.Random for APIs that need one, derived from {@code seed}. */
    public static Random random(long seed) {
        return new Random(seed);
    }

    public static byte pending() {
        return TaskStatus.PENDING;
    }
}
