package dev.caldera.k8s.generate;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.SplittableRandom;

/**
 * Writes a large, realistic cluster dump as multi-document YAML, the same for the same seed: PriorityClasses,
 * four weighted queues, CPU nodes in three zones and tainted GPU nodes, and gangs of 1 to 16 pods (some on
 * GPUs, some pinned to a zone) of which about 40% already run on a node with room for them. Used to measure
 * {@code caldera simulate} on a dump of a given size.
 * <p>
 * Threading: one instance per thread.
 */
public final class ClusterGenerator {
    private static final String[] ZONES = {"zone-a", "zone-b", "zone-c"};
    private static final String[] QUEUES = {"default", "research", "production", "batch"};
    private static final int[] QUEUE_WEIGHTS = {1, 2, 4, 1};
    private static final String[] CLASSES = {"low", "normal", "high"};
    private static final int[] CLASS_VALUES = {100, 1_000, 10_000};
    private static final long START_EPOCH_S = Instant.parse("2024-01-01T00:00:00Z").getEpochSecond();

    private final int nodes;
    private final int pods;
    private final int runningPercent;
    private final int minGang;
    private final int maxGang;
    private final SplittableRandom random;
    private final Writer out;
    private long[] freeCpuMilli;
    private long[] freeMemMi;
    private int[] freeGpus;
    private int[] freePods;
    private int cursor;
    private long clockS = START_EPOCH_S;

    public ClusterGenerator(int nodes, int pods, long seed, Writer out) {
        this(nodes, pods, seed, 40, 0, 0, out);
    }

    /**
     * {@code runningPercent}: the share of gangs placed on nodes (when they fit); {@code minGang}..{@code maxGang}:
     * gang sizes drawn uniformly from that range, or (both 0) the default mix of 1 to 16 pods, half of them of 1
     * or 2 pods.
     */
    public ClusterGenerator(int nodes, int pods, long seed, int runningPercent, int minGang, int maxGang,
                            Writer out) {
        if (nodes < 1 || pods < 0) {
            throw new IllegalArgumentException("need at least one node and no negative pod count");
        }
        if (runningPercent < 0 || runningPercent > 100 || minGang < 0 || maxGang < minGang
                || (maxGang > 0 && minGang < 1)) {
            throw new IllegalArgumentException("running share 0-100% and gang sizes 1 <= min <= max");
        }
        this.nodes = nodes;
        this.pods = pods;
        this.runningPercent = runningPercent;
        this.minGang = minGang;
        this.maxGang = maxGang;
        this.random = new SplittableRandom(seed);
        this.out = out;
    }

    /** Writes the whole dump. */
    public void write() throws IOException {
        for (int i = 0; i < CLASSES.length; i++) {
            doc("apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: " + CLASSES[i]
                    + "\nvalue: " + CLASS_VALUES[i] + "\n");
        }
        for (int i = 0; i < QUEUES.length; i++) {
            doc("apiVersion: scheduling.volcano.sh/v1beta1\nkind: Queue\nmetadata:\n  name: " + QUEUES[i]
                    + "\nspec:\n  weight: " + QUEUE_WEIGHTS[i] + "\n  reclaimable: true\nstatus:\n  state: Open\n");
        }
        writeNodes();
        writeGangs();
    }

    private void writeNodes() throws IOException {
        freeCpuMilli = new long[nodes];
        freeMemMi = new long[nodes];
        freeGpus = new int[nodes];
        freePods = new int[nodes];
        for (int n = 0; n < nodes; n++) {
            boolean gpu = n % 5 == 4;
            freeCpuMilli[n] = gpu ? 64_000 : 32_000;
            freeMemMi[n] = gpu ? 512 * 1024 : 128 * 1024;
            freeGpus[n] = gpu ? 8 : 0;
            freePods[n] = 110;
            StringBuilder sb = new StringBuilder(512);
            sb.append("apiVersion: v1\nkind: Node\nmetadata:\n  name: ").append(nodeName(n))
                    .append("\n  labels:\n    kubernetes.io/hostname: ").append(nodeName(n))
                    .append("\n    topology.kubernetes.io/zone: ").append(ZONES[n % ZONES.length])
                    .append("\n    node.kubernetes.io/instance-type: ").append(gpu ? "gpu-8x" : "cpu-32")
                    .append('\n');
            if (gpu) {
                sb.append("spec:\n  taints:\n  - key: nvidia.com/gpu\n    value: present\n    effect: NoSchedule\n");
            }
            sb.append("status:\n  allocatable:\n    cpu: \"").append(freeCpuMilli[n] / 1000).append("\"\n    memory: ")
                    .append(freeMemMi[n]).append("Mi\n    pods: \"110\"\n");
            if (gpu) {
                sb.append("    nvidia.com/gpu: \"8\"\n");
            }
            doc(sb.toString());
        }
    }

    private void writeGangs() throws IOException {
        int written = 0;
        int gang = 0;
        while (written < pods) {
            int size = Math.min(pods - written, gangSize());
            writeGang(gang++, size);
            written += size;
        }
    }

    private int gangSize() {
        if (maxGang > 0) {
            return minGang + random.nextInt(maxGang - minGang + 1);
        }
        int r = random.nextInt(100);
        return r < 50 ? 1 + random.nextInt(2) : r < 85 ? 3 + random.nextInt(6) : 9 + random.nextInt(8);
    }

    private void writeGang(int gang, int size) throws IOException {
        String ns = "team-" + (gang % 8);
        String name = "job-" + gang;
        boolean gpu = random.nextInt(10) == 0;
        long cpuMilli = gpu ? 8_000 : 250L * (1 + random.nextInt(16));
        long memMi = gpu ? 64 * 1024 : 256L * (1 + random.nextInt(16));
        int gpus = gpu ? 1 + random.nextInt(2) : 0;
        String zone = random.nextInt(5) == 0 ? ZONES[random.nextInt(ZONES.length)] : null;
        String queue = QUEUES[random.nextInt(QUEUES.length)];
        String priorityClass = CLASSES[random.nextInt(CLASSES.length)];
        boolean elastic = size > 2 && random.nextInt(4) == 0;
        int minMember = elastic ? size - 1 - random.nextInt(size / 2) : size;
        int[] placement = random.nextInt(100) < runningPercent ? place(size, cpuMilli, memMi, gpus) : null;
        clockS += 1;
        doc("apiVersion: scheduling.volcano.sh/v1beta1\nkind: PodGroup\nmetadata:\n  name: " + name
                + "\n  namespace: " + ns + "\n  creationTimestamp: \"" + Instant.ofEpochSecond(clockS) + "\"\nspec:\n"
                + "  minMember: " + minMember + "\n  queue: " + queue + "\n  priorityClassName: " + priorityClass
                + "\nstatus:\n  phase: " + (placement != null ? "Running" : "Pending") + "\n");
        for (int i = 0; i < size; i++) {
            writePod(ns, name, i, cpuMilli, memMi, gpus, zone, priorityClass, placement == null ? -1 : placement[i]);
        }
    }

    private void writePod(String ns, String job, int index, long cpuMilli, long memMi, int gpus, String zone,
                          String priorityClass, int node) throws IOException {
        String pod = job + "-worker-" + index;
        StringBuilder sb = new StringBuilder(768);
        sb.append("apiVersion: v1\nkind: Pod\nmetadata:\n  name: ").append(pod).append("\n  namespace: ").append(ns)
                .append("\n  uid: ").append(ns).append('-').append(pod)
                .append("\n  creationTimestamp: \"").append(Instant.ofEpochSecond(clockS)).append('"')
                .append("\n  annotations:\n    scheduling.k8s.io/group-name: ").append(job)
                .append("\n    volcano.sh/task-spec: worker\nspec:\n  schedulerName: volcano\n  priorityClassName: ")
                .append(priorityClass).append("\n  priority: ").append(priorityOf(priorityClass)).append('\n');
        if (node >= 0) {
            sb.append("  nodeName: ").append(nodeName(node)).append('\n');
        }
        if (zone != null) {
            sb.append("  nodeSelector:\n    topology.kubernetes.io/zone: ").append(zone).append('\n');
        }
        if (gpus > 0) {
            sb.append("  tolerations:\n  - key: nvidia.com/gpu\n    operator: Exists\n    effect: NoSchedule\n");
        }
        sb.append("  containers:\n  - name: main\n    image: busybox\n    resources:\n      requests:\n        cpu: ")
                .append(cpuMilli).append("m\n        memory: ").append(memMi).append("Mi\n");
        if (gpus > 0) {
            sb.append("        nvidia.com/gpu: \"").append(gpus).append("\"\n      limits:\n        nvidia.com/gpu: \"")
                    .append(gpus).append("\"\n");
        }
        sb.append("status:\n  phase: ").append(node >= 0 ? "Running" : "Pending").append('\n');
        doc(sb.toString());
    }

    private static int priorityOf(String priorityClass) {
        for (int i = 0; i < CLASSES.length; i++) {
            if (CLASSES[i].equals(priorityClass)) {
                return CLASS_VALUES[i];
            }
        }
        return 0;
    }

    /** Nodes with room for every pod of a running gang (first fit from a moving cursor), or null if full. */
    private int[] place(int size, long cpuMilli, long memMi, int gpus) {
        int[] chosen = new int[size];
        for (int i = 0; i < size; i++) {
            int node = fit(cpuMilli, memMi, gpus);
            if (node < 0) {
                for (int k = 0; k < i; k++) {
                    release(chosen[k], cpuMilli, memMi, gpus);
                }
                return null;
            }
            chosen[i] = node;
        }
        return chosen;
    }

    private int fit(long cpuMilli, long memMi, int gpus) {
        for (int tried = 0; tried < nodes; tried++) {
            int n = (cursor + tried) % nodes;
            boolean gpuNode = n % 5 == 4;
            if ((gpus > 0) == gpuNode && freeCpuMilli[n] >= cpuMilli && freeMemMi[n] >= memMi && freeGpus[n] >= gpus
                    && freePods[n] > 0 && usage(n) < 0.6) {
                freeCpuMilli[n] -= cpuMilli;
                freeMemMi[n] -= memMi;
                freeGpus[n] -= gpus;
                freePods[n]--;
                cursor = (n + 1) % nodes;
                return n;
            }
        }
        return -1;
    }

    /** Share of the node's cpu in use; running pods fill nodes only to 60% so pending ones find room. */
    private double usage(int n) {
        long total = n % 5 == 4 ? 64_000 : 32_000;
        return 1.0 - (double) freeCpuMilli[n] / total;
    }

    private void release(int n, long cpuMilli, long memMi, int gpus) {
        freeCpuMilli[n] += cpuMilli;
        freeMemMi[n] += memMi;
        freeGpus[n] += gpus;
        freePods[n]++;
    }

    private static String nodeName(int n) {
        return String.format("node-%04d", n);
    }

    private void doc(String body) throws IOException {
        out.write("---\n");
        out.write(body);
    }
}
