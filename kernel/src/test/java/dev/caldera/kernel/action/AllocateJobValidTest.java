package dev.caldera.kernel.action;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.JobValid;
import dev.caldera.kernel.framework.JobValidation;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.Clusters.cpuMem;
import static dev.caldera.kernel.testing.Clusters.gang;
import static dev.caldera.kernel.testing.Clusters.node;
import static dev.caldera.kernel.testing.Clusters.queue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The allocate action asks JobValid of the jobs it would take: one a plugin refuses is not placed, whether or not
 * the plugin promises to read the job's own rows alone (then the action asks only jobs with a pending task), and
 * one with nothing pending is not asked by the action at all under that promise.
 */
class AllocateJobValidTest {
    /** Refuses job ns/vetoed; counts the jobs it was asked about, by key. */
    private static final class Veto implements Plugin {
        final boolean alone;
        final List<String> asked = new ArrayList<>();
        SessionView session;

        Veto(boolean alone) {
            this.alone = alone;
        }

        @Override
        public String name() {
            return "veto";
        }

        @Override
        public void open(SessionView s) {
            session = s;
        }

        @Override
        public void register(Extensions ext) {
            ext.jobValid(new JobValid() {
                @Override
                public JobValidation validate(int job) {
                    String key = session.jobs().key(job);
                    asked.add(key);
                    return key.equals("ns/vetoed") ? new JobValidation("Vetoed", "the test says no") : null;
                }

                @Override
                public boolean readsJobAlone() {
                    return alone;
                }
            });
        }
    }

    private static List<String> run(ClusterCache cache, Veto veto) {
        SchedulerConf conf = new SchedulerConf(List.of("allocate"), List.of(new Tier(List.of(PluginOption.of("priority"),
                PluginOption.of("gang"), PluginOption.of("veto")))), Map.of());
        List<String> binds = new ArrayList<>();
        Sinks sinks = new Sinks((uid, key, node) -> binds.add(key), (u, k, r) -> true, (j, p, r) -> { });
        try (Scheduler s = new Scheduler(cache, conf, PluginRegistry.defaults().register("veto", o -> veto),
                SchedulerOptions.DEFAULT, sinks)) {
            veto.asked.clear();
            s.runOnce();
        }
        return binds;
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aJobThePluginRefusesIsNotPlacedThoughItFits(boolean alone) {
        ClusterCache cache = new ClusterCache();
        node(cache, "n1", 8000, 16 * GI);
        queue(cache, "default", 1);
        gang(cache, "ns", "vetoed", "default", 1, 1, cpuMem(1000, GI), "Inqueue");
        gang(cache, "ns", "fine", "default", 1, 1, cpuMem(1000, GI), "Inqueue");

        assertThat(run(cache, new Veto(alone))).containsExactly("ns/fine-task-0");
    }

    @Test
    void underThePromiseTheActionAsksNoJobWithNothingPending() {
        ClusterCache cache = new ClusterCache();
        node(cache, "n1", 8000, 16 * GI);
        queue(cache, "default", 1);
        gang(cache, "ns", "waiting", "default", 1, 1, cpuMem(1000, GI), "Inqueue");
        cache.upsertJob(new JobSpec("ns", "running", "default", 1, Map.of(), null, null, "Running", 0));
        cache.upsertTask(TaskSpec.builder("ns", "running-task-0").job("running").request(cpuMem(1000, GI))
                .running("n1").build());
        Veto veto = new Veto(true);

        assertThat(run(cache, veto)).containsExactly("ns/waiting-task-0");
        // the session's open asks every job once (a whole open); the action asks only the job with a pending task
        assertThat(veto.asked).containsExactlyInAnyOrder("ns/waiting", "ns/running", "ns/waiting");
    }
}
