package dev.caldera.kernel.action;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import dev.caldera.kernel.testing.Clusters;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Preempt and reclaim over random clusters full of running gangs of mixed priority, some pods protected
 * (not preemptable, critical, or in kube-system), with high-priority gangs waiting. Victims are chosen as
 * current Volcano's {@code Session.Preemptable}/{@code Reclaimable} do (framework/session_plugins.go): the
 * answers of a tier's plugins are intersected, and a tier left without victims hands the decision on. So:
 * <ul>
 *   <li>with {@code priority} and {@code conformance} alone judging (one tier), no protected pod is ever a
 *       victim, and a preemption victim always has lower priority than a preemptor pipelined onto its node (job
 *       priority across jobs, task priority inside one job);</li>
 *   <li>with {@code gang} and {@code conformance} alone judging, no victim's gang goes below minMember;</li>
 *   <li>with {@code drf} in a second tier, drf does evict pods that the first tier refused (where the first
 *       tier left a node without victims); a pod not preemptable by annotation never is a victim, whatever the
 *       plugins say;</li>
 *   <li>a reclaim victim belongs to a reclaimable queue other than its reclaimer's;</li>
 *   <li>eviction on a node stops as soon as the preemptor fits there: without the last victim evicted on a
 *       node, the tasks pipelined onto it would not fit its futureIdle;</li>
 *   <li>a node's room reserved by a nominated pod is never given to a lower-priority task.</li>
 * </ul>
 * The preempt properties use a conf without proportion, so a preemptor fits a node on resources alone (with
 * proportion its queue's Allocatable also decides when eviction stops, see {@code PreemptRulesTest}).
 */
class PreemptionProperties {
    private static final String[] CLASSES = {"low", "mid", "high"};
    private static final int[] CLASS_VALUES = {10, 100, 1000};

    @Property(tries = 150)
    void priorityAndConformanceAloneTakeOnlyLowerPriorityUnprotectedVictims(
            @ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        World w = World.generate(seed, 1);
        SchedulerConf conf = conf(List.of("enqueue", "allocate", "preempt"),
                List.of(List.of("priority", "conformance"), List.of("predicates", "nodeorder")));
        w.run(conf);

        for (Eviction e : w.evictions) {
            w.assertNotProtected(e);
            assertThat(e.reason).isEqualTo("preempt");
            assertThat(w.hasLowerPriorityThanAPreemptorOnItsNode(e.task))
                    .as("victim %s on %s: no pipelined preemptor of its queue with higher priority there",
                            e.key, w.cache.nodes().name(e.node)).isTrue();
        }
        w.assertEvictionStopsWhenThePreemptorFits(false);
        Statistics.label("evictions").collect(w.evictions.isEmpty() ? "none" : "some");
        Statistics.label("evictions").coverage(c -> c.check("some").percentage(p -> p >= 10));
    }

    @Property(tries = 150)
    void gangAndConformanceAloneKeepEveryVictimsGangAtMinMember(
            @ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        World w = World.generate(seed, 1);
        SchedulerConf conf = conf(List.of("enqueue", "allocate", "preempt"),
                List.of(List.of("gang", "conformance"), List.of("predicates", "nodeorder")));
        w.run(conf);

        for (Eviction e : w.evictions) {
            w.assertNotProtected(e);
        }
        w.assertGangsKeepMinMember();
        w.assertEvictionStopsWhenThePreemptorFits(false);
        Statistics.label("evictions").collect(w.evictions.isEmpty() ? "none" : "some");
        Statistics.label("evictions").coverage(c -> c.check("some").percentage(p -> p >= 10));
    }

    @Property(tries = 150)
    void theSecondTierDecidesWhereTheFirstLeftNoVictim(@ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        World w = World.generate(seed, 1);
        SchedulerConf conf = conf(List.of("enqueue", "allocate", "preempt"),
                List.of(List.of("priority", "conformance"), List.of("drf", "predicates", "nodeorder")));
        w.run(conf);

        boolean overridden = false;
        for (Eviction e : w.evictions) {
            assertThat(w.cache.tasks().preemptable(e.task)).as("victim %s is preemptable", e.key).isTrue();
            assertThat(e.reason).isEqualTo("preempt");
            overridden |= w.isProtected(e.task) || !w.hasLowerPriorityThanAPreemptorOnItsNode(e.task);
        }
        w.assertEvictionStopsWhenThePreemptorFits(false);
        Statistics.label("a victim the first tier refused").collect(overridden);
        Statistics.label("a victim the first tier refused").coverage(c -> c.check(true).percentage(p -> p >= 3));
    }

    @Property(tries = 150)
    void reclaimTakesOnlyFromOtherReclaimableQueues(@ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        World w = World.generate(seed, 3);
        SchedulerConf conf = conf(List.of("enqueue", "allocate", "preempt", "reclaim"),
                List.of(List.of("priority", "gang", "conformance"),
                        List.of("drf", "predicates", "proportion", "nodeorder")));
        w.run(conf);

        for (Eviction e : w.evictions) {
            assertThat(w.cache.tasks().preemptable(e.task)).as("victim %s is preemptable", e.key).isTrue();
            if (e.reason.equals("reclaim")) {
                int victimQueue = w.cache.jobs().queue(w.cache.tasks().job(e.task));
                assertThat(w.cache.queues().reclaimable(victimQueue)).as("queue of reclaim victim %s", e.key).isTrue();
                assertThat(w.hasReclaimerFromAnotherQueueOnItsNode(e.task))
                        .as("reclaim victim %s has a reclaimer of another queue pipelined on its node", e.key).isTrue();
            }
        }
        w.assertEvictionStopsWhenThePreemptorFits(true);
        Statistics.label("reclaimed").collect(w.evictions.stream().anyMatch(e -> e.reason.equals("reclaim")));
        // About a fifth of the worlds reclaim (22% in a CI run); 10% failed once at 8.7% (13 of 150, seed
        // 5554917492424691363), so the floor is 5%: still failing when reclaim never happens.
        Statistics.label("reclaimed").coverage(c -> c.check(true).percentage(p -> p >= 5));
    }

    @Property(tries = 150)
    void aNominatedPodsRoomIsNotTakenByALowerPriorityTask(@ForAll @LongRange(min = 0, max = 100_000_000) long seed) {
        World w = World.generateWithNominations(seed);
        SchedulerConf conf = conf(List.of("allocate"),
                List.of(List.of("priority", "gang", "conformance"), List.of("drf", "predicates", "nodeorder")));
        w.run(conf);
        w.assertBindsRespectedReservations();
        Statistics.label("binds").collect(w.binds.isEmpty() ? "none" : "some");
        Statistics.label("binds").coverage(c -> c.check("some").percentage(p -> p >= 50));
    }

    private static SchedulerConf conf(List<String> actions, List<List<String>> tiers) {
        List<Tier> out = new ArrayList<>();
        for (List<String> tier : tiers) {
            out.add(new Tier(tier.stream().map(PluginOption::of).toList()));
        }
        return new SchedulerConf(actions, out, Map.of());
    }

    private record Eviction(int task, String key, int node, String reason) {
    }

    private record Bind(int task, int node) {
    }

    /** One generated cluster, what it looked like before the cycle, and what the cycle decided. */
    private static final class World {
        final ClusterCache cache = new ClusterCache();
        final List<Eviction> evictions = new ArrayList<>();
        final List<Bind> binds = new ArrayList<>();
        final IntArrayList pipelined = new IntArrayList();
        /** The node each pipelined task waits on (only those whose node needed evictions are nominated). */
        final Map<Integer, Integer> pipelinedOn = new HashMap<>();
        /** Per task uid, before the cycle: ready (running) tasks of its job. */
        final Map<Integer, Integer> readyBefore = new HashMap<>();
        /** Node of each running task before the cycle (evictions keep it, but be explicit). */
        final Map<String, String> runningOn = new HashMap<>();
        final Map<String, String> nominatedAtStart = new LinkedHashMap<>();
        final long[][] free;
        final SplittableRandom r;
        final int nodeCount;

        private World(long seed, int nodes) {
            r = new SplittableRandom(seed);
            nodeCount = nodes;
            free = new long[nodes][2];
        }

        static World generate(long seed, int queues) {
            SplittableRandom r0 = new SplittableRandom(seed);
            World w = new World(seed, 3 + r0.nextInt(6));
            w.base(queues);
            int running = 3 + w.r.nextInt(6);
            for (int j = 0; j < running; j++) {
                w.runningJob(j, queues);
            }
            int waiting = 1 + w.r.nextInt(3);
            for (int j = 0; j < waiting; j++) {
                w.pendingJob("wait-" + j, queues, 1 + w.r.nextInt(2), null);
            }
            return w;
        }

        static World generateWithNominations(long seed) {
            SplittableRandom r0 = new SplittableRandom(seed);
            World w = new World(seed, 2 + r0.nextInt(4));
            w.base(1);
            for (int j = 0; j < 2 + w.r.nextInt(3); j++) {
                w.runningJob(j, 1);
            }
            for (int j = 0; j < 1 + w.r.nextInt(3); j++) {
                String node = String.format("node-%02d", w.r.nextInt(w.nodeCount));
                w.pendingJob("nominated-" + j, 1, w.r.nextInt(3), node);
            }
            for (int j = 0; j < 2 + w.r.nextInt(4); j++) {
                w.pendingJob("plain-" + j, 1, w.r.nextInt(3), null);
            }
            return w;
        }

        private void base(int queues) {
            for (int c = 0; c < CLASSES.length; c++) {
                cache.upsertPriorityClass(new PriorityClassSpec(CLASSES[c], CLASS_VALUES[c], false));
            }
            for (int q = 0; q < queues; q++) {
                boolean reclaimable = q == 0 || r.nextInt(3) != 0;
                cache.upsertQueue(new QueueSpec("q" + q, 1 + r.nextInt(3), null, null, null, reclaimable, null, 0,
                        "Open", q));
            }
            for (int n = 0; n < nodeCount; n++) {
                long cpu = 1000L * (4 + r.nextInt(9));
                long mem = Clusters.GI * (8 + 4L * r.nextInt(4));
                free[n][0] = cpu;
                free[n][1] = mem;
                cache.upsertNode(new NodeSpec(String.format("node-%02d", n),
                        ResourceList.of("cpu", cpu, "memory", mem, "pods", 110), Map.of(), List.of(), false));
            }
        }

        private void runningJob(int j, int queues) {
            String ns = r.nextInt(8) == 0 ? "kube-system" : "team";
            String name = "run-" + j;
            int cls = r.nextInt(2);
            int tasks = 1 + r.nextInt(5);
            int minMember = 1 + r.nextInt(tasks);
            // with several queues, running work sits mostly outside q0 and waiting work mostly in q0, so that
            // reclaim has something to do
            String queue = queues > 1 && r.nextInt(4) != 0 ? "q" + (1 + r.nextInt(queues - 1)) : "q" + r.nextInt(queues);
            cache.upsertJob(new JobSpec(ns, name, queue, minMember, Map.of(), CLASSES[cls], null, "Running", j));
            for (int t = 0; t < tasks; t++) {
                long cpu = 500L * (1 + r.nextInt(6));
                long mem = Clusters.GI * (1 + r.nextInt(4));
                int node = roomFor(cpu, mem);
                if (node < 0) {
                    continue;
                }
                free[node][0] -= cpu;
                free[node][1] -= mem;
                String nodeName = String.format("node-%02d", node);
                String pod = name + "-" + t;
                runningOn.put(ns + "/" + pod, nodeName);
                cache.upsertTask(TaskSpec.builder(ns, pod).job(name).request(Clusters.cpuMem(cpu, mem))
                        .priority(CLASS_VALUES[cls] + r.nextInt(3)).preemptable(r.nextInt(5) != 0)
                        .critical(r.nextInt(10) == 0).running(nodeName).build());
            }
        }

        private void pendingJob(String name, int queues, int cls, String nominated) {
            int tasks = 1 + r.nextInt(3);
            int minMember = 1 + r.nextInt(tasks);
            String queue = r.nextInt(4) != 0 ? "q0" : "q" + r.nextInt(queues);
            cache.upsertJob(new JobSpec("team", name, queue, minMember, Map.of(), CLASSES[cls], null, "Inqueue",
                    100 + nominatedAtStart.size()));
            int priority = CLASS_VALUES[cls];
            for (int t = 0; t < tasks; t++) {
                TaskSpec.Builder b = TaskSpec.builder("team", name + "-" + t).job(name)
                        .request(Clusters.cpuMem(500L * (1 + r.nextInt(6)), Clusters.GI * (1 + r.nextInt(4))))
                        .priority(priority + r.nextInt(3));
                if (nominated != null) {
                    b.nominatedNodeName(nominated);
                    nominatedAtStart.put("team/" + name + "-" + t, nominated);
                }
                cache.upsertTask(b.build());
            }
        }

        private int roomFor(long cpu, long mem) {
            int start = r.nextInt(nodeCount);
            for (int i = 0; i < nodeCount; i++) {
                int n = (start + i) % nodeCount;
                if (free[n][0] >= cpu && free[n][1] >= mem) {
                    return n;
                }
            }
            return -1;
        }

        void run(SchedulerConf conf) {
            Sinks sinks = new Sinks((uid, key, node) -> binds.add(new Bind(cache.taskRow(uid), cache.nodeRow(node))),
                    (uid, key, reason) -> {
                        int t = cache.taskRow(uid);
                        evictions.add(new Eviction(t, key, cache.taskState().node(t), reason));
                        return true;
                    }, (j, p, reason) -> { });
            cache.applyChanges();
            for (int job = 0; job < cache.jobs().rows(); job++) {
                if (cache.jobs().live(job)) {
                    int ready = 0;
                    for (int t : cache.jobs().tasks(job)) {
                        ready += TaskStatus.isReady(cache.taskState().status(t)) ? 1 : 0;
                    }
                    readyBefore.put(job, ready);
                }
            }
            try (Scheduler s = new Scheduler(cache, conf, PluginRegistry.defaults(), SchedulerOptions.DEFAULT, sinks)) {
                s.runOnce();
                s.pipelinedTasks(pipelined);
                for (int i = 0; i < pipelined.size(); i++) {
                    pipelinedOn.put(pipelined.getInt(i), s.session().taskState().node(pipelined.getInt(i)));
                }
            }
        }

        void assertNotProtected(Eviction e) {
            assertThat(cache.tasks().preemptable(e.task)).as("victim %s is preemptable", e.key).isTrue();
            assertThat(isProtected(e.task)).as("victim %s is critical or kube-system", e.key).isFalse();
        }

        boolean isProtected(int task) {
            return cache.tasks().has(task, dev.caldera.kernel.cluster.TaskTable.CRITICAL)
                    || "kube-system".equals(cache.symbols().string(cache.tasks().namespace(task)));
        }

        boolean hasLowerPriorityThanAPreemptorOnItsNode(int victim) {
            int vJob = cache.tasks().job(victim);
            for (int i = 0; i < pipelined.size(); i++) {
                int p = pipelined.getInt(i);
                int pJob = cache.tasks().job(p);
                if (pipelinedOn.get(p) != cache.taskState().node(victim)
                        || cache.jobs().queue(pJob) != cache.jobs().queue(vJob)) {
                    continue;
                }
                boolean lower = pJob != vJob ? cache.jobs().priority(vJob) < cache.jobs().priority(pJob)
                        : cache.tasks().priority(victim) < cache.tasks().priority(p);
                if (lower) {
                    return true;
                }
            }
            return false;
        }

        boolean hasReclaimerFromAnotherQueueOnItsNode(int victim) {
            int vQueue = cache.jobs().queue(cache.tasks().job(victim));
            for (int i = 0; i < pipelined.size(); i++) {
                int p = pipelined.getInt(i);
                if (pipelinedOn.get(p) == cache.taskState().node(victim)
                        && cache.jobs().queue(cache.tasks().job(p)) != vQueue) {
                    return true;
                }
            }
            return false;
        }

        void assertGangsKeepMinMember() {
            Map<Integer, Integer> lost = new HashMap<>();
            for (Eviction e : evictions) {
                lost.merge(cache.tasks().job(e.task), 1, Integer::sum);
            }
            for (Map.Entry<Integer, Integer> l : lost.entrySet()) {
                int job = l.getKey();
                int allowed = Math.max(0, readyBefore.get(job) - cache.jobs().minMember(job));
                assertThat(l.getValue()).as("tasks evicted from %s (ready %d, minMember %d)", cache.jobs().key(job),
                        readyBefore.get(job), cache.jobs().minMember(job)).isLessThanOrEqualTo(allowed);
            }
        }

        /**
         * For each node that lost tasks: without its last victim, what the cycle pipelined onto it would
         * not fit its futureIdle. With {@code onlyReclaim}, only nodes whose last victim was reclaimed.
         */
        void assertEvictionStopsWhenThePreemptorFits(boolean onlyReclaim) {
            Map<Integer, Eviction> last = new LinkedHashMap<>();
            for (Eviction e : evictions) {
                last.put(e.node, e);
            }
            for (Eviction e : last.values()) {
                if (onlyReclaim && !e.reason.equals("reclaim")) {
                    continue;
                }
                long[] futureIdle = futureIdle(e.node);
                long[] victim = cache.classes().request(cache.tasks().taskClass(e.task));
                boolean shortWithoutIt = false;
                for (int d = 0; d < futureIdle.length; d++) {
                    long v = d < victim.length ? victim[d] : 0;
                    shortWithoutIt |= futureIdle[d] - v < 0;
                }
                assertThat(shortWithoutIt).as("node %s: the pipelined tasks would fit without evicting %s",
                        cache.nodes().name(e.node), e.key).isTrue();
            }
        }

        /** allocatable - placed + releasing - pipelined this cycle, per dimension, from the cache. */
        private long[] futureIdle(int node) {
            int dims = cache.dims().count();
            long[] f = new long[dims];
            for (int d = 0; d < dims; d++) {
                f[d] = cache.nodes().allocatable(d, node);
            }
            for (int t = 0; t < cache.tasks().rows(); t++) {
                if (!cache.tasks().live(t)) {
                    continue;
                }
                long[] req = cache.classes().request(cache.tasks().taskClass(t));
                byte st = cache.taskState().status(t);
                if (cache.taskState().node(t) == node && st != TaskStatus.RELEASING) {
                    subtract(f, req);
                }
            }
            for (int i = 0; i < pipelined.size(); i++) {
                int p = pipelined.getInt(i);
                if (pipelinedOn.get(p) == node) {
                    subtract(f, cache.classes().request(cache.tasks().taskClass(p)));
                }
            }
            return f;
        }

        private static void subtract(long[] f, long[] req) {
            for (int d = 0; d < Math.min(f.length, req.length); d++) {
                f[d] -= req[d];
            }
        }

        /** Replays the binds in order: each had room besides the reservations of nominated pods it may not take. */
        void assertBindsRespectedReservations() {
            int dims = cache.dims().count();
            long[][] used = new long[nodeCount][dims];
            for (Map.Entry<String, String> e : runningOn.entrySet()) {
                int t = cache.taskRow(e.getKey());
                add(used[cache.nodeRow(e.getValue())], cache.classes().request(cache.tasks().taskClass(t)));
            }
            Map<Integer, Integer> reserved = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : nominatedAtStart.entrySet()) {
                reserved.put(cache.taskRow(e.getKey()), cache.nodeRow(e.getValue()));
            }
            for (Bind b : binds) {
                reserved.remove(b.task);
                long[] need = used[b.node].clone();
                add(need, cache.classes().request(cache.tasks().taskClass(b.task)));
                for (Map.Entry<Integer, Integer> n : reserved.entrySet()) {
                    if (n.getValue() == b.node && cache.tasks().priority(n.getKey()) >= cache.tasks().priority(b.task)) {
                        add(need, cache.classes().request(cache.tasks().taskClass(n.getKey())));
                    }
                }
                for (int d = 0; d < dims; d++) {
                    assertThat(need[d]).as("bind of %s to %s: %s needed with reservations",
                            cache.tasks().key(b.task), cache.nodes().name(b.node), cache.dims().name(d))
                            .isLessThanOrEqualTo(cache.nodes().allocatable(d, b.node));
                }
                add(used[b.node], cache.classes().request(cache.tasks().taskClass(b.task)));
            }
        }

        private static void add(long[] into, long[] req) {
            for (int d = 0; d < Math.min(into.length, req.length); d++) {
                into[d] += req[d];
            }
        }
    }
}
