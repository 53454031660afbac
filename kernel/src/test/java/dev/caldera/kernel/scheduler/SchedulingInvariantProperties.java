package dev.caldera.kernel.scheduler;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.plugin.PluginRegistry;
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
 * capability, and no task is bound twice.
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
                assertNoNodeOvercommitted(cache);
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

    private static void assertNoNodeOvercommitted(ClusterCache cache) {
        for (int n = 0; n < cache.nodes.rows; n++) {
            if (!cache.nodes.live[n]) {
                continue;
            }
            for (int d = 0; d < cache.dims.count(); d++) {
                assertThat(cache.nodeUsage.used[d][n]).as("used %s on %s", cache.dims.name(d), cache.nodes.name[n])
                        .isLessThanOrEqualTo(cache.nodes.allocatable[d][n]);
            }
        }
    }

    private static void assertGangsReachMinMember(ClusterCache cache, List<String> boundThisCycle) {
        Map<Integer, Integer> bindsPerJob = new HashMap<>();
        for (String uid : boundThisCycle) {
            bindsPerJob.merge(cache.tasks.job[cache.taskRow(uid)], 1, Integer::sum);
        }
        for (int job : bindsPerJob.keySet()) {
            int ready = 0;
            for (int t : cache.jobs.tasks[job]) {
                ready += TaskStatus.isReady(cache.taskState.status[t]) ? 1 : 0;
            }
            assertThat(ready).as("ready tasks of %s after its binds", cache.jobs.key[job])
                    .isGreaterThanOrEqualTo(cache.jobs.minMember[job]);
        }
    }

    private static void assertQueuesWithinCapability(ClusterCache cache) {
        for (int q = 0; q < cache.queues.rows; q++) {
            long[] cap = cache.queues.capability[q];
            if (!cache.queues.live[q] || cap == null) {
                continue;
            }
            long[] used = new long[cache.dims.count()];
            for (int t = 0; t < cache.tasks.rows; t++) {
                if (cache.tasks.live[t] && TaskStatus.isAllocated(cache.taskState.status[t])
                        && cache.jobs.queue[cache.tasks.job[t]] == q) {
                    long[] req = cache.classes.request[cache.tasks.taskClass[t]];
                    for (int d = 0; d < req.length; d++) {
                        used[d] += req[d];
                    }
                }
            }
            for (int d = 0; d < Math.min(cap.length, used.length); d++) {
                if (d != dev.caldera.kernel.resource.ResourceDimensions.PODS) {
                    assertThat(used[d]).as("queue %s %s", cache.queues.name[q], cache.dims.name(d))
                            .isLessThanOrEqualTo(cap[d]);
                }
            }
        }
    }

    /** Some placed tasks finish and new jobs arrive. */
    private static void churn(ClusterCache cache, SplittableRandom r, int cycle) {
        for (int t = 0; t < cache.tasks.rows; t++) {
            if (cache.tasks.live[t] && TaskStatus.isAllocated(cache.taskState.status[t]) && r.nextInt(5) == 0) {
                cache.removeTask(cache.tasks.uid[t]);
            }
        }
        RandomClusters.addJobs(cache, r.nextLong(), 3, "wave" + cycle);
    }
}
