package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.ClusterChange;
import dev.caldera.kernel.topology.HyperNodeMember;
import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.topology.SubGroupPolicySpec;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.resource.ResourceList;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded random cluster changes for the cache: valid ones (every kind of upsert and removal over small pools of
 * nodes, pods, PodGroups, queues, priority classes and HyperNodes, failed binds) that the cache must apply, and
 * invalid ones that it must refuse, each with the kind, name and field the refusal must name. Pods keep one
 * namespace/name per uid, so a valid change never reuses a uid; the generator follows which pods are live to make
 * the invalid uid reuse.
 */
public final class RandomChanges {
    /** The cache's largest cluster total (2^62). */
    public static final long LIMIT = 1L << 62;
    private static final byte[] POD_STATUSES = {TaskStatus.PENDING, TaskStatus.BOUND, TaskStatus.RUNNING,
        TaskStatus.RELEASING, TaskStatus.SUCCEEDED, TaskStatus.FAILED, TaskStatus.UNKNOWN};
    private static final byte[] SCHEDULER_STATUSES = {TaskStatus.ALLOCATED, TaskStatus.PIPELINED,
        TaskStatus.BINDING};
    private static final int NODES = 8;
    private static final int PODS = 40;
    private static final int JOBS = 6;
    private static final int QUEUES = 4;

    private final SplittableRandom r;
    private final boolean[] podLive = new boolean[PODS];
    private final boolean topology;

    /** An invalid change and what its refusal must name. */
    public record Invalid(ClusterChange change, String kind, String name, String field) {
    }

    public RandomChanges(long seed) {
        this(seed, false);
    }

    /**
     * With {@code topology}, a PodGroup written is given, one time in three each, a soft network topology or a
     * sub-group policy over its pods' {@code app} label (drawn from the same stream after the PodGroup's other
     * fields, so the changes without it are those of {@link #RandomChanges(long)}).
     */
    public RandomChanges(long seed, boolean topology) {
        this.r = new SplittableRandom(seed);
        this.topology = topology;
    }

    // ---------------------------------------------------------------- valid

    /** A change the cache must apply. */
    public ClusterChange valid() {
        int kind = r.nextInt(20);
        if (kind < 7) {
            return pod();
        }
        if (kind < 9) {
            int p = r.nextInt(PODS);
            podLive[p] = false;
            return new ClusterChange.RemoveTask(uid(p));
        }
        if (kind < 12) {
            return new ClusterChange.UpsertNode(node(r.nextInt(NODES), resources("cpu", 1000L * (1 + r.nextInt(16)))));
        }
        if (kind == 12) {
            return new ClusterChange.RemoveNode(nodeName(r.nextInt(NODES)));
        }
        if (kind < 15) {
            return new ClusterChange.UpsertJob(job(r.nextInt(JOBS), small()));
        }
        if (kind == 15) {
            int j = r.nextInt(JOBS);
            return new ClusterChange.RemoveJob("ns" + (j % 2) + "/j" + j);
        }
        if (kind == 16) {
            return r.nextInt(3) == 0 ? new ClusterChange.RemoveQueue("q" + r.nextInt(QUEUES))
                    : new ClusterChange.UpsertQueue(queue(r.nextInt(QUEUES), small()));
        }
        if (kind == 17) {
            return r.nextInt(3) == 0 ? new ClusterChange.RemovePriorityClass("pc" + r.nextInt(3))
                    : new ClusterChange.UpsertPriorityClass(new PriorityClassSpec("pc" + r.nextInt(3),
                            r.nextInt(1000), r.nextInt(4) == 0));
        }
        if (kind == 18) {
            return r.nextInt(3) == 0 ? new ClusterChange.RemoveHyperNode("s" + r.nextInt(2)) : hyperNode();
        }
        return new ClusterChange.BindFailed(uid(r.nextInt(PODS)), "HTTP 500");
    }

    private ClusterChange pod() {
        int p = r.nextInt(PODS);
        byte status = POD_STATUSES[r.nextInt(POD_STATUSES.length)];
        podLive[p] = true;
        return new ClusterChange.UpsertTask(podSpec(p, status, resources("cpu", 100L * (1 + r.nextInt(20)))));
    }

    private TaskSpec podSpec(int p, byte status, ResourceList request) {
        boolean placed = status != TaskStatus.PENDING && r.nextInt(5) != 0;
        int j = p % JOBS;
        return TaskSpec.builder("ns" + (j % 2), "p" + p).uid(uid(p)).job("j" + j).request(request).status(status)
                .nodeName(placed ? nodeName(r.nextInt(NODES + 2)) : null)
                .nominatedNodeName(!placed && r.nextInt(6) == 0 ? nodeName(r.nextInt(NODES)) : null)
                .priority(r.nextInt(3) == 0 ? null : r.nextInt(100)).priorityClassName(r.nextBoolean() ? "pc0" : null)
                .role(r.nextInt(3) == 0 ? "worker" : null).creationMs(r.nextInt(1000))
                .labels(r.nextBoolean() ? Map.of("app", "a" + r.nextInt(3)) : Map.of())
                .placement(r.nextInt(4) == 0 ? new PlacementSpec(Map.of("zone", "z" + r.nextInt(2)), null, null, null,
                        null) : PlacementSpec.NONE)
                .build();
    }

    private NodeSpec node(int n, ResourceList allocatable) {
        List<Taint> taints = r.nextInt(4) == 0 ? List.of(new Taint("t", "x", TaintEffect.NO_SCHEDULE)) : List.of();
        return new NodeSpec(nodeName(n), allocatable, Map.of("zone", "z" + r.nextInt(2)), taints, r.nextInt(8) == 0);
    }

    private JobSpec job(int j, ResourceList minResources) {
        Map<String, Integer> roles = r.nextInt(3) == 0 ? Map.of("worker", 1 + r.nextInt(2)) : Map.of();
        String[] phases = {null, "Pending", "Inqueue", "Running"};
        JobSpec spec = new JobSpec("ns" + (j % 2), "j" + j, "q" + r.nextInt(QUEUES + 1), r.nextInt(4), roles,
                r.nextBoolean() ? "pc1" : null, minResources, phases[r.nextInt(phases.length)], j);
        if (!topology) {
            return spec;
        }
        return switch (r.nextInt(3)) {
            case 0 -> spec.withTopology(NetworkTopologySpec.soft(), List.of());
            case 1 -> spec.withTopology(null, List.of(new SubGroupPolicySpec("sg", null, 1 + j % 2, 1, null,
                    List.of("app"))));
            default -> spec;
        };
    }

    private QueueSpec queue(int q, ResourceList capability) {
        String[] states = {null, "Open", "Closed"};
        return new QueueSpec("q" + q, 1 + r.nextInt(4), capability, null, r.nextBoolean() ? small() : null,
                r.nextBoolean(), null, r.nextInt(3), states[r.nextInt(states.length)], q);
    }

    private ClusterChange hyperNode() {
        List<HyperNodeMember> members = new ArrayList<>();
        for (int n = 0; n < NODES; n++) {
            if (r.nextInt(3) == 0) {
                members.add(HyperNodeMember.node(nodeName(n)));
            }
        }
        return new ClusterChange.UpsertHyperNode(new HyperNodeSpec("s" + r.nextInt(2), 1, null, members));
    }

    /** A small valid quantity list, or null. */
    private ResourceList small() {
        return r.nextBoolean() ? null : resources("cpu", 500L * (1 + r.nextInt(8)));
    }

    private ResourceList resources(String first, long amount) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put(first, amount);
        m.putIfAbsent("memory", (1L << 30) * (1 + r.nextInt(8)));
        if (r.nextInt(4) == 0) {
            m.put("nvidia.com/gpu", 1000L * r.nextInt(4));
        }
        m.put("pods", 110L);
        return ResourceList.of(m);
    }

    // ---------------------------------------------------------------- invalid

    /** A change the cache must refuse; {@code reference} holds the state the valid changes made (read only). */
    public Invalid invalid(ClusterCache reference) {
        int kind = r.nextInt(8);
        return switch (kind) {
            case 0 -> schedulerStatus();
            case 1 -> uidReuse();
            case 2 -> overLimit(reference);
            case 3 -> emptyResourceName();
            case 4 -> tooManyResources();
            case 5 -> jobOverLimit();
            case 6 -> queueOverLimit();
            default -> podOverLimit();
        };
    }

    private Invalid schedulerStatus() {
        int p = r.nextInt(PODS);
        TaskSpec spec = podSpec(p, SCHEDULER_STATUSES[r.nextInt(SCHEDULER_STATUSES.length)], resources("cpu", 100));
        return new Invalid(new ClusterChange.UpsertTask(spec), "Pod", spec.key(), "status");
    }

    private Invalid uidReuse() {
        List<Integer> live = new ArrayList<>();
        for (int p = 0; p < PODS; p++) {
            if (podLive[p]) {
                live.add(p);
            }
        }
        if (live.isEmpty()) {
            return schedulerStatus();
        }
        int p = live.get(r.nextInt(live.size()));
        TaskSpec spec = TaskSpec.builder("ns" + (p % JOBS % 2), "impostor-" + p).uid(uid(p)).job("j" + (p % JOBS))
                .request(resources("cpu", 100)).build();
        return new Invalid(new ClusterChange.UpsertTask(spec), "Pod", spec.key(), "metadata.uid");
    }

    /** A node whose allocatable cpu alone is the limit, refused when any other node has cpu, else above it. */
    private Invalid overLimit(ClusterCache reference) {
        int n = r.nextInt(NODES);
        long others = 0;
        for (int row = 0; row < reference.nodes().rows(); row++) {
            if (reference.nodes().live(row) && !nodeName(n).equals(reference.nodes().name(row))) {
                others += reference.nodes().allocatable(0, row);
            }
        }
        long cpu = others > 0 ? LIMIT - r.nextLong(Math.min(others, 1000)) : LIMIT + 1 + r.nextInt(1000);
        NodeSpec spec = node(n, resources("cpu", cpu));
        return new Invalid(new ClusterChange.UpsertNode(spec), "Node", spec.name(), "status.allocatable.cpu");
    }

    private Invalid emptyResourceName() {
        ResourceList bad = ResourceList.of("cpu", 100L, "", 1L);
        return switch (r.nextInt(4)) {
            case 0 -> {
                NodeSpec spec = node(r.nextInt(NODES), bad);
                yield new Invalid(new ClusterChange.UpsertNode(spec), "Node", spec.name(), "status.allocatable");
            }
            case 1 -> {
                TaskSpec spec = podSpec(r.nextInt(PODS), TaskStatus.PENDING, bad);
                yield new Invalid(new ClusterChange.UpsertTask(spec), "Pod", spec.key(),
                        "spec.containers[].resources.requests");
            }
            case 2 -> {
                JobSpec spec = job(r.nextInt(JOBS), bad);
                yield new Invalid(new ClusterChange.UpsertJob(spec), "PodGroup", spec.key(), "spec.minResources");
            }
            default -> {
                QueueSpec spec = queue(r.nextInt(QUEUES), bad);
                yield new Invalid(new ClusterChange.UpsertQueue(spec), "Queue", spec.name(), "spec");
            }
        };
    }

    private Invalid tooManyResources() {
        Map<String, Long> many = new LinkedHashMap<>();
        for (int i = 0; i < 130; i++) {
            many.put("example.com/r" + r.nextInt(1_000_000) + "-" + i, 1L);
        }
        TaskSpec spec = podSpec(r.nextInt(PODS), TaskStatus.PENDING, ResourceList.of(many));
        return new Invalid(new ClusterChange.UpsertTask(spec), "Pod", spec.key(),
                "spec.containers[].resources.requests");
    }

    private Invalid jobOverLimit() {
        JobSpec spec = job(r.nextInt(JOBS), resources("cpu", LIMIT + 1 + r.nextInt(1000)));
        return new Invalid(new ClusterChange.UpsertJob(spec), "PodGroup", spec.key(), "spec.minResources.cpu");
    }

    private Invalid queueOverLimit() {
        QueueSpec spec = queue(r.nextInt(QUEUES), resources("cpu", LIMIT + 1 + r.nextInt(1000)));
        return new Invalid(new ClusterChange.UpsertQueue(spec), "Queue", spec.name(), "spec.capability.cpu");
    }

    private Invalid podOverLimit() {
        TaskSpec spec = podSpec(r.nextInt(PODS), POD_STATUSES[r.nextInt(POD_STATUSES.length)],
                resources("memory", LIMIT + 1 + r.nextInt(1000)));
        return new Invalid(new ClusterChange.UpsertTask(spec), "Pod", spec.key(),
                "spec.containers[].resources.requests.memory");
    }

    /**
     * Submits 0 to 4 valid changes to {@code cache}, the count drawn from {@code random}, noting each pod written in
     * {@code pods} (by uid): one cycle's worth of informer events for the session properties.
     */
    public void submitSome(ClusterCache cache, SplittableRandom random, Map<String, TaskSpec> pods) {
        for (int k = random.nextInt(5); k > 0; k--) {
            ClusterChange change = valid();
            if (change instanceof ClusterChange.UpsertTask t) {
                pods.put(t.spec().uid(), t.spec());
            }
            cache.submit(change);
        }
    }

    /**
     * The informer's echo of each bind ({@code uid, node}) of a known pod, not always yet (two times in three,
     * drawn from {@code random}): the pod running on that node, written to {@code pods} and submitted. Clears
     * {@code binds}.
     */
    public static void echoBinds(List<String[]> binds, ClusterCache cache, SplittableRandom random,
                                 Map<String, TaskSpec> pods) {
        for (String[] bind : binds) {
            TaskSpec spec = pods.get(bind[0]);
            if (spec != null && random.nextInt(3) > 0) {
                TaskSpec echo = spec.toBuilder().status(TaskStatus.RUNNING).nodeName(bind[1]).build();
                pods.put(bind[0], echo);
                cache.submit(new ClusterChange.UpsertTask(echo));
            }
        }
        binds.clear();
    }

    private static String uid(int p) {
        return "uid-" + p;
    }

    private static String nodeName(int n) {
        return "n" + n;
    }
}
