package dev.caldera.kernel.plugin.proportion;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.EvictionCase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.EvictionCase.pod;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A queue whose {@code status.state} is not Open, written from current Volcano's proportion plugin
 * (plugins/proportion/proportion.go: {@code queueAllocatable}, used by AllocatableFn and PreemptiveFn, and the
 * JobEnqueueableFn): it is neither Allocatable nor Preemptive and its jobs are not enqueueable, so nothing of
 * it is allocated, preempted for or reclaimed for. It is the plugin's check, not the actions' (enqueue.go and
 * allocate.go do not look at the state): without proportion a closed queue is scheduled like any other.
 */
class QueueStateTest {
    private static final List<List<String>> PROPORTION = List.of(List.of("priority", "conformance"),
            List.of("predicates", "proportion"));

    private final EvictionCase c = new EvictionCase();

    private EvictionCase queue(String name, String state) {
        return c.queueInState(name, state);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Closed", "Closing", "Unknown"})
    void aQueueThatIsNotOpenIsNotAllocatable(String state) {
        queue("q", state).job("j", "q", 1, null, "Inqueue").node("n1", 4).add(pod("j-0", "j", 1));
        c.run(List.of("allocate"), PROPORTION);
        assertThat(c.binds).isEmpty();

        queue("q", "Open").run(List.of("allocate"), PROPORTION);
        assertThat(c.binds).containsExactly("ns/j-0@n1");
    }

    @Test
    void aMissingStateMeansOpen() {
        queue("q", null).job("j", "q", 1, null, "Inqueue").node("n1", 4).add(pod("j-0", "j", 1));
        c.run(List.of("allocate"), PROPORTION);
        assertThat(c.binds).containsExactly("ns/j-0@n1");
    }

    @Test
    void theJobsOfAClosedQueueAreNotEnqueued() {
        queue("q", "Closed").node("n1", 4).add(pod("j-0", "j", 1));
        c.cluster.upsertJob("ns", "j", "q", 1, Map.of(), null,
                ResourceList.of("cpu", 1000L), "Pending", 0);
        c.run(List.of("enqueue"), PROPORTION);
        assertThat(c.cluster.phase(c.cluster.jobRow("ns/j"))).isEqualTo(JobPhase.PENDING);

        queue("q", "Open").run(List.of("enqueue"), PROPORTION);
        assertThat(c.cluster.phase(c.cluster.jobRow("ns/j"))).isEqualTo(JobPhase.INQUEUE);
    }

    @Test
    void aClosedQueueDoesNotPreemptForItsJobs() {
        queue("q", "Closed").job("low", "q", 0, "low", "Running").job("high", "q", 1, "high", "Inqueue").node("n1", 2)
                .add(pod("low-0", "low", 2).running("n1")).add(pod("high-0", "high", 2));
        c.run(List.of("preempt"), PROPORTION);
        assertThat(c.evictions).isEmpty();

        queue("q", "Open").run(List.of("preempt"), PROPORTION);
        assertThat(c.evictions).containsExactly("ns/low-0:preempt");
    }

    @Test
    void aClosedQueueDoesNotReclaim() {
        queue("lender", "Open").queue("taker", 1, true);
        queue("taker", "Closed").job("run", "lender", 0, "low", "Running").job("want", "taker", 1, "low", "Inqueue")
                .node("n1", 2).add(pod("run-0", "run", 1).running("n1")).add(pod("run-1", "run", 1).running("n1"))
                .add(pod("want-0", "want", 1));
        c.run(List.of("reclaim"), PROPORTION);
        assertThat(c.evictions).isEmpty();

        queue("taker", "Open").run(List.of("reclaim"), PROPORTION);
        assertThat(c.evictions).hasSize(1);
    }

    @Test
    void withoutProportionAClosedQueueIsScheduledLikeAnyOther() {
        queue("q", "Closed").job("j", "q", 1, null, "Inqueue").node("n1", 4).add(pod("j-0", "j", 1));
        c.run(List.of("allocate"), List.of(List.of("priority", "gang"), List.of("predicates")));
        assertThat(c.binds).containsExactly("ns/j-0@n1");
    }
}
