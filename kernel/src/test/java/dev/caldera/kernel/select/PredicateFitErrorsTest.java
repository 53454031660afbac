package dev.caldera.kernel.select;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.PluginSessions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.PluginSessions.node;
import static dev.caldera.kernel.testing.PluginSessions.pending;
import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static dev.caldera.kernel.testing.PluginSessions.task;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The selector's fit errors over the real predicates plugin, in Kubernetes wording (moved from
 * PredicatesPluginTest: what it checks is the selector's count of the predicates' reasons, which a plugin test
 * may not reach, {@code KernelLayersTest.pluginTestsSeeTheFrameworkAlone}).
 */
class PredicateFitErrorsTest {
    private static final ResourceList SMALL = ResourceList.of("cpu", 100L, "memory", GI / 4);
    private static final ResourceList NODE = ResourceList.of("cpu", 8000L, "memory", 16 * GI, "pods", 110L);

    private final ClusterCache cache = PluginSessions.cache();

    @Test
    void theSelectorReportsKubernetesWording() {
        node(cache, "n1", NODE, Map.of(), List.of(new Taint("x", "", TaintEffect.NO_SCHEDULE)), false);
        node(cache, "n2", NODE, Map.of(), List.of(), false);
        pending(cache, "p", SMALL, new PlacementSpec(Map.of("disk", "ssd"), List.of(), List.of(), List.of(), List.of()));
        Session s = PluginSessions.open(cache, plugin("predicates"));
        ScanSelector selector = new ScanSelector(s);

        assertThat(selector.select(task(cache, "p"))).isEqualTo(-1);
        assertThat(selector.errors().message(s.dims())).isEqualTo(
                "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector.");
    }
}
