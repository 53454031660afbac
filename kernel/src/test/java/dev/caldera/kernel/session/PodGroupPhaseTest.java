package dev.caldera.kernel.session;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.testing.EvictionCase;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.caldera.kernel.testing.EvictionCase.pod;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The PodGroup phase written at session close, from current Volcano's pkg/scheduler/framework/session.go
 * ({@code getPodGroupPhase}, with {@code JobInfo.ScheduledTaskNum} and {@code ReleasingScheduledTaskNum} of
 * api/job_info.go): scheduled = Running, Bound, Succeeded, Failed, plus Releasing pods still on a node.
 */
class PodGroupPhaseTest {
    private static final List<String> ALLOCATE = List.of("allocate");
    private static final List<List<String>> GANG = List.of(List.of("priority", "gang"), List.of("predicates"));

    private final EvictionCase c = new EvictionCase().queue("q", 1, true);

    private byte phase(String job) {
        return c.cache.jobState().phase(c.cache.jobRow("ns/" + job));
    }

    /** Pods bound in this cycle are Binding, which is not a scheduled status: the group stays Inqueue. */
    @Test
    void aGroupBoundThisCycleTurnsRunningOnlyOnceItsPodsAreBound() {
        c.node("n1", 4).job("j", "q", 2, null, "Inqueue").add(pod("j-0", "j", 1)).add(pod("j-1", "j", 1));
        c.run(ALLOCATE, GANG);
        assertThat(c.binds).hasSize(2);
        assertThat(phase("j")).isEqualTo(JobPhase.INQUEUE);

        c.add(pod("j-0", "j", 1).status(TaskStatus.BOUND).nodeName("n1"))
                .add(pod("j-1", "j", 1).status(TaskStatus.BOUND).nodeName("n1"));
        c.run(ALLOCATE, GANG);
        assertThat(phase("j")).isEqualTo(JobPhase.RUNNING);
    }

    /** 0 scheduled tasks reach a minMember of 0, and all 0 of them completed. */
    @Test
    void aGroupOfMinMemberZeroWithNothingScheduledIsCompleted() {
        c.node("n1", 4).job("j", "q", 0, null, "Inqueue").add(pod("j-0", "j", 8));
        c.run(ALLOCATE, GANG);
        assertThat(phase("j")).isEqualTo(JobPhase.COMPLETED);
    }

    @Test
    void aGroupWhoseScheduledPodsAllFinishedIsCompleted() {
        c.node("n1", 4).job("j", "q", 2, null, "Running")
                .add(pod("j-0", "j", 1).status(TaskStatus.SUCCEEDED).nodeName("n1"))
                .add(pod("j-1", "j", 1).status(TaskStatus.FAILED).nodeName("n1"));
        c.run(ALLOCATE, GANG);
        assertThat(phase("j")).isEqualTo(JobPhase.COMPLETED);

        c.add(pod("j-1", "j", 1).running("n1"));
        c.run(ALLOCATE, GANG);
        assertThat(phase("j")).isEqualTo(JobPhase.RUNNING);
    }

    /** A terminating pod still on its node holds its gang slot; one deleted while pending does not. */
    @Test
    void terminatingPodsOnANodeKeepTheGroupRunning() {
        c.node("n1", 4).job("j", "q", 1, null, "Running")
                .add(pod("j-0", "j", 1).status(TaskStatus.RELEASING).nodeName("n1"));
        c.run(ALLOCATE, GANG);
        assertThat(phase("j")).isEqualTo(JobPhase.RUNNING);

        c.add(pod("j-0", "j", 1).status(TaskStatus.RELEASING));
        c.run(ALLOCATE, GANG);
        assertThat(phase("j")).isEqualTo(JobPhase.PENDING);
    }

    @Test
    void runningPodsOfAGroupFoundUnschedulableMakeItUnknown() {
        c.node("n1", 2).job("j", "q", 3, null, "Running").add(pod("j-0", "j", 1).running("n1"))
                .add(pod("j-1", "j", 4)).add(pod("j-2", "j", 4));
        c.run(ALLOCATE, GANG);
        assertThat(phase("j")).isEqualTo(JobPhase.UNKNOWN);
    }
}
