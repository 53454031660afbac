package dev.caldera.kernel.scheduler;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.ConfException;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.plugin.priority.PriorityPlugin;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.Clusters.cpuMem;
import static dev.caldera.kernel.testing.Clusters.gang;
import static dev.caldera.kernel.testing.Clusters.node;
import static dev.caldera.kernel.testing.Clusters.queue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SchedulerTest {
    private static SchedulerConf conf(String... actions) {
        return new SchedulerConf(List.of(actions),
                List.of(new Tier(List.of(PluginOption.of("priority"), PluginOption.of("gang")))), Map.of());
    }

    @Test
    void aGangThatFitsIsBoundWhole() {
        ClusterCache cache = new ClusterCache();
        node(cache, "n1", 4000, 8 * GI);
        node(cache, "n2", 4000, 8 * GI);
        queue(cache, "default", 1);
        gang(cache, "ns", "job", "default", 3, 3, cpuMem(2000, GI), "Inqueue");
        List<String> binds = new ArrayList<>();
        Sinks sinks = new Sinks((uid, key, node) -> binds.add(key + "@" + node), (u, k, r) -> true, (j, p, r) -> { });
        try (Scheduler s = new Scheduler(cache, conf("allocate"), PluginRegistry.defaults(), SchedulerOptions.DEFAULT,
                sinks)) {
            s.runOnce();
            assertThat(binds).hasSize(3);
            int job = cache.jobRow("ns/job");
            assertThat(cache.jobState().phase(job)).as("Binding pods are not scheduled yet").isEqualTo(JobPhase.INQUEUE);
            assertThat(cache.taskState().status(cache.taskRow("ns/job-task-0"))).isEqualTo(TaskStatus.BINDING);
        }
    }

    @Test
    void aGangThatCannotFitBindsNothingAndSaysWhy() {
        ClusterCache cache = new ClusterCache();
        node(cache, "n1", 4000, 8 * GI);
        queue(cache, "default", 1);
        gang(cache, "ns", "job", "default", 3, 3, cpuMem(2000, GI), "Inqueue");
        List<String> binds = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        Sinks sinks = new Sinks((uid, key, node) -> binds.add(key), (u, k, r) -> true,
                (j, p, r) -> reasons.add(j + " " + p + " " + r));
        try (Scheduler s = new Scheduler(cache, conf("allocate"), PluginRegistry.defaults(), SchedulerOptions.DEFAULT,
                sinks)) {
            s.runOnce();
            assertThat(binds).isEmpty();
            assertThat(reasons).containsExactly(
                    "ns/job Inqueue 3/3 tasks in gang unschedulable: 0/1 nodes are available: 1 Insufficient cpu.");
        }
    }

    @Test
    void withoutCycleDetailACycleMeasuresOnlyItsDurationAndDecidesTheSame() {
        List<String> detailed = new ArrayList<>();
        List<String> lean = new ArrayList<>();
        CycleStats full = bindAGang(SchedulerOptions.DEFAULT, detailed);
        assertThat(full.actionNs(0)).isPositive();
        long pluginsNs = 0;
        for (int i = 0; i < full.pluginCount(); i++) {
            pluginsNs += full.pluginOpenNs(i) + full.pluginCloseNs(i);
        }
        assertThat(pluginsNs).isPositive();
        assertThat(full.pendingTasks()).isEqualTo(3);
        CycleStats stats = bindAGang(SchedulerOptions.DEFAULT.withoutCycleDetail(), lean);
        assertThat(lean).isEqualTo(detailed).hasSize(3);
        assertThat(stats.cycle()).isEqualTo(1);
        assertThat(stats.cycleNs()).isPositive();
        assertThat(stats.openNs() + stats.actionNs(0) + stats.pendingTasks() + stats.placed())
                .isZero();
        for (int i = 0; i < stats.pluginCount(); i++) {
            assertThat(stats.pluginOpenNs(i) + stats.pluginCloseNs(i)).isZero();
        }
    }

    /** Runs one cycle binding a gang of 3, the binds into {@code binds}; answers its stats. */
    private static CycleStats bindAGang(SchedulerOptions options, List<String> binds) {
        ClusterCache cache = new ClusterCache();
        node(cache, "n1", 4000, 8 * GI);
        node(cache, "n2", 4000, 8 * GI);
        queue(cache, "default", 1);
        gang(cache, "ns", "job", "default", 3, 3, cpuMem(2000, GI), "Inqueue");
        Sinks sinks = new Sinks((uid, key, node) -> binds.add(key + "@" + node), (u, k, r) -> true, Sinks.NONE.status());
        try (Scheduler s = new Scheduler(cache, conf("allocate"), PluginRegistry.defaults(), options, sinks)) {
            CycleStats stats = s.runOnce();
            assertThat(s.metrics().cycles().getTotalCount()).isEqualTo(options.cycleDetail() ? 1 : 0);
            return stats;
        }
    }

    /** Volcano: pkg/scheduler/util.go UnmarshalSchedulerConf refuses an unknown action ("failed to find Action"). */
    @Test
    void unknownActionsAreAllRefusedBeforeAnythingIsBuilt() {
        SchedulerConf conf = new SchedulerConf(List.of("allocate", "elect", "vote"),
                List.of(new Tier(List.of(PluginOption.of("gang")))), Map.of());
        assertThatThrownBy(() -> new Scheduler(new ClusterCache(), conf, PluginRegistry.defaults(),
                SchedulerOptions.DEFAULT, Sinks.NONE))
                .isInstanceOf(ConfException.class)
                .hasMessageContaining("unknown action 'elect'")
                .hasMessageContaining("unknown action 'vote'")
                .hasMessageContaining("actions: enqueue, allocate, backfill, preempt, reclaim");
    }

    /** Volcano: framework/framework.go OpenSession logs "Failed to get plugin" and goes on without it. */
    @Test
    void anUnknownPluginIsSkippedAndTheRestRuns() {
        SchedulerConf conf = new SchedulerConf(List.of("enqueue", "allocate"),
                List.of(new Tier(List.of(PluginOption.of("gang"), PluginOption.of("no-such-plugin"))),
                        new Tier(List.of(PluginOption.of("predicates"), PluginOption.of("proportion")))), Map.of());
        ClusterCache cache = new ClusterCache();
        node(cache, "n1", 4000, 8 * GI);
        queue(cache, "default", 1);
        gang(cache, "ns", "job", "default", 2, 2, cpuMem(1000, GI), "Pending");
        try (Scheduler s = new Scheduler(cache, conf, PluginRegistry.defaults(), SchedulerOptions.DEFAULT,
                Sinks.NONE)) {
            assertThat(s.runOnce().placed()).isEqualTo(2);
        }
    }

    @Test
    void aPluginFactoryThatCannotListItsNamesHasOnlyTheActionsChecked() {
        SchedulerConf conf = new SchedulerConf(List.of("allocate"),
                List.of(new Tier(List.of(PluginOption.of("anything")))), Map.of());
        try (Scheduler s = new Scheduler(new ClusterCache(), conf, option -> new PriorityPlugin(),
                SchedulerOptions.DEFAULT, Sinks.NONE)) {
            assertThat(s.runOnce().placed()).isZero();
        }
    }
}
