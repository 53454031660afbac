package dev.caldera.kernel.scheduler;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.Clusters.cpuMem;
import static dev.caldera.kernel.testing.Clusters.node;
import static dev.caldera.kernel.testing.Clusters.queue;
import static org.assertj.core.api.Assertions.assertThat;

/** Room held on a node for a nominated (preempting) pod is not taken by lower-priority pods. */
class NominatedPodsTest {
    private final ClusterCache cache = new ClusterCache();
    private final List<String> binds = new ArrayList<>();

    NominatedPodsTest() {
        node(cache, "n1", 4000, 8 * GI);
        queue(cache, "q", 1);
    }

    private void pending(String name, int priority, long cpuMilli, String nominated) {
        pending(name, priority, cpuMilli, nominated, 1);
    }

    /** A job with {@code minMember} above its one task is left out of the session (not valid for the gang). */
    private void pending(String name, int priority, long cpuMilli, String nominated, int minMember) {
        cache.upsertJob(new JobSpec("ns", name, "q", minMember, Map.of(), null, null, "Inqueue", 0));
        cache.upsertTask(TaskSpec.builder("ns", name).job(name).request(cpuMem(cpuMilli, GI)).priority(priority)
                .nominatedNodeName(nominated).build());
    }

    private void cycle(boolean incremental) {
        SchedulerConf conf = new SchedulerConf(List.of("allocate"),
                List.of(new Tier(List.of(PluginOption.of("priority"), PluginOption.of("gang")))), Map.of());
        Sinks sinks = new Sinks((uid, key, node) -> binds.add(key + "@" + node), (u, k, r) -> true, (j, p, r) -> { });
        try (Scheduler s = new Scheduler(cache, conf, PluginRegistry.defaults(),
                new SchedulerOptions(1, Integer.MAX_VALUE, incremental), sinks)) {
            s.runOnce();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aLowerPriorityPodCannotTakeTheRoomOfANominatedPod(boolean incremental) {
        pending("preemptor", 100, 3000, "n1", 2);
        pending("small", 10, 2000, null);
        cycle(incremental);
        assertThat(binds).as("3 of the node's 4 cpu are held for the nominated preemptor").isEmpty();
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theSamePodFitsOnceTheNominationIsGone(boolean incremental) {
        pending("preemptor", 100, 3000, null, 2);
        pending("small", 10, 2000, null);
        cycle(incremental);
        assertThat(binds).containsExactly("ns/small@n1");
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aHigherPriorityPodMayTakeTheRoomOfANominatedPod(boolean incremental) {
        pending("preemptor", 100, 3000, "n1", 2);
        pending("urgent", 1000, 2000, null);
        cycle(incremental);
        assertThat(binds).containsExactly("ns/urgent@n1");
    }

    @Test
    void aNominatedPodGoesToItsNominatedNodeWhenItFits() {
        node(cache, "n0", 8000, 8 * GI);
        pending("preemptor", 100, 3000, "n1");
        cycle(true);
        assertThat(binds).containsExactly("ns/preemptor@n1");
    }
}
