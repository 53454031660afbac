package dev.caldera.bench.workload;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;
import dev.caldera.kernel.resource.ResourceList;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A seeded, realistic synthetic cluster fed straight into a {@link ClusterCache}: CPU and GPU node shapes
 * in four zones (GPU nodes tainted, a few nodes softly tainted for maintenance), weighted queues, gangs
 * drawn from a catalogue of pod shapes (as real clusters run a handful of job templates), some pinned to a
 * zone, and part of the cluster already busy with running pods.
 */
public final class SyntheticCluster {
    private static final long GI = 1L << 30;
    /** cpu milli, memory bytes, gpus (milli) per node shape. */
    private static final long[][] CPU_NODES = {{32_000, 128 * GI, 0}, {64_000, 256 * GI, 0}, {96_000, 384 * GI, 0}};
    private static final long[][] GPU_NODES = {{64_000, 512 * GI, 8_000}, {96_000, 768 * GI, 8_000}};
    private static final long[][] CPU_PODS = {{1_000, 2 * GI, 0}, {2_000, 4 * GI, 0}, {4_000, 8 * GI, 0},
        {8_000, 32 * GI, 0}, {16_000, 64 * GI, 0}};
    private static final long[][] GPU_PODS = {{8_000, 64 * GI, 1_000}, {16_000, 128 * GI, 2_000},
        {32_000, 256 * GI, 4_000}};
    private static final int[] GANG_SIZES = {1, 2, 4, 8, 16, 32, 64};
    private static final String[] ZONES = {"zone-a", "zone-b", "zone-c", "zone-d"};
    private static final Toleration GPU_TOLERATION = new Toleration("nvidia.com/gpu", true, "", TaintEffect.NO_SCHEDULE);

    private final WorkloadSpec spec;
    private final SplittableRandom random;
    private final long[][] free;
    private final boolean[] gpuNode;
    private int jobs;

    private SyntheticCluster(WorkloadSpec spec) {
        this.spec = spec;
        this.random = new SplittableRandom(spec.seed());
        this.free = new long[spec.nodes()][];
        this.gpuNode = new boolean[spec.nodes()];
    }

    /** Queues every node, queue, job and task of the workload on {@code cache}. */
    public static void feed(ClusterCache cache, WorkloadSpec spec) {
        new SyntheticCluster(spec).feedAll(cache);
    }

    private void feedAll(ClusterCache cache) {
        for (int q = 0; q < spec.queues(); q++) {
            cache.upsertQueue(new QueueSpec("queue-" + q, 1 + q % 4, null, null, null, true, null, 0, "Open", q));
        }
        for (int n = 0; n < spec.nodes(); n++) {
            cache.upsertNode(node(n));
        }
        fillRunning(cache);
        int left = spec.pendingTasks();
        while (left > 0) {
            int size = Math.min(left, spec.gangSize() > 0 ? spec.gangSize() : GANG_SIZES[random.nextInt(GANG_SIZES.length)]);
            pendingGang(cache, size);
            left -= size;
        }
    }

    private NodeSpec node(int n) {
        boolean gpu = random.nextInt(10) < 3;
        long[] shape = (gpu ? GPU_NODES : CPU_NODES)[random.nextInt(gpu ? GPU_NODES.length : CPU_NODES.length)];
        free[n] = shape.clone();
        gpuNode[n] = gpu;
        Map<String, Long> alloc = new LinkedHashMap<>();
        alloc.put("cpu", shape[0]);
        alloc.put("memory", shape[1]);
        alloc.put("pods", 110L);
        if (gpu) {
            alloc.put("nvidia.com/gpu", shape[2]);
        }
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("kubernetes.io/hostname", nodeName(n));
        labels.put("topology.kubernetes.io/zone", ZONES[n % ZONES.length]);
        labels.put("node.kubernetes.io/instance-type", (gpu ? "gpu-" : "cpu-") + shape[0] / 1000);
        List<Taint> taints = new ArrayList<>();
        if (gpu) {
            taints.add(new Taint("nvidia.com/gpu", "present", TaintEffect.NO_SCHEDULE));
        }
        if (random.nextInt(20) == 0) {
            taints.add(new Taint("maintenance", "soon", TaintEffect.PREFER_NO_SCHEDULE));
        }
        return new NodeSpec(nodeName(n), ResourceList.of(alloc), labels, taints, false);
    }

    private static String nodeName(int n) {
        return String.format("node-%06d", n);
    }

    /** Running single-pod jobs until about runningFraction of the cluster's cpu is taken. */
    private void fillRunning(ClusterCache cache) {
        long cpuTotal = 0;
        for (long[] f : free) {
            cpuTotal += f[0];
        }
        long target = (long) (cpuTotal * spec.runningFraction());
        long taken = 0;
        int attempts = 0;
        while (taken < target && attempts++ < spec.nodes() * 20) {
            int n = random.nextInt(spec.nodes());
            long[] pod = pickPod(gpuNode[n]);
            if (fits(free[n], pod)) {
                for (int d = 0; d < 3; d++) {
                    free[n][d] -= pod[d];
                }
                taken += pod[0];
                String job = job(cache, 1, "running", "Running");
                cache.upsertTask(task(job, 0, pod, null).running(nodeName(n)).build());
            }
        }
    }

    private static boolean fits(long[] free, long[] pod) {
        return free[0] >= pod[0] && free[1] >= pod[1] && free[2] >= pod[2];
    }

    private long[] pickPod(boolean gpu) {
        return gpu && random.nextBoolean() ? GPU_PODS[random.nextInt(GPU_PODS.length)]
                : CPU_PODS[random.nextInt(CPU_PODS.length)];
    }

    private void pendingGang(ClusterCache cache, int size) {
        long[] pod = pickPod(random.nextInt(4) == 0);
        String zone = random.nextInt(10) == 0 ? ZONES[random.nextInt(ZONES.length)] : null;
        PlacementSpec placement = new PlacementSpec(
                zone == null ? Map.of() : Map.of("topology.kubernetes.io/zone", zone), null, null,
                pod[2] > 0 ? List.of(GPU_TOLERATION) : List.of(), null);
        String job = job(cache, size, "train", "Inqueue");
        for (int t = 0; t < size; t++) {
            cache.upsertTask(task(job, t, pod, placement).build());
        }
    }

    private String job(ClusterCache cache, int minMember, String kind, String phase) {
        int id = jobs++;
        String name = kind + "-" + id;
        String queue = "queue-" + random.nextInt(spec.queues());
        cache.upsertJob(new JobSpec(namespace(id), name, queue, minMember, Map.of(), null, null, phase, id));
        return name;
    }

    private static String namespace(int job) {
        return "team-" + (job % 8);
    }

    private TaskSpec.Builder task(String job, int index, long[] pod, PlacementSpec placement) {
        int id = jobs - 1;
        Map<String, Long> request = new LinkedHashMap<>();
        request.put("cpu", pod[0]);
        request.put("memory", pod[1]);
        if (pod[2] > 0) {
            request.put("nvidia.com/gpu", pod[2]);
        }
        return TaskSpec.builder(namespace(id), job + "-worker-" + index).job(job).request(ResourceList.of(request))
                .placement(placement).creationMs(id).priority(0);
    }
}
