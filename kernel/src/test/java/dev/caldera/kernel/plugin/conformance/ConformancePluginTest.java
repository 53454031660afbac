package dev.caldera.kernel.plugin.conformance;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.Sessions;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ConformancePluginTest {
    private final PluginCluster cluster = new PluginCluster();

    @Test
    void criticalAndKubeSystemPodsAreNeverOfferedForPreemptOrReclaim() {
        cluster.upsertNode("n1", ResourceList.of("cpu", 8000L, "memory", 8L << 30, "pods", 110L),
                Map.of(), List.of(), false);
        cluster.openQueue("q", 1);
        running("team", "plain", false);
        running("team", "critical", true);
        running("kube-system", "dns", false);
        SessionView s = Sessions.open(cluster, PluginOption.of("conformance"));
        IntArrayList candidates = IntArrayList.of(row("team/plain"), row("team/critical"), row("kube-system/dns"));
        IntArrayList victims = new IntArrayList();
        s.plugins().preemptable(row("team/plain"), candidates, victims);
        assertThat(victims.toIntArray()).containsExactly(row("team/plain"));
        s.plugins().reclaimable(row("team/plain"), candidates, victims);
        assertThat(victims.toIntArray()).containsExactly(row("team/plain"));
    }

    /** Caldera's own argument: the namespaces whose pods are never victims replace Volcano's kube-system. */
    @Test
    void systemNamespacesComeFromTheArgument() {
        cluster.upsertNode("n1", ResourceList.of("cpu", 8000L, "memory", 8L << 30, "pods", 110L),
                Map.of(), List.of(), false);
        cluster.openQueue("q", 1);
        running("team", "plain", false);
        running("kube-system", "dns", false);
        running("infra", "agent", false);
        PluginOption conformance = new PluginOption("conformance", Map.of(),
                new Arguments("plugin 'conformance'", Map.of("systemNamespaces", List.of("infra", "nowhere"))));
        SessionView s = Sessions.open(cluster, conformance);
        IntArrayList candidates = IntArrayList.of(row("team/plain"), row("kube-system/dns"), row("infra/agent"));
        IntArrayList victims = new IntArrayList();
        s.plugins().preemptable(row("team/plain"), candidates, victims);
        assertThat(victims.toIntArray()).containsExactly(row("team/plain"), row("kube-system/dns"));
    }

    @Test
    void aSystemNamespacesArgumentThatIsNotAListOfNamesIsRefused() {
        var args = new Arguments("plugin 'conformance'", Map.of("systemNamespaces", List.of("infra", 3L)));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ConformancePlugin(args))
                .hasMessageContaining("'systemNamespaces'").hasMessageContaining("'3' is not a string");
    }

    private int row(String key) {
        return cluster.taskRow(key);
    }

    private void running(String ns, String name, boolean critical) {
        cluster.upsertJob(ns, name, "q", 1, Map.of(), null, null, "Running", 0);
        cluster.upsertTask(Pod.builder(ns, name).job(name).running("n1").critical(critical)
                .request(ResourceList.of("cpu", 100L)).build());
    }
}
