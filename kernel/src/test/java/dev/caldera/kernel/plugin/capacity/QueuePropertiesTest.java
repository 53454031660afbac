package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.PluginRun;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.SessionView;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invariants of the capacity plugin over seeded random clusters (current Volcano's plugins/capacity rules):
 * <ul>
 *   <li>no queue, at any level of a three-level hierarchy, ever holds more than its capability (inherited from
 *       its parent where unset) across cycles of enqueue, allocate, reclaim and backfill;</li>
 *   <li>reclaim never takes a queue below its deserved, nor below its guarantee (pods of one unit each, so
 *       "taken only while above deserved" means "never left below it").</li>
 * </ul>
 * (That queues admitted one by one never guarantee more than their parent is the admission rules' property,
 * {@code cache.QueueAdmissionProperties}.)
 */
class QueuePropertiesTest {
    private static final long GI = 1L << 30;
    private static final String[] PARENTS = {"p0", "p1"};
    private static final String[] LEAVES = {"l00", "l01", "l10", "l11"};

    // ------------------------------------------------------------------ capability at every level

    @Property(tries = 40)
    void noQueueHoldsMoreThanItsCapabilityAtAnyLevel(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        PluginCluster cluster = new PluginCluster();
        Map<String, QueueValues> queues = randomTree(r);
        queues.values().forEach(q -> cluster.upsertQueue(q.name(), 1, q.capability(), null, q.deserved(), true,
                q.parent(), 0, null, 0));
        for (int n = 0; n < 3; n++) {
            cluster.upsertNode("n" + n, ResourceList.of("cpu", 8000L, "memory", 32 * GI, "pods", 110L,
                    "nvidia.com/gpu", 4000L), Map.of("kubernetes.io/hostname", "n" + n), List.of(), false);
        }
        randomJobs(r, cluster, 12);
        List<String> evicted = new ArrayList<>();
        try (PluginRun s = cluster.scheduler(List.of("enqueue", "allocate", "reclaim", "backfill"), tiers())
                .evictions((u, k, why) -> evicted.add(u))) {
            for (int cycle = 0; cycle < 4; cycle++) {
                s.runOnce();
                assertWithinCapability(s.session(), queues);
                evicted.forEach(cluster::removeTask);
                evicted.clear();
            }
        }
    }

    private static void assertWithinCapability(SessionView s, Map<String, QueueValues> queues) {
        Map<String, long[]> held = new HashMap<>();
        for (int t = 0; t < s.tasks().rows(); t++) {
            byte st = s.status(t);
            boolean holds = st == TaskStatus.ALLOCATED || st == TaskStatus.BINDING || st == TaskStatus.BOUND
                    || st == TaskStatus.RUNNING;
            if (!s.tasks().live(t) || !holds) {
                continue;
            }
            Request req = s.requestOf(t);
            for (String q = s.queues().name(s.queueOf(t)); q != null; q = parentOf(queues, q)) {
                long[] sum = held.computeIfAbsent(q, k -> new long[3]);
                sum[0] += req.get(0);
                sum[1] += req.get(1);
                sum[2] += gpu(s, req);
            }
        }
        held.forEach((q, sum) -> {
            long[] cap = effectiveCapability(queues, q);
            for (int d = 0; d < 3; d++) {
                assertThat(sum[d]).as("queue %s holds %s of dimension %d, capability %s", q, sum[d], d, cap[d])
                        .isLessThanOrEqualTo(cap[d]);
            }
        });
    }

    /** Capability after the capacity plugin's inheritance: an unset (or zero) entry takes the parent's. */
    private static long[] effectiveCapability(Map<String, QueueValues> queues, String q) {
        long[] cap = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        List<String> path = new ArrayList<>();
        for (String at = q; at != null; at = parentOf(queues, at)) {
            path.add(0, at);
        }
        String[] names = {"cpu", "memory", "nvidia.com/gpu"};
        for (String at : path) {
            ResourceList c = queues.get(at).capability();
            for (int d = 0; d < 3; d++) {
                if (c != null && listed(c, names[d]) && (d == 2 || c.amount(names[d]) > 0)) {
                    cap[d] = c.amount(names[d]);
                }
            }
        }
        return cap;
    }

    // ------------------------------------------------------------------ reclaim stops at deserved

    @Property(tries = 60)
    void reclaimNeverTakesAQueueBelowItsDeservedOrGuarantee(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        boolean hierarchy = r.nextBoolean();
        PluginCluster cluster = new PluginCluster();
        int nodes = 2 + r.nextInt(2);
        for (int n = 0; n < nodes; n++) {
            cluster.upsertNode("n" + n, ResourceList.of("cpu", 4000L, "memory", 4 * GI, "pods", 110L),
                    Map.of("kubernetes.io/hostname", "n" + n), List.of(), false);
        }
        int queueCount = 2 + r.nextInt(3);
        if (hierarchy) {
            cluster.openQueue("pa", 1);
            cluster.openQueue("pb", 1);
        }
        int[] deserved = new int[queueCount];
        int[] guarantee = new int[queueCount];
        for (int q = 0; q < queueCount; q++) {
            deserved[q] = r.nextInt(5);
            guarantee[q] = r.nextInt(deserved[q] + 1);
            cluster.upsertQueue("q" + q, 1, null, units(guarantee[q]), units(deserved[q]), true,
                    hierarchy ? (q % 2 == 0 ? "pa" : "pb") : null, 0, null, q);
        }
        int[] running = new int[queueCount];
        int free = nodes * 4;
        for (int n = 0; n < nodes; n++) {
            for (int slot = 0; slot < 4; slot++) {
                if (r.nextInt(12) == 0) {
                    continue; // mostly full nodes, so that reclaim has to evict
                }
                int q = r.nextInt(queueCount);
                String job = "run-" + n + "-" + slot;
                // minMember 0: gang lets reclaim take any of them, so capacity alone decides
                cluster.upsertJob("ns", job, "q" + q, 0, Map.of(), null, null, "Running", 0);
                cluster.upsertTask(Pod.builder("ns", job + "-0").job(job).request(units(1)).running("n" + n)
                        .build());
                running[q]++;
                free--;
            }
        }
        for (int j = 0; j < 2 + r.nextInt(6); j++) {
            int q = r.nextInt(queueCount);
            String job = "want-" + j;
            cluster.upsertJob("ns", job, "q" + q, 1, Map.of(), null, null, "Inqueue", 1000 + j);
            cluster.upsertTask(Pod.builder("ns", job + "-0").job(job).request(units(1)).creationMs(1000 + j)
                    .build());
        }
        Map<String, Integer> lost = new HashMap<>();
        PluginOption capacity = hierarchy
                ? new PluginOption("capacity", Map.of(dev.caldera.kernel.conf.PluginFlag.HIERARCHY, true),
                        dev.caldera.kernel.conf.Arguments.NONE)
                : PluginOption.of("capacity");
        try (PluginRun s = cluster.scheduler(List.of("reclaim"), List.of(List.of(PluginOption.of("priority"),
                PluginOption.of("gang"), capacity, PluginOption.of("predicates")))).evictions((u, k, why) -> {
                    lost.merge(queueOfJob(cluster, u), 1, Integer::sum);
                    return true;
                })) {
            s.runOnce();
        }
        EVICTIONS.addAndGet(lost.values().stream().mapToInt(Integer::intValue).sum());
        int guarantees = java.util.Arrays.stream(guarantee).sum();
        for (int q = 0; q < queueCount; q++) {
            int left = running[q] - lost.getOrDefault("q" + q, 0);
            int effective = effectiveDeserved(hierarchy, deserved[q], guarantee[q], nodes * 4, guarantees);
            if (lost.containsKey("q" + q)) {
                assertThat(left).as("q%d deserved %d (effective %d) guarantee %d ran %d lost %d", q, deserved[q],
                        effective, guarantee[q], running[q], lost.get("q" + q)).isGreaterThanOrEqualTo(effective)
                        .isGreaterThanOrEqualTo(guarantee[q]);
            }
        }
    }

    /**
     * The deserved the capacity plugin works with, computed here independently: raised to the guarantee; without a
     * hierarchy also cut to realCapability = cluster - every guarantee + own guarantee (buildQueueAttrs).
     */
    private static int effectiveDeserved(boolean hierarchy, int deserved, int guarantee, int cluster, int guarantees) {
        int d = hierarchy ? deserved : Math.min(deserved, Math.max(cluster - guarantees, 0) + guarantee);
        return Math.max(d, guarantee);
    }

    private static String queueOfJob(PluginCluster cluster, String uid) {
        int t = cluster.taskRow(uid);
        return cluster.jobs().queueName(cluster.tasks().job(t));
    }

    /** {@code n} units of one cpu and one GiB. */
    private static ResourceList units(int n) {
        return ResourceList.of("cpu", n * 1000L, "memory", n * GI);
    }

    /** Reclaim evictions over all tries: the property must have seen some to mean anything. */
    private static final java.util.concurrent.atomic.AtomicInteger EVICTIONS = new java.util.concurrent.atomic.AtomicInteger();

    @net.jqwik.api.lifecycle.AfterContainer
    static void reclaimEvictedSomewhere() {
        assertThat(EVICTIONS.get()).as("reclaim evictions over all tries").isPositive();
    }

    // ------------------------------------------------------------------ fixtures

    /** Two parents under the root, two leaves each; random capabilities (some unset, inherited) and deserved. */
    private static Map<String, QueueValues> randomTree(SplittableRandom r) {
        Map<String, QueueValues> queues = new LinkedHashMap<>();
        for (String p : PARENTS) {
            queues.put(p, new QueueValues(p, randomCapability(r, 24), null, null));
        }
        for (String l : LEAVES) {
            String parent = "p" + l.charAt(1);
            ResourceList deserved = ResourceList.of("cpu", 1000L * r.nextInt(6), "memory", GI * r.nextInt(12));
            queues.put(l, new QueueValues(l, randomCapability(r, 12), deserved, parent));
        }
        return queues;
    }

    private static ResourceList randomCapability(SplittableRandom r, int maxCores) {
        if (r.nextInt(4) == 0) {
            return null;
        }
        Map<String, Long> m = new LinkedHashMap<>();
        if (r.nextBoolean()) {
            m.put("cpu", 1000L * (2 + r.nextInt(maxCores - 1)));
        }
        if (r.nextBoolean()) {
            m.put("memory", GI * (4 + r.nextInt(4 * maxCores)));
        }
        if (r.nextBoolean()) {
            m.put("nvidia.com/gpu", 1000L * r.nextInt(5));
        }
        return m.isEmpty() ? null : ResourceList.of(m);
    }

    private static void randomJobs(SplittableRandom r, PluginCluster cluster, int jobs) {
        for (int j = 0; j < jobs; j++) {
            String leaf = LEAVES[r.nextInt(LEAVES.length)];
            int size = 1 + r.nextInt(4);
            ResourceList req = r.nextInt(3) == 0
                    ? ResourceList.of("cpu", 1000L + 1000L * r.nextInt(2), "memory", GI * (1 + r.nextInt(4)),
                    "nvidia.com/gpu", 1000L)
                    : ResourceList.of("cpu", 1000L + 1000L * r.nextInt(3), "memory", GI * (1 + r.nextInt(4)));
            String name = "j" + j;
            cluster.upsertJob("ns", name, leaf, 1 + r.nextInt(size), Map.of(), null, null,
                    r.nextBoolean() ? "Inqueue" : "Pending", j);
            for (int i = 0; i < size; i++) {
                cluster.upsertTask(Pod.builder("ns", name + "-" + i).job(name).request(req).creationMs(j).build());
            }
        }
    }

    /** A queue of the random tree: weight 1, reclaimable, no guarantee. */
    private record QueueValues(String name, ResourceList capability, ResourceList deserved, String parent) {
    }

    private static List<List<PluginOption>> tiers() {
        PluginOption capacity = new PluginOption("capacity", Map.of(dev.caldera.kernel.conf.PluginFlag.HIERARCHY,
                true), dev.caldera.kernel.conf.Arguments.NONE);
        return List.of(List.of(PluginOption.of("priority"), PluginOption.of("gang"), PluginOption.of("conformance")),
                List.of(PluginOption.of("drf"), PluginOption.of("predicates"), capacity, PluginOption.of("nodeorder")));
    }

    private static String parentOf(Map<String, QueueValues> queues, String q) {
        QueueValues spec = queues.get(q);
        return spec == null ? null : spec.parent();
    }

    private static boolean listed(ResourceList list, String name) {
        for (int i = 0; i < list.size(); i++) {
            if (list.name(i).equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static long gpu(SessionView s, Request req) {
        int d = s.dims().find("nvidia.com/gpu");
        return d >= 0 ? req.at(d) : 0;
    }
}
