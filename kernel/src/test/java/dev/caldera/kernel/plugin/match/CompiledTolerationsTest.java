package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.PluginCluster;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.kernel.placement.TaintEffect.NO_EXECUTE;
import static dev.caldera.kernel.placement.TaintEffect.NO_SCHEDULE;
import static dev.caldera.kernel.placement.TaintEffect.PREFER_NO_SCHEDULE;
import static org.assertj.core.api.Assertions.assertThat;

class CompiledTolerationsTest {
    private final PluginCluster cluster = new PluginCluster();
    private final NodeTaints taints = new NodeTaints();

    private int nodeWith(String name, Taint... t) {
        int row = cluster.node(name, ResourceList.of("cpu", 1000L), Map.of(), List.of(t), false);
        taints.refresh(cluster.nodes(), cluster.names());
        return row;
    }

    private CompiledTolerations tolerations(Toleration... t) {
        return CompiledTolerations.compile(List.of(t), cluster.names());
    }

    private static Taint taint(String key, String value, TaintEffect effect) {
        return new Taint(key, value, effect);
    }

    @Test
    void noScheduleAndNoExecuteTaintsMustBeTolerated() {
        int node = nodeWith("n1", taint("dedicated", "gpu", NO_SCHEDULE));
        int evicting = nodeWith("n2", taint("maintenance", "", NO_EXECUTE));
        assertThat(CompiledTolerations.NONE.hasUntoleratedHardTaint(taints, node)).isTrue();
        assertThat(CompiledTolerations.NONE.hasUntoleratedHardTaint(taints, evicting)).isTrue();
        assertThat(tolerations(new Toleration("dedicated", false, "gpu", NO_SCHEDULE))
                .hasUntoleratedHardTaint(taints, node)).isFalse();
    }

    @Test
    void preferNoScheduleNeverFilters() {
        int node = nodeWith("n1", taint("spot", "true", PREFER_NO_SCHEDULE));
        assertThat(CompiledTolerations.NONE.hasUntoleratedHardTaint(taints, node)).isFalse();
        assertThat(CompiledTolerations.NONE.untoleratedPreferNoSchedule(taints, node)).isEqualTo(1);
    }

    @Test
    void equalNeedsTheSameValueAndExistsAnyValue() {
        int node = nodeWith("n1", taint("dedicated", "gpu", NO_SCHEDULE));
        assertThat(tolerations(new Toleration("dedicated", false, "cpu", null)).hasUntoleratedHardTaint(taints, node))
                .isTrue();
        assertThat(tolerations(new Toleration("dedicated", true, "", null)).hasUntoleratedHardTaint(taints, node))
                .isFalse();
    }

    @Test
    void theEffectMustMatchUnlessTheTolerationNamesNone() {
        int node = nodeWith("n1", taint("dedicated", "gpu", NO_SCHEDULE));
        assertThat(tolerations(new Toleration("dedicated", true, "", NO_EXECUTE)).hasUntoleratedHardTaint(taints, node))
                .isTrue();
        assertThat(tolerations(new Toleration("dedicated", true, "", null)).hasUntoleratedHardTaint(taints, node))
                .isFalse();
    }

    @Test
    void anEmptyKeyWithExistsToleratesEverything() {
        int node = nodeWith("n1", taint("a", "1", NO_SCHEDULE), taint("b", "2", NO_EXECUTE),
                taint("c", "3", PREFER_NO_SCHEDULE));
        CompiledTolerations all = tolerations(new Toleration("", true, "", null));
        assertThat(all.hasUntoleratedHardTaint(taints, node)).isFalse();
        assertThat(all.untoleratedPreferNoSchedule(taints, node)).isZero();
    }

    @Test
    void countsOnlyTheUntoleratedPreferNoScheduleTaints() {
        int node = nodeWith("n1", taint("a", "1", PREFER_NO_SCHEDULE), taint("b", "2", PREFER_NO_SCHEDULE),
                taint("c", "3", NO_SCHEDULE));
        assertThat(tolerations(new Toleration("a", false, "1", PREFER_NO_SCHEDULE))
                .untoleratedPreferNoSchedule(taints, node)).isEqualTo(1);
        assertThat(tolerations(new Toleration("a", false, "1", NO_SCHEDULE))
                .untoleratedPreferNoSchedule(taints, node)).as("a NoSchedule toleration does not count").isEqualTo(2);
    }

    @Test
    void aNodeIsRecompiledWhenItsTaintsChange() {
        int node = nodeWith("n1", taint("a", "1", NO_SCHEDULE));
        assertThat(taints.count(node)).isEqualTo(1);
        nodeWith("n1");
        assertThat(taints.count(node)).isZero();
    }
}
