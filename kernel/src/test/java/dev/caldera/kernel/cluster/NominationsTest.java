package dev.caldera.kernel.cluster;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.TaskSpec;
import org.junit.jupiter.api.Test;

import static dev.caldera.kernel.testing.Clusters.GI;
import static dev.caldera.kernel.testing.Clusters.cpuMem;
import static dev.caldera.kernel.testing.Clusters.node;
import static org.assertj.core.api.Assertions.assertThat;

/** The nominator's rules (seed 004) as the cache applies them to pod updates. */
class NominationsTest {
    private final ClusterCache cache = new ClusterCache();

    NominationsTest() {
        node(cache, "n1", 4000, 8 * GI);
        node(cache, "n2", 4000, 8 * GI);
    }

    private void pod(String nominated) {
        cache.upsertTask(TaskSpec.builder("ns", "p").job("j").request(cpuMem(1000, GI))
                .nominatedNodeName(nominated).build());
        cache.applyChanges();
    }

    private int nominatedTo() {
        return cache.nominations().nodeOf(cache.taskRow("ns/p"));
    }

    private int row(String node) {
        return cache.nodeRow(node);
    }

    @Test
    void aPodCarryingANominatedNodeIsIndexedUnderThatNode() {
        pod("n1");
        assertThat(nominatedTo()).isEqualTo(row("n1"));
        assertThat(cache.nominations().first(row("n1"))).isEqualTo(cache.taskRow("ns/p"));
        assertThat(cache.nominations().any(row("n2"))).isFalse();
    }

    @Test
    void anUpdateWhereNeitherPodCarriesANominationKeepsTheRecordedOne() {
        pod(null);
        cache.nominate(cache.taskRow("ns/p"), row("n2"));
        pod(null);
        assertThat(nominatedTo()).isEqualTo(row("n2"));
    }

    @Test
    void anUpdateTakesTheNewPodsNominationOverTheRecordedOne() {
        pod("n1");
        pod("n2");
        assertThat(nominatedTo()).isEqualTo(row("n2"));
        assertThat(cache.nominations().any(row("n1"))).isFalse();
    }

    @Test
    void anUpdateThatClearsTheFieldDropsTheNomination() {
        pod("n1");
        pod(null);
        assertThat(nominatedTo()).isEqualTo(-1);
        assertThat(cache.nominations().any(row("n1"))).isFalse();
    }

    @Test
    void theNominationIsDroppedOnceThePodBindsAnywhere() {
        pod("n1");
        cache.markBinding(cache.taskRow("ns/p"), row("n2"));
        assertThat(nominatedTo()).isEqualTo(-1);
        assertThat(cache.nominations().any(row("n1"))).isFalse();
    }

    @Test
    void deletingThePodRemovesBothIndexEntries() {
        pod("n1");
        cache.removeTask("ns/p");
        cache.applyChanges();
        assertThat(cache.nominations().any(row("n1"))).isFalse();
    }

    @Test
    void removingTheNodeDropsItsNominations() {
        pod("n1");
        int task = cache.taskRow("ns/p");
        cache.removeNode("n1");
        cache.applyChanges();
        assertThat(cache.nominations().nodeOf(task)).isEqualTo(-1);
    }
}
