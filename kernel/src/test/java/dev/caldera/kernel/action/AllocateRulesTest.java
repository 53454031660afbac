package dev.caldera.kernel.action;

import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.testing.Clusters;
import dev.caldera.kernel.testing.EvictionCase;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.EvictionCase.pod;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules of the allocate action, each written from current Volcano's pkg/scheduler/actions/allocate/allocate.go
 * and the job helpers it calls in pkg/scheduler/api/job_info.go (functions named per test). One queue "q".
 */
class AllocateRulesTest {
    private static final List<String> ALLOCATE = List.of("allocate");
    private static final List<List<String>> GANG = List.of(List.of("priority", "gang"), List.of("predicates"));

    private final EvictionCase c = new EvictionCase().queue("q", 1, true);

    /**
     * {@code buildAllocateContext} and {@code allocateResources}: jobs are grouped by queue only and taken in
     * JobOrder; there is no namespace step (Volcano v1.7 first picked a namespace, by name when no plugin orders
     * namespaces, and so served namespace "a" before the higher-priority job of namespace "b").
     */
    @Test
    void jobsOfOneQueueGoInJobOrderWhateverTheirNamespace() {
        c.node("n1", 2);
        c.cache.upsertJob(new JobSpec("a", "low", "q", 1, Map.of(), "low", null, "Inqueue", 0));
        c.cache.upsertJob(new JobSpec("b", "high", "q", 1, Map.of(), "high", null, "Inqueue", 0));
        c.cache.upsertTask(TaskSpec.builder("a", "low-0").job("low").request(Clusters.cpuMem(2000, Clusters.GI)).build());
        c.cache.upsertTask(TaskSpec.builder("b", "high-0").job("high").request(Clusters.cpuMem(2000, Clusters.GI))
                .build());
        c.run(ALLOCATE, GANG);
        assertThat(c.binds).containsExactly("b/high-0@n1");
    }

    /**
     * {@code allocateResourcesForTasks}: a job's pending tasks go in TaskOrder (priority's, then the pod-name index,
     * creation and name), not in the order the cluster listed them. Room for one pod of three: the highest priority
     * goes first, and between equal priorities the lower name index.
     */
    @Test
    void aJobsTasksGoInTaskOrderNotInTheOrderTheyWereListed() {
        c.node("n1", 2).job("j", "q", 1, null, "Inqueue")
                .add(pod("j-2", "j", 2).priority(10)).add(pod("j-1", "j", 2).priority(10))
                .add(pod("j-0", "j", 2).priority(5));
        c.run(ALLOCATE, GANG);
        assertThat(c.binds).containsExactly("ns/j-1@n1");

        EvictionCase d = new EvictionCase().queue("q", 1, true).node("n1", 2).job("k", "q", 1, null, "Inqueue")
                .add(pod("k-1", "k", 2)).add(pod("k-0", "k", 2));
        d.run(ALLOCATE, GANG);
        assertThat(d.binds).as("equal priorities: the lower name index").containsExactly("ns/k-0@n1");
    }

    /**
     * {@code allocateResourcesForTasks} with {@code TaskHasFitErrors}: a task is skipped without filtering only when
     * its role ({@code volcano.sh/task-spec}) is set and already failed; a pod without a role is always tried, so
     * the small second pod binds after the big first one fit nowhere ({@code NeedContinueAllocating}: minMember 1
     * is below the job's 2 tasks and no role has a minimum, so the job goes on).
     */
    @Test
    void aPodWithoutRoleIsTriedAgainAfterAnotherFitNowhere() {
        c.node("n1", 2).job("j", "q", 1, null, "Inqueue")
                .add(pod("j-0", "j", 8)).add(pod("j-1", "j", 1));
        c.run(ALLOCATE, GANG);
        assertThat(c.binds).containsExactly("ns/j-1@n1");

        c.add(pod("j-0", "j", 8).role("worker")).add(pod("j-1", "j", 1).role("worker"));
        c.run(ALLOCATE, GANG);
        assertThat(c.binds).as("the same role: the second pod is skipped after the first failed").isEmpty();
    }

    /**
     * {@code NeedContinueAllocating}, first case: when minMember is below the sum of the minTaskMember values only
     * the total counts (ready plus pending tasks of roles that did not fail), not each role's minimum; and gang's
     * JobReady ignores the role minimums then too ({@code CheckTaskReady}), so the job binds with role b alone.
     */
    @Test
    void roleMinimumsAboveMinMemberDoNotStopTheJob() {
        c.node("n1", 2);
        c.cache.upsertJob(new JobSpec("ns", "j", "q", 1, Map.of("a", 1, "b", 1), null, null, "Inqueue", 0));
        c.add(pod("j-0", "j", 8).role("a")).add(pod("j-1", "j", 1).role("b"));
        c.run(ALLOCATE, GANG);
        assertThat(c.binds).containsExactly("ns/j-1@n1");
    }

    /**
     * {@code NeedContinueAllocating}, second case: when the role minimums fit within minMember, a failed role that
     * has fewer than its minimum allocated stops the job at once.
     */
    @Test
    void aFailedRoleShortOfItsMinimumStopsTheJob() {
        c.node("n1", 4);
        c.cache.upsertJob(new JobSpec("ns", "j", "q", 2, Map.of("a", 1), null, null, "Inqueue", 0));
        c.add(pod("j-0", "j", 8).role("a")).add(pod("j-1", "j", 1).role("b")).add(pod("j-2", "j", 1).role("b"));
        c.run(ALLOCATE, GANG);
        assertThat(c.binds).isEmpty();
        assertThat(c.pipelined).isEmpty();
    }
}
