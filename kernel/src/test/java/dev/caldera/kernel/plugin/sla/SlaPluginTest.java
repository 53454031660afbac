package dev.caldera.kernel.plugin.sla;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.PluginRun;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.testing.ConfWarnings;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.resource.ResourceList;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.Clusters.cpuMem;
import static dev.caldera.kernel.testing.Clusters.node;
import static dev.caldera.kernel.testing.Clusters.queue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SlaPluginTest {
    private static final long MINUTE = 60_000;

    @Test
    void goDurationsParseAsVolcanoReadsThem() {
        assertThat(GoDuration.parseMs("3m")).isEqualTo(3 * MINUTE);
        assertThat(GoDuration.parseMs("1h30m")).isEqualTo(90 * MINUTE);
        assertThat(GoDuration.parseMs("2.5s")).isEqualTo(2500);
        assertThat(GoDuration.parseMs("150ms")).isEqualTo(150);
        assertThatThrownBy(() -> GoDuration.parseMs("3 minutes")).hasMessageContaining("unknown unit");
    }

    /** Volcano: plugins/sla/sla.go OnSessionOpen logs a bad global waiting time and runs without one. */
    @Test
    void aBadWaitingTimeArgumentLeavesNoLimitWithAWarning() {
        ConfWarnings warnings = new ConfWarnings();
        for (Object bad : new Object[] {"soon", "-5m", "0s", 10L, "9999999999h"}) {
            assertThat(SlaPlugin.fromArguments(warnings.arguments("plugin 'sla'", "sla-waiting-time", bad)))
                    .extracting("defaultWaitingMs").isEqualTo(-1L);
        }
        assertThat(warnings.lines).hasSize(5).allSatisfy(w -> assertThat(w)
                .startsWith("plugin 'sla': argument 'sla-waiting-time': "));
        assertThat(warnings.lines.get(0)).isEqualTo("plugin 'sla': argument 'sla-waiting-time': 'soon' is not a"
                + " duration such as 3m, 1h30m or 90s; no cluster-wide waiting time, as in Volcano");
        assertThat(warnings.lines.get(4)).contains("beyond Go's duration range");
    }

    /** The overcommit plugin rejects a job too big for the cluster; sla permits it once its waiting time is over. */
    @Test
    void aJobPastItsWaitingTimeIsEnqueuedEvenWhenOthersWouldRejectIt() {
        assertThat(phaseAfterEnqueue(10 * MINUTE)).isEqualTo(JobPhase.INQUEUE);
        assertThat(phaseAfterEnqueue(MINUTE)).isEqualTo(JobPhase.PENDING);
    }

    private static byte phaseAfterEnqueue(long nowMs) {
        PluginCluster cluster = new PluginCluster();
        node(cluster, "n1", 1000, GI);
        queue(cluster, "q", 1);
        cluster.upsertJob("ns", "big", "q", 1, Map.of(), null, ResourceList.of("cpu", 100_000L), "Pending",
                0);
        cluster.upsertTask(Pod.builder("ns", "big-0").job("big").request(cpuMem(100_000, GI)).build());
        try (PluginRun s = cluster.scheduler(List.of("enqueue"), List.of(List.of(
                new PluginOption("sla", Map.of(), new Arguments("sla", Map.of("sla-waiting-time", "5m")))),
                List.of(PluginOption.of("overcommit"))))) {
            s.clock(() -> nowMs);
            s.runOnce();
        }
        return cluster.phase(cluster.jobRow("ns/big"));
    }
}
