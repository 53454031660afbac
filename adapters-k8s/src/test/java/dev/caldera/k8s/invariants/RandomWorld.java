package dev.caldera.k8s.invariants;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A small random cluster written as Kubernetes manifests, with the exact quantities it wrote kept beside them:
 * 1 to 4 nodes (cpu, memory and a pod limit), 1 to 3 queues (weights, some with a cpu and memory capability,
 * some not reclaimable), 2 to 6 PodGroups of up to 6 pods in two priority classes, some running (mostly low
 * priority, placed within every node's allocatable, so no node starts overcommitted), some waiting (mostly
 * high priority), some pods not preemptable, some in {@code kube-system}, some nominated to a node, some
 * running ones terminating (a deletionTimestamp: they hold their room and leave room only in futureIdle). Every pod asks for cpu and memory. Quantities are written as
 * {@code <n>m} and {@code <n>Mi}, so the recount needs no quantity parser.
 */
final class RandomWorld {
    static final long MI = 1L << 20;

    record Node(String name, long cpuMilli, long memoryBytes, int pods) {
    }

    record Queue(String name, int weight, boolean reclaimable, long capCpuMilli, long capMemoryBytes) {
        boolean capped() {
            return capCpuMilli > 0;
        }
    }

    record Group(String namespace, String name, String queue, int minMember, String priorityClass, String phase) {
        String key() {
            return namespace + "/" + name;
        }
    }

    /** {@code terminating}: on {@code node} with a deletionTimestamp (Releasing: holds its room, never a victim). */
    record Pod(String namespace, String name, Group group, long cpuMilli, long memoryBytes, int priority,
               boolean preemptable, String node, String nominated, boolean terminating) {
        String key() {
            return namespace + "/" + name;
        }
    }

    final List<Node> nodes = new ArrayList<>();
    final List<Queue> queues = new ArrayList<>();
    final List<Group> groups = new ArrayList<>();
    final List<Pod> pods = new ArrayList<>();
    private final SplittableRandom r;
    private long[][] free;

    private RandomWorld(long seed) {
        r = new SplittableRandom(seed);
    }

    static RandomWorld generate(long seed) {
        RandomWorld w = new RandomWorld(seed);
        w.build();
        return w;
    }

    private void build() {
        int nodeCount = 1 + r.nextInt(4);
        free = new long[nodeCount][3];
        for (int n = 0; n < nodeCount; n++) {
            Node node = new Node("node-" + n, 1000L * (2 + r.nextInt(7)), 1024 * MI * (2 + r.nextInt(7)),
                    3 + r.nextInt(6));
            nodes.add(node);
            free[n] = new long[] {node.cpuMilli(), node.memoryBytes(), node.pods()};
        }
        int queueCount = 1 + r.nextInt(3);
        for (int q = 0; q < queueCount; q++) {
            boolean capped = r.nextInt(3) == 0;
            queues.add(new Queue("q" + q, 1 + r.nextInt(3), q == 0 || r.nextInt(4) != 0,
                    capped ? 1000L * (1 + r.nextInt(6)) : 0, capped ? 1024 * MI * (1 + r.nextInt(6)) : 0));
        }
        int groupCount = 2 + r.nextInt(5);
        for (int g = 0; g < groupCount; g++) {
            group(g);
        }
    }

    private void group(int index) {
        boolean running = index % 2 == 0 || r.nextInt(3) == 0;
        String ns = r.nextInt(8) == 0 ? "kube-system" : "team";
        // running work mostly low, waiting work mostly high, so that preempt and reclaim find something to do
        String priorityClass = r.nextInt(4) == 0 == running ? "high" : "low";
        int size = 1 + r.nextInt(running ? 6 : 4);
        int minMember = 1 + r.nextInt(size);
        String phase = running ? "Running" : r.nextBoolean() ? "Inqueue" : "Pending";
        Group g = new Group(ns, "pg-" + index, queues.get(r.nextInt(queues.size())).name(), minMember,
                priorityClass, phase);
        groups.add(g);
        int priority = "high".equals(priorityClass) ? 1000 : 10;
        for (int i = 0; i < size; i++) {
            long cpu = 250L * (1 + r.nextInt(8));
            long memory = 256 * MI * (1 + r.nextInt(8));
            String node = running ? place(cpu, memory) : null;
            String nominated = node == null && r.nextInt(6) == 0 ? nodes.get(r.nextInt(nodes.size())).name() : null;
            boolean terminating = node != null && r.nextInt(10) == 0;
            pods.add(new Pod(ns, g.name() + "-" + i, g, cpu, memory, priority, r.nextInt(5) != 0, node, nominated,
                    terminating));
        }
    }

    /** A node with room for the request (cpu, memory and one pod), taking it; null when none has. */
    private String place(long cpuMilli, long memoryBytes) {
        int start = r.nextInt(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            int n = (start + i) % nodes.size();
            if (free[n][0] >= cpuMilli && free[n][1] >= memoryBytes && free[n][2] >= 1) {
                free[n][0] -= cpuMilli;
                free[n][1] -= memoryBytes;
                free[n][2] -= 1;
                return nodes.get(n).name();
            }
        }
        return null;
    }

    /** The cluster as one multi-document YAML stream. */
    String yaml() {
        StringBuilder y = new StringBuilder();
        y.append("apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: low}\nvalue: 10\n---\n");
        y.append("apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\n");
        for (Queue q : queues) {
            y.append("---\napiVersion: scheduling.volcano.sh/v1beta1\nkind: Queue\nmetadata: {name: ").append(q.name())
                    .append("}\nspec:\n  weight: ").append(q.weight()).append("\n  reclaimable: ").append(q.reclaimable())
                    .append('\n');
            if (q.capped()) {
                y.append("  capability: {cpu: ").append(q.capCpuMilli()).append("m, memory: ")
                        .append(q.capMemoryBytes() / MI).append("Mi}\n");
            }
            y.append("status: {state: Open}\n");
        }
        for (Node n : nodes) {
            y.append("---\napiVersion: v1\nkind: Node\nmetadata: {name: ").append(n.name())
                    .append("}\nstatus:\n  allocatable: {cpu: ").append(n.cpuMilli()).append("m, memory: ")
                    .append(n.memoryBytes() / MI).append("Mi, pods: \"").append(n.pods()).append("\"}\n");
        }
        for (Group g : groups) {
            y.append("---\napiVersion: scheduling.volcano.sh/v1beta1\nkind: PodGroup\nmetadata: {name: ")
                    .append(g.name()).append(", namespace: ").append(g.namespace())
                    .append("}\nspec: {minMember: ").append(g.minMember()).append(", queue: ").append(g.queue())
                    .append(", priorityClassName: ").append(g.priorityClass()).append("}\nstatus: {phase: ")
                    .append(g.phase()).append("}\n");
        }
        for (Pod p : pods) {
            pod(y, p);
        }
        return y.toString();
    }

    private static void pod(StringBuilder y, Pod p) {
        y.append("---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: ").append(p.name()).append("\n  namespace: ")
                .append(p.namespace()).append("\n  uid: uid-").append(p.namespace()).append('-').append(p.name());
        if (p.terminating()) {
            y.append("\n  deletionTimestamp: \"2024-01-01T00:00:00Z\"");
        }
        y.append("\n  annotations: {scheduling.k8s.io/group-name: ").append(p.group().name());
        if (!p.preemptable()) {
            y.append(", volcano.sh/preemptable: \"false\"");
        }
        y.append("}\nspec:\n  schedulerName: volcano\n  priorityClassName: ").append(p.group().priorityClass())
                .append("\n  priority: ").append(p.priority());
        if (p.node() != null) {
            y.append("\n  nodeName: ").append(p.node());
        }
        y.append("\n  containers: [{name: main, resources: {requests: {cpu: ").append(p.cpuMilli())
                .append("m, memory: ").append(p.memoryBytes() / MI).append("Mi}}}]\nstatus: {phase: ")
                .append(p.node() != null ? "Running" : "Pending");
        if (p.nominated() != null) {
            y.append(", nominatedNodeName: ").append(p.nominated());
        }
        y.append("}\n");
    }
}
