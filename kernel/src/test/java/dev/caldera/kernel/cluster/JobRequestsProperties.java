package dev.caldera.kernel.cluster;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Decisions;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import dev.caldera.kernel.testing.RandomClusters;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every job's request totals by status equal a recount from its tasks, in the cache after any sequence of
 * pod updates, removals, binds, failed binds and gang role changes, and in a session after any statement
 * operations.
 */
class JobRequestsProperties {
    private static final String[] STATUSES = {"pending", "running", "releasing", "succeeded", "bound"};

    @Property(tries = 150)
    void cacheTotalsEqualARecountAfterAnyChanges(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                                 @ForAll @IntRange(min = 1, max = 40) int changes) {
        ClusterCache cache = new ClusterCache();
        RandomClusters.fill(cache, seed, 6, 8);
        cache.applyChanges();
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < changes; i++) {
            change(cache, r);
            cache.applyChanges();
            assertThat(recountDiffers(cache.jobState(), cache.taskState(), cache)).as("after change " + i).isNull();
        }
    }

    @Property(tries = 150)
    void sessionTotalsEqualARecountAfterStatementOperations(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                                            @ForAll @IntRange(min = 1, max = 40) int operations) {
        ClusterCache cache = new ClusterCache();
        RandomClusters.fill(cache, seed, 6, 8);
        cache.applyChanges();
        Session session = new Session(cache, PluginChain.build(List.of(new Tier(List.of(PluginOption.of("gang")))),
                PluginRegistry.defaults()));
        session.open();
        Statement st = new Statement(session);
        SplittableRandom r = new SplittableRandom(seed ^ operations);
        for (int i = 0; i < operations; i++) {
            operate(session, st, r);
            assertThat(recountDiffers(session.jobState(), session.taskState(), cache)).as("after op " + i).isNull();
        }
        st.discard();
        assertThat(recountDiffers(session.jobState(), session.taskState(), cache)).as("after discard").isNull();
    }

    private static void change(ClusterCache cache, SplittableRandom r) {
        int t = r.nextInt(Math.max(1, cache.tasks().rows()));
        if (!cache.tasks().live(t)) {
            return;
        }
        String ns = cache.tasks().key(t).substring(0, cache.tasks().key(t).indexOf('/'));
        String job = cache.jobs().key(cache.tasks().job(t)).substring(ns.length() + 1);
        switch (r.nextInt(6)) {
            case 0 -> cache.removeTask(cache.tasks().uid(t));
            case 1 -> cache.markBinding(t, cache.liveNodes()[r.nextInt(cache.liveNodeCount())]);
            case 2 -> cache.bindFailed(cache.tasks().uid(t), "test");
            case 3 -> cache.upsertJob(new JobSpec(ns, job, "q0", 1, r.nextBoolean() ? Map.of("w", 1) : Map.of(),
                    null, null, "Inqueue", 0));
            default -> cache.upsertTask(reshaped(cache, t, ns, job, r));
        }
    }

    /** The same pod (uid) with a new request, role and status. */
    private static TaskSpec reshaped(ClusterCache cache, int t, String ns, String job, SplittableRandom r) {
        String status = STATUSES[r.nextInt(STATUSES.length)];
        TaskSpec.Builder b = TaskSpec.builder(ns, cache.tasks().name(t)).uid(cache.tasks().uid(t)).job(job)
                .request(ResourceList.of("cpu", 100L * (1 + r.nextInt(20)), "memory", 1L << (20 + r.nextInt(10))))
                .role(r.nextBoolean() ? "w" : null);
        String node = cache.nodes().name(cache.liveNodes()[r.nextInt(cache.liveNodeCount())]);
        return switch (status) {
            case "running" -> b.running(node).build();
            case "releasing" -> b.status(TaskStatus.RELEASING).nodeName(node).build();
            case "succeeded" -> b.status(TaskStatus.SUCCEEDED).nodeName(node).build();
            case "bound" -> b.status(TaskStatus.BOUND).nodeName(node).build();
            default -> b.build();
        };
    }

    private static void operate(Session s, Statement st, SplittableRandom r) {
        int t = r.nextInt(s.taskTable().rows());
        int node = s.liveNodes()[r.nextInt(s.nodeCount())];
        byte status = s.taskState().status(t);
        if (!s.taskTable().live(t)) {
            return;
        }
        if (status == TaskStatus.PENDING) {
            if (r.nextBoolean()) {
                st.allocate(t, node);
            } else {
                st.pipeline(t, node);
            }
        } else if (status == TaskStatus.RUNNING) {
            st.evict(t, Decisions.PREEMPT);
        }
    }

    /** Null when every job's totals equal the recount, else which job, status group and dimension differ. */
    private static String recountDiffers(JobState state, TaskState tasks, ClusterCache cache) {
        int dims = cache.dims().count();
        long[][][] expected = new long[3][dims][cache.jobs().rows()];
        for (int t = 0; t < cache.tasks().rows(); t++) {
            byte st = tasks.status(t);
            int group = TaskStatus.isAllocated(st) ? 0 : st == TaskStatus.PIPELINED ? 1 : st == TaskStatus.PENDING ? 2 : -1;
            if (!cache.tasks().live(t) || group < 0) {
                continue;
            }
            long[] request = cache.classes().request(cache.tasks().taskClass(t));
            for (int d = 0; d < request.length; d++) {
                expected[group][d][cache.tasks().job(t)] += request[d];
            }
        }
        for (int g = 0; g < 3; g++) {
            for (int d = 0; d < dims; d++) {
                for (int j = 0; j < cache.jobs().rows(); j++) {
                    long actual = g == 0 ? state.requests().allocated(d, j) : g == 1 ? state.requests().pipelined(d, j)
                            : state.requests().pending(d, j);
                    if (actual != expected[g][d][j]) {
                        return "job " + j + " group " + g + " dim " + d + ": " + actual + " != "
                                + expected[g][d][j];
                    }
                }
            }
        }
        return null;
    }
}
