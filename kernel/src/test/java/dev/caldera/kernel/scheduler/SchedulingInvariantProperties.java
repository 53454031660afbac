package dev.caldera.kernel.scheduler;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.RandomClusters;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Over random clusters and several cycles with churn (tasks finishing, new jobs arriving): no node is
 * over-committed, a gang's binds in a cycle bring it to minMember or there are none, no queue exceeds its
 * capability, and no task is bound twice. Node usage is recounted from the tasks themselves (those holding
 * resources on the node, and the pipelined ones waiting for its releasing resources), never read from the
 * kernel's own counters, which must equal the recount.
 */
class SchedulingInvariantProperties {

    @Property(tries = 60)
    void cyclesKeepTheSchedulingInvariants(@ForAll @LongRange(min = 0, max = 10_000_000) long seed) {
        ClusterCache cache = new ClusterCache();
        RandomClusters.fill(cache, seed, 10, 30);
        List<String> bound = new ArrayList<>();
        Sinks sinks = new Sinks((uid, key, node) -> bound.add(uid), (u, k, r) -> true, (j, p, r) -> { });
        SplittableRandom random = new SplittableRandom(seed);
        Set<String> everBound = new HashSet<>();
        try (Scheduler scheduler = new Scheduler(cache, conf(), PluginRegistry.defaults(), SchedulerOptions.DEFAULT,
                sinks)) {
            for (int cycle = 0; cycle < 5; cycle++) {
                bound.clear();
                scheduler.runOnce();
                assertNoNodeOvercommitted(scheduler.session());
                assertGangsReachMinMember(cache, bound);
                assertQueuesWithinCapability(cache);
                for (String uid : bound) {
                    assertThat(everBound.add(uid)).as("task %s bound twice", uid).isTrue();
                }
                churn(cache, random, cycle);
            }
        }
        assertThat(everBound).as("a random cluster with room places something").isNotEmpty();
    }

    private static SchedulerConf conf() {
        List<PluginOption> plugins = new ArrayList<>();
        for (String name : PluginRegistry.defaults().names()) {
            if (!name.equals("capacity")) { // capacity and proportion exclude each other (QueuePropertiesTest covers capacity)
                plugins.add(PluginOption.of(name));
            }
        }
        return new SchedulerConf(List.of("enqueue", "allocate", "backfill"), List.of(new Tier(plugins)), Map.of());
    }

    /**
     * For each node and resource, from the session's tasks after the cycle: what the tasks holding resources
     * there request (bound, binding, running, releasing...) is at most allocatable, and so is that minus the
     * releasing tasks' requests plus the pipelined tasks' (what the node holds once the releasing pods are
     * gone); the kernel's idle, used, releasing and pipelined counters equal the recount.
     */
    private static void assertNoNodeOvercommitted(Session s) {
        int dims = s.dims().count();
        long[][] used = new long[dims][s.nodeTable().rows()];
        long[][] releasing = new long[dims][s.nodeTable().rows()];
        long[][] pipelined = new long[dims][s.nodeTable().rows()];
        for (int t = 0; t < s.taskTable().rows(); t++) {
            int node = s.taskState().node(t);
            byte status = s.status(t);
            if (!s.taskTable().live(t) || node < 0) {
                continue;
            }
            long[] req = s.request(t);
            for (int d = 0; d < req.length; d++) {
                if (TaskStatus.takesIdle(status)) {
                    used[d][node] += req[d];
                }
                releasing[d][node] += status == TaskStatus.RELEASING ? req[d] : 0;
                pipelined[d][node] += status == TaskStatus.PIPELINED ? req[d] : 0;
            }
        }
        for (int n = 0; n < s.nodeTable().rows(); n++) {
            if (!s.nodeTable().live(n)) {
                continue;
            }
            for (int d = 0; d < dims; d++) {
                long allocatable = s.nodeTable().allocatable(d, n);
                assertThat(used[d][n]).as("used %s on %s", s.dims().name(d), s.nodeTable().name(n))
                        .isLessThanOrEqualTo(allocatable);
                assertThat(used[d][n] - releasing[d][n] + pipelined[d][n])
                        .as("used - releasing + pipelined %s on %s", s.dims().name(d), s.nodeTable().name(n))
                        .isLessThanOrEqualTo(allocatable);
                assertThat(new long[] {s.usage().idle(d, n), s.usage().used(d, n), s.usage().releasing(d, n),
                    s.usage().pipelined(d, n)}).as("kernel counters idle, used, releasing, pipelined of %s on %s",
                        s.dims().name(d), s.nodeTable().name(n))
                        .containsExactly(allocatable - used[d][n], used[d][n], releasing[d][n], pipelined[d][n]);
            }
        }
    }

    private static void assertGangsReachMinMember(ClusterCache cache, List<String> boundThisCycle) {
        Map<Integer, Integer> bindsPerJob = new HashMap<>();
        for (String uid : boundThisCycle) {
            bindsPerJob.merge(cache.tasks().job(cache.taskRow(uid)), 1, Integer::sum);
        }
        for (int job : bindsPerJob.keySet()) {
            int ready = 0;
            for (int t : cache.jobs().tasks(job)) {
                ready += TaskStatus.isReady(cache.taskState().status(t)) ? 1 : 0;
            }
            assertThat(ready).as("ready tasks of %s after its binds", cache.jobs().key(job))
                    .isGreaterThanOrEqualTo(cache.jobs().minMember(job));
        }
    }

    private static void assertQueuesWithinCapability(ClusterCache cache) {
        for (int q = 0; q < cache.queues().rows(); q++) {
            long[] cap = cache.queues().capability(q);
            if (!cache.queues().live(q) || cap == null) {
                continue;
            }
            long[] used = new long[cache.dims().count()];
            for (int t = 0; t < cache.tasks().rows(); t++) {
                if (cache.tasks().live(t) && TaskStatus.isAllocated(cache.taskState().status(t))
                        && cache.jobs().queue(cache.tasks().job(t)) == q) {
                    long[] req = cache.classes().request(cache.tasks().taskClass(t));
                    for (int d = 0; d < req.length; d++) {
                        used[d] += req[d];
                    }
                }
            }
            for (int d = 0; d < Math.min(cap.length, used.length); d++) {
                if (d != dev.caldera.kernel.resource.ResourceDimensions.PODS) {
                    assertThat(used[d]).as("queue %s %s", cache.queues().name(q), cache.dims().name(d))
                            .isLessThanOrEqualTo(cap[d]);
                }
            }
        }
    }

    /** Some placed tasks finish and new jobs arrive. */
    private static void churn(ClusterCache cache, SplittableRandom r, int cycle) {
        for (int t = 0; t < cache.tasks().rows(); t++) {
            if (cache.tasks().live(t) && TaskStatus.isAllocated(cache.taskState().status(t)) && r.nextInt(5) == 0) {
                cache.removeTask(cache.tasks().uid(t));
            }
        }
        RandomClusters.addJobs(cache, r.nextLong(), 3, "wave" + cycle);
    }
}
