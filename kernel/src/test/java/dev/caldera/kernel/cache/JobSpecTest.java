package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.CacheImage;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A PodGroup's spec refuses what it cannot be, naming the object and the field; its key is namespace/name. */
class JobSpecTest {
    private static JobSpec job(String namespace, String queue, int minMember, Map<String, Integer> roles,
                               ResourceList minResources) {
        return new JobSpec(namespace, "g", queue, minMember, roles, null, minResources, null, 0);
    }

    @Test
    void eachRefusalNamesThePodGroupAndTheField() {
        assertThatThrownBy(() -> job("", "q", 1, null, null)).hasMessage("PodGroup /g: metadata.namespace is required");
        assertThatThrownBy(() -> job("ns", null, 1, null, null)).hasMessage("PodGroup ns/g: spec.queue is required");
        assertThatThrownBy(() -> job("ns", "q", -1, null, null))
                .hasMessage("PodGroup ns/g: spec.minMember must be at least 0, got -1");
        assertThatThrownBy(() -> job("ns", "q", 1, Map.of("worker", -2), null))
                .hasMessage("PodGroup ns/g: spec.minTaskMember.worker must be at least 0, got -2");
        assertThatThrownBy(() -> job("ns", "q", 1, null, ResourceList.of("cpu", -5L)))
                .hasMessage("PodGroup ns/g: spec.minResources.cpu is negative (-5)");
    }

    @Test
    void rolesAreCheckedInNameOrderBeforeMinResources() {
        Map<String, Integer> roles = new LinkedHashMap<>();
        roles.put("ps", -1);
        roles.put("chief", -3);
        assertThatThrownBy(() -> job("ns", "q", 1, roles, ResourceList.of("cpu", -5L)))
                .hasMessage("PodGroup ns/g: spec.minTaskMember.chief must be at least 0, got -3");
    }

    @Test
    void aValidSpecKeepsItsRolesAndLimits() {
        JobSpec spec = job("ns", "q", 2, Map.of("worker", 1), ResourceList.of("cpu", 5L));
        assertThat(spec.minTaskMember()).isEqualTo(Map.of("worker", 1));
        assertThat(job("ns", "q", 2, null, null).minTaskMember()).isEmpty();
    }

    @Test
    void itsKeyIsNamespaceSlashNameAndNothingElse() {
        JobSpec spec = new JobSpec("ns", "team/g", "q", 1, null, null, null, null, 0);
        assertThat(spec.key()).isEqualTo("ns/team/g");
        assertThat(spec.hasKey("ns/team/g")).isTrue();
        assertThat(spec.hasKey(new String("ns/team/g"))).isTrue();
        for (String other : new String[] {"ns/team/h", "nt/team/g", "ns.team/g", "ns/team/g2", "ns/team", null}) {
            assertThat(spec.hasKey(other)).as(String.valueOf(other)).isFalse();
        }
    }

    @Test
    void aChangeRefusesAKeyThatIsNotItsSpecs() {
        JobSpec spec = job("ns", "q", 1, null, null);
        assertThat(new ClusterChange.UpsertJob(spec).key()).isEqualTo("ns/g");
        assertThat(new ClusterChange.UpsertJob(spec, "ns/g").key()).isEqualTo("ns/g");
        assertThatThrownBy(() -> new ClusterChange.UpsertJob(spec, "ns/h"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the key of PodGroup ns/g is not ns/h");
    }

    @Test
    void aJobWrittenWithItsKeyJoinedIsTheJobWrittenWithout() {
        ClusterCache joined = new ClusterCache();
        ClusterCache given = new ClusterCache();
        JobSpec spec = job("ns", "q", 3, Map.of("worker", 2), ResourceList.of("cpu", 500L));
        joined.upsertJob(spec);
        given.upsertJob(spec, spec.key());
        joined.applyChanges();
        given.applyChanges();
        assertThat(given.jobRow("ns/g")).isEqualTo(joined.jobRow("ns/g")).isNotNegative();
        assertThat(CacheImage.of(given)).isEqualTo(CacheImage.of(joined));
    }
}
