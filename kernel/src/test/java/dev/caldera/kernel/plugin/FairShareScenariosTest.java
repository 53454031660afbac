package dev.caldera.kernel.plugin;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.PluginRun;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.resource.ResourceList;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fair-share cases of conformance/cases rebuilt with cache specs and run through the kernel
 * for one cycle; binds and PodGroup phases must equal Volcano v1.7.0's expected.json. The confs keep the
 * scenario's plugins and flags but leave out {@code predicates}, {@code nodeorder} and {@code sla}
 * (written elsewhere): every scenario here has one schedulable node or none, no taints, selectors or
 * ports, and no job waiting long enough for sla, so they cannot change the outcome.
 * <p>
 * Phases follow current Volcano ({@code framework/session.go}, {@code getPodGroupPhase}), where v1.7.0 recorded
 * Running: a task bound in this cycle is Binding, not yet scheduled, and a PodGroup of minMember 0 has 0 of 0
 * scheduled tasks completed, which current Volcano calls Completed.
 */
class FairShareScenariosTest {
    private static final long G = 1_000_000_000L;
    private static final long GI = 1L << 30;

    private final PluginCluster cluster = new PluginCluster();
    private final Map<String, String> binds = new TreeMap<>();

    @Test
    void twoJobsOnOneNodeShareItByQueue() {
        queue("c1", null);
        queue("c2", null);
        node("n1", 2000, 4 * G, 10);
        job("c1", "pg1", "c1", 0, null, "Inqueue");
        job("c2", "pg2", "c2", 0, null, "Inqueue");
        pod("c1", "pg1-p-1", "pg1", 1000, G, 0);
        pod("c1", "pg1-p-2", "pg1", 1000, G, 1000);
        pod("c2", "pg2-p-1", "pg2", 1000, G, 2000);
        pod("c2", "pg2-p-2", "pg2", 1000, G, 3000);
        run(allocateConf());
        assertThat(binds).containsExactlyInAnyOrderEntriesOf(Map.of("c1/pg1-p-1", "n1", "c2/pg2-p-1", "n1"));
        // minMember 0: no task is scheduled yet (only Binding), and 0 of 0 completed (see the class comment)
        assertPhase("c1/pg1", JobPhase.COMPLETED);
        assertPhase("c2/pg2", JobPhase.COMPLETED);
    }

    @Test
    void aQueueWhoseTaskExceedsItsDeservedDoesNotBlockOthers() {
        queue("c1", null);
        queue("c2", null);
        node("n1", 2000, 4 * G, 10);
        job("c1", "pg1", "c1", 0, null, "Inqueue");
        job("c1", "pg2", "c2", 0, null, "Inqueue");
        pod("c1", "p1", "pg1", 3000, G, 0);
        pod("c1", "p2", "pg2", 1000, G, 1000);
        run(allocateConf());
        assertThat(binds).containsExactlyEntriesOf(Map.of("c1/p2", "n1"));
        assertPhase("c1/pg1", JobPhase.COMPLETED);
        assertPhase("c1/pg2", JobPhase.COMPLETED);
    }

    @Test
    void aTaskBeyondItsQueueDeservedIsNotAllocated() {
        queue("q1", ResourceList.of("cpu", 2000L, "memory", 2 * G));
        queue("q2", ResourceList.of("cpu", 3000L, "memory", 3 * G));
        node("n1", 2000, 2 * G, 10);
        node("n2", 2000, 2 * G, 10);
        job("ns1", "pg1", "q1", 1, ResourceList.of("cpu", 1000L, "memory", 2 * G), "Running");
        job("ns1", "pg2", "q2", 1, ResourceList.of("cpu", 2000L, "memory", G), "Running");
        job("ns1", "pg5", "q1", 1, ResourceList.of("cpu", 1000L, "memory", G), "Pending");
        running("ns1", "pod1", "pg1", 1000, 2 * G, "n1");
        running("ns1", "pod2", "pg2", 2000, G, "n2");
        pod("ns1", "pod5", "pg5", 1000, G, 2000);
        Map<PluginFlag, Boolean> flags = off(PluginFlag.values());
        flags.remove(PluginFlag.OVERUSED);
        flags.remove(PluginFlag.ALLOCATABLE);
        run(conf(List.of("enqueue", "allocate"), List.of(new PluginOption("proportion", flags, Arguments.NONE))));
        assertThat(binds).isEmpty();
        assertPhase("ns1/pg1", JobPhase.RUNNING);
        assertPhase("ns1/pg2", JobPhase.RUNNING);
        assertPhase("ns1/pg5", JobPhase.INQUEUE);
    }

    @Test
    void overcommitAdmitsAJobThatFitsTotalTimesTheFactor() {
        queue("c1", null);
        node("n1", 2000, 4 * GI, 110);
        node("n2", 4000, 16 * GI, 110);
        job("test-namespace", "pg1", "c1", 2, ResourceList.of("cpu", 2000L, "memory", 2 * G), "Pending");
        PluginOption overcommit = new PluginOption("overcommit", Map.of(),
                new Arguments("overcommit", Map.of("overcommit-factor", 1.2)));
        run(conf(List.of("enqueue"), List.of(overcommit)));
        assertPhase("test-namespace/pg1", JobPhase.INQUEUE);
    }

    @Test
    void pendingPodGroupsWithoutMinResourcesAreEnqueued() {
        queue("c1", ResourceList.of("cpu", 4000L, "memory", 4 * G));
        queue("c2", ResourceList.of("cpu", 4000L, "memory", 4 * G));
        job("c1", "pg1", "c1", 1, null, "Pending");
        job("c1", "pg2", "c2", 1, null, "Pending");
        pod("c1", "p1", "pg1", 3000, G, 0);
        pod("c1", "p2", "pg2", 1000, G, 1000);
        run(conf(List.of("enqueue"), List.of(PluginOption.of("drf"), PluginOption.of("proportion"),
                PluginOption.of("gang"))));
        assertThat(binds).isEmpty();
        assertPhase("c1/pg1", JobPhase.INQUEUE);
        assertPhase("c1/pg2", JobPhase.INQUEUE);
    }

    // ------------------------------------------------------------------ the allocate scenarios' conf

    /** gang, drf and proportion with the flags of the two allocate scenarios' scheduler.conf. */
    private static Conf allocateConf() {
        Map<PluginFlag, Boolean> gang = off(PluginFlag.values());
        on(gang, PluginFlag.JOB_ORDER, PluginFlag.JOB_READY, PluginFlag.JOB_PIPELINED, PluginFlag.JOB_STARVING);
        Map<PluginFlag, Boolean> drf = off(PluginFlag.values());
        on(drf, PluginFlag.JOB_ORDER, PluginFlag.PREEMPTABLE);
        Map<PluginFlag, Boolean> proportion = off(PluginFlag.values());
        on(proportion, PluginFlag.RECLAIMABLE, PluginFlag.QUEUE_ORDER);
        for (Map<PluginFlag, Boolean> flags : List.of(gang, drf, proportion)) {
            flags.remove(PluginFlag.OVERUSED);
            flags.remove(PluginFlag.ALLOCATABLE);
            flags.remove(PluginFlag.HIERARCHY);
        }
        return conf(List.of("allocate"), List.of(new PluginOption("gang", gang, Arguments.NONE),
                new PluginOption("drf", drf, Arguments.NONE), new PluginOption("proportion", proportion,
                        Arguments.NONE)));
    }

    private static Map<PluginFlag, Boolean> off(PluginFlag... flags) {
        Map<PluginFlag, Boolean> m = new EnumMap<>(PluginFlag.class);
        for (PluginFlag f : flags) {
            m.put(f, false);
        }
        return m;
    }

    private static void on(Map<PluginFlag, Boolean> m, PluginFlag... flags) {
        for (PluginFlag f : flags) {
            m.put(f, true);
        }
    }

    /** A scheduler.conf's actions and its one tier of plugins. */
    private record Conf(List<String> actions, List<PluginOption> plugins) {
    }

    private static Conf conf(List<String> actions, List<PluginOption> plugins) {
        return new Conf(actions, plugins);
    }

    // ------------------------------------------------------------------ cluster building

    private void queue(String name, ResourceList capability) {
        cluster.upsertQueue(name, 1, capability, null, null, true, null, 0, null, 0);
    }

    private void node(String name, long cpuMilli, long memoryBytes, long pods) {
        cluster.upsertNode(name, ResourceList.of("cpu", cpuMilli, "memory", memoryBytes, "pods", pods),
                Map.of("kubernetes.io/hostname", name), List.of(), false);
    }

    private void job(String ns, String name, String queue, int minMember, ResourceList minResources, String phase) {
        cluster.upsertJob(ns, name, queue, minMember, Map.of(), null, minResources, phase, 0);
    }

    private void pod(String ns, String name, String job, long cpuMilli, long memoryBytes, long creationMs) {
        cluster.upsertTask(Pod.builder(ns, name).job(job).creationMs(creationMs)
                .request(ResourceList.of("cpu", cpuMilli, "memory", memoryBytes)).build());
    }

    private void running(String ns, String name, String job, long cpuMilli, long memoryBytes, String node) {
        cluster.upsertTask(Pod.builder(ns, name).job(job).running(node)
                .request(ResourceList.of("cpu", cpuMilli, "memory", memoryBytes)).build());
    }

    private void run(Conf conf) {
        try (PluginRun s = cluster.scheduler(conf.actions(), List.of(conf.plugins()))
                .binds((uid, key, node) -> binds.put(key, node) == null)) {
            s.runOnce();
        }
    }

    private void assertPhase(String podGroup, byte phase) {
        assertThat(JobPhase.name(cluster.phase(cluster.jobRow(podGroup)))).as(podGroup)
                .isEqualTo(JobPhase.name(phase));
    }
}
