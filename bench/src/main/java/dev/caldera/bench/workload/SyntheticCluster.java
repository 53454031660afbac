package dev.caldera.bench.workload;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PreferredTerm;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
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
 * A seeded, realistic synthetic cluster. CPU and GPU node shapes ({@code nvidia.com/gpu}) in four zones,
 * GPU nodes tainted and a few nodes softly tainted for maintenance; weighted queues; gangs drawn from a
 * catalogue of pod shapes (real clusters run a handful of job templates), some with a master and worker
 * roles ({@code minTaskMember}), some elastic (minMember below the gang size), some pinned to or preferring a
 * zone; two priority classes; part of the cluster already busy with running gangs, some of them preemptable.
 * The same {@link WorkloadSpec} always gives the same objects.
 */
public final class SyntheticCluster {
    public static final String BATCH_CLASS = "batch";
    public static final String URGENT_CLASS = "urgent";
    public static final int BATCH_PRIORITY = 100;
    public static final int URGENT_PRIORITY = 1000;
    public static final String GPU = "nvidia.com/gpu";

    private static final long GI = 1L << 30;
    /** cpu milli, memory bytes, gpus (milli) per node shape. */
    private static final long[][] CPU_NODES = {{32_000, 128 * GI, 0}, {64_000, 256 * GI, 0}, {96_000, 384 * GI, 0}};
    private static final long[][] GPU_NODES = {{64_000, 512 * GI, 8_000}, {96_000, 768 * GI, 8_000}};
    private static final long[][] CPU_PODS = {{1_000, 2 * GI, 0}, {2_000, 4 * GI, 0}, {4_000, 8 * GI, 0},
        {8_000, 32 * GI, 0}, {16_000, 64 * GI, 0}};
    private static final long[][] GPU_PODS = {{8_000, 64 * GI, 1_000}, {16_000, 128 * GI, 2_000},
        {32_000, 256 * GI, 4_000}};
    private static final long[] MASTER_POD = {2_000, 8 * GI, 0};
    private static final int[] GANG_SIZES = {1, 2, 4, 8, 16, 32, 64};
    private static final int MAX_RUNNING_GANG = 8;
    private static final String ZONE = "topology.kubernetes.io/zone";
    private static final String[] ZONES = {"zone-a", "zone-b", "zone-c", "zone-d"};
    private static final Toleration GPU_TOLERATION = new Toleration(GPU, true, "", TaintEffect.NO_SCHEDULE);
    private static final Toleration MAINTENANCE_TOLERATION =
            new Toleration("maintenance", true, "", TaintEffect.PREFER_NO_SCHEDULE);

    private final WorkloadSpec spec;
    private final SplittableRandom random;
    private final long[][] free;
    private final boolean[] gpuNode;
    private final List<NodeSpec> nodes = new ArrayList<>();
    private final List<JobSpec> jobs = new ArrayList<>();
    private final List<TaskSpec> tasks = new ArrayList<>();
    private int jobCount;

    private SyntheticCluster(WorkloadSpec spec) {
        this.spec = spec;
        this.random = new SplittableRandom(spec.seed());
        this.free = new long[spec.nodes()][];
        this.gpuNode = new boolean[spec.nodes()];
    }

    /** Every object of the workload, in a fixed order. */
    public static GeneratedCluster generate(WorkloadSpec spec) {
        return new SyntheticCluster(spec).build();
    }

    /** Queues every node, queue, job and pod of the workload on {@code cache}. */
    public static GeneratedCluster feed(ClusterCache cache, WorkloadSpec spec) {
        GeneratedCluster cluster = generate(spec);
        cluster.feed(cache);
        return cluster;
    }

    public static String nodeName(int n) {
        return "node-" + String.format("%06d", n);
    }

    private GeneratedCluster build() {
        List<QueueSpec> queues = new ArrayList<>();
        for (int q = 0; q < spec.queues(); q++) {
            queues.add(new QueueSpec("queue-" + q, 1 + q % 4, null, null, null, true, null, 0, "Open", q));
        }
        for (int n = 0; n < spec.nodes(); n++) {
            nodes.add(node(n));
        }
        new RunningFill().run();
        int left = spec.pendingTasks();
        while (left > 0) {
            int size = Math.min(left, spec.gangSize() > 0 ? spec.gangSize() : GANG_SIZES[random.nextInt(GANG_SIZES.length)]);
            pendingGang(size);
            left -= size;
        }
        List<PriorityClassSpec> classes = List.of(new PriorityClassSpec(BATCH_CLASS, BATCH_PRIORITY, true),
                new PriorityClassSpec(URGENT_CLASS, URGENT_PRIORITY, false));
        return new GeneratedCluster(classes, queues, nodes, jobs, tasks);
    }

    // ---------------------------------------------------------------- nodes

    private NodeSpec node(int n) {
        boolean gpu = !spec.plain() && random.nextInt(10) < 3;
        long[] shape = (gpu ? GPU_NODES : CPU_NODES)[random.nextInt(gpu ? GPU_NODES.length : CPU_NODES.length)];
        free[n] = shape.clone();
        gpuNode[n] = gpu;
        Map<String, Long> alloc = new LinkedHashMap<>();
        alloc.put("cpu", shape[0]);
        alloc.put("memory", shape[1]);
        alloc.put("pods", 110L);
        if (gpu) {
            alloc.put(GPU, shape[2]);
        }
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("kubernetes.io/hostname", nodeName(n));
        labels.put(ZONE, ZONES[n % ZONES.length]);
        labels.put("node.kubernetes.io/instance-type", (gpu ? "gpu-" : "cpu-") + shape[0] / 1000);
        List<Taint> taints = new ArrayList<>();
        if (gpu) {
            taints.add(new Taint(GPU, "present", TaintEffect.NO_SCHEDULE));
        }
        if (!spec.plain() && random.nextInt(20) == 0) {
            taints.add(new Taint("maintenance", "soon", TaintEffect.PREFER_NO_SCHEDULE));
        }
        return new NodeSpec(nodeName(n), ResourceList.of(alloc), labels, taints, false);
    }

    /**
     * Running gangs of 1 to 8 pods (minMember half the gang, so preemption may take some) on random nodes,
     * until the cpu share or the pod count of the spec is reached or no node takes even the smallest pod.
     */
    private final class RunningFill {
        private final int[] open = new int[spec.nodes()];
        private int openCount = spec.nodes();
        private long taken;
        private int placed;
        private final long target;

        RunningFill() {
            long cpuTotal = 0;
            for (int n = 0; n < open.length; n++) {
                open[n] = n;
                cpuTotal += free[n][0];
            }
            target = (long) Math.ceil(cpuTotal * spec.runningFraction());
        }

        void run() {
            while (wantsMore()) {
                gang(1 + random.nextInt(MAX_RUNNING_GANG));
            }
        }

        private boolean wantsMore() {
            return taken < target && openCount > 0 && (spec.runningPods() == 0 || placed < spec.runningPods());
        }

        private void gang(int size) {
            int id = jobCount++;
            String job = "running-" + id;
            int pods = 0;
            for (int t = 0; t < size && wantsMore(); t++) {
                int n = placeOne();
                if (n < 0) {
                    continue;
                }
                long[] pod = lastPod;
                boolean preemptable = random.nextDouble() < spec.preemptableFraction();
                tasks.add(task(id, job, pods++, pod, null, null, BATCH_CLASS).preemptable(preemptable)
                        .running(nodeName(n)).build());
            }
            if (pods > 0) {
                jobs.add(new JobSpec(namespace(id), job, queue(), Math.max(1, pods / 2), Map.of(), BATCH_CLASS, null,
                        "Running", id));
            }
        }

        private long[] lastPod;

        /** A pod on a random open node (the smallest shape if the drawn one does not fit); -1 when none fit. */
        private int placeOne() {
            while (openCount > 0) {
                int slot = random.nextInt(openCount);
                int n = open[slot];
                long[] pod = pickPod(gpuNode[n]);
                if (!fits(free[n], pod)) {
                    pod = CPU_PODS[0];
                }
                if (fits(free[n], pod)) {
                    for (int d = 0; d < 3; d++) {
                        free[n][d] -= pod[d];
                    }
                    taken += pod[0];
                    placed++;
                    lastPod = pod;
                    return n;
                }
                open[slot] = open[--openCount];
            }
            return -1;
        }
    }

    private static boolean fits(long[] free, long[] pod) {
        return free[0] >= pod[0] && free[1] >= pod[1] && free[2] >= pod[2];
    }

    private long[] pickPod(boolean gpu) {
        return gpu && random.nextBoolean() ? GPU_PODS[random.nextInt(GPU_PODS.length)]
                : CPU_PODS[random.nextInt(CPU_PODS.length)];
    }

    // ---------------------------------------------------------------- pending gangs

    private void pendingGang(int size) {
        int id = jobCount++;
        String job = "train-" + id;
        boolean gpu = !spec.plain() && random.nextInt(4) == 0;
        long[] pod = gpu ? GPU_PODS[random.nextInt(GPU_PODS.length)] : CPU_PODS[random.nextInt(CPU_PODS.length)];
        String priorityClass = random.nextDouble() < spec.highPriorityShare() ? URGENT_CLASS : BATCH_CLASS;
        PlacementSpec placement = placement(gpu);
        boolean roles = !spec.plain() && size >= 2 && random.nextInt(4) == 0;
        Map<String, Integer> minTaskMember = Map.of();
        int index = 0;
        if (roles) {
            minTaskMember = Map.of("master", 1, "worker", size - 1);
            tasks.add(task(id, job, index++, MASTER_POD, placement(false), "master", priorityClass).build());
        }
        for (; index < size; index++) {
            tasks.add(task(id, job, index, pod, placement, roles ? "worker" : null, priorityClass).build());
        }
        boolean elastic = !roles && size >= 4 && random.nextInt(5) == 0;
        jobs.add(new JobSpec(namespace(id), job, queue(), elastic ? size / 2 : size, minTaskMember, priorityClass,
                null, "Inqueue", id));
    }

    /** GPU pods tolerate the GPU taint; some pods tolerate maintenance, are pinned to or prefer a zone. */
    private PlacementSpec placement(boolean gpu) {
        if (spec.plain()) {
            return PlacementSpec.NONE;
        }
        List<Toleration> tolerations = new ArrayList<>();
        if (gpu) {
            tolerations.add(GPU_TOLERATION);
        }
        if (random.nextInt(10) == 0) {
            tolerations.add(MAINTENANCE_TOLERATION);
        }
        int pick = random.nextInt(10);
        Map<String, String> selector = pick == 0 ? Map.of(ZONE, ZONES[random.nextInt(ZONES.length)]) : Map.of();
        List<PreferredTerm> preferred = pick == 1 ? List.of(new PreferredTerm(50, new SelectorTerm(
                List.of(new SelectorRequirement(ZONE, SelectorOperator.IN, List.of(ZONES[random.nextInt(ZONES.length)]))),
                List.of()))) : List.of();
        return new PlacementSpec(selector, null, preferred, tolerations, null);
    }

    // ---------------------------------------------------------------- shared

    private String queue() {
        return "queue-" + random.nextInt(spec.queues());
    }

    private static String namespace(int job) {
        return "team-" + (job % 8);
    }

    private static TaskSpec.Builder task(int id, String job, int index, long[] pod, PlacementSpec placement,
                                         String role, String priorityClass) {
        Map<String, Long> request = new LinkedHashMap<>();
        request.put("cpu", pod[0]);
        request.put("memory", pod[1]);
        if (pod[2] > 0) {
            request.put(GPU, pod[2]);
        }
        return TaskSpec.builder(namespace(id), job + "-" + (role == null ? "worker" : role) + "-" + index).job(job)
                .request(ResourceList.of(request)).placement(placement).role(role).creationMs(id)
                .priorityClassName(priorityClass);
    }
}
