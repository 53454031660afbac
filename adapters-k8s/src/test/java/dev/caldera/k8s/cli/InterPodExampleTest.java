package dev.caldera.k8s.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

import static dev.caldera.k8s.testing.Resources.path;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code simulate/inter-pod.yaml} through {@code caldera simulate} with Volcano's default configuration: each
 * PodGroup lands where the inter-pod rules (Volcano's predicates plugin: kube-scheduler's InterPodAffinity and
 * PodTopologySpread filters) allow, the one that cannot be placed says why in Volcano's words, and the pod with
 * a PersistentVolumeClaim is reported as carrying a field Caldera does not model.
 */
class InterPodExampleTest {
    private static final Map<String, String> ZONE = Map.of("n1", "zone-a", "n2", "zone-a", "n3", "zone-b",
            "n4", "zone-b");
    private static CliRun run;
    private static JsonNode first;

    @BeforeAll
    static void simulate() throws IOException {
        run = CliRun.of("simulate", "--output", "json", path("simulate/inter-pod.yaml"));
        assertThat(run.status()).as(run.toString()).isZero();
        first = new ObjectMapper().readTree(run.out()).path("cycles").get(0);
    }

    private static Map<String, String> binds() {
        Map<String, String> out = new TreeMap<>();
        first.path("binds").forEach(b -> out.put(b.path("pod").asText(), b.path("node").asText()));
        return out;
    }

    @Test
    void webPodsGoToTheDatabaseZoneOnePerHost() {
        Map<String, String> binds = binds();
        assertThat(ZONE.get(binds.get("shop/web-0"))).isEqualTo("zone-b");
        assertThat(ZONE.get(binds.get("shop/web-1"))).isEqualTo("zone-b");
        assertThat(binds.get("shop/web-0")).isNotEqualTo(binds.get("shop/web-1"));
    }

    @Test
    void batchPodsSpreadTwoPerZone() {
        Map<String, Long> perZone = new TreeMap<>();
        binds().forEach((pod, node) -> {
            if (pod.startsWith("shop/batch-")) {
                perZone.merge(ZONE.get(node), 1L, Long::sum);
            }
        });
        assertThat(perZone).containsExactly(Map.entry("zone-a", 2L), Map.entry("zone-b", 2L));
    }

    @Test
    void antiAffinityOfTheIncomingAndOfAnExistingPodKeepsPodsOutOfAZone() {
        assertThat(ZONE.get(binds().get("shop/cache-0"))).as("cache refuses db's zone").isEqualTo("zone-a");
        assertThat(ZONE.get(binds().get("shop/noisy-0"))).as("quiet-0 refuses noisy pods").isEqualTo("zone-b");
    }

    @Test
    void aPodWhoseAffinityCannotBeMetStaysPendingSayingWhy() {
        assertThat(binds()).doesNotContainKey("shop/solo-0");
        JsonNode solo = null;
        for (JsonNode g : first.path("podGroups")) {
            if (g.path("name").asText().equals("shop/solo")) {
                solo = g;
            }
        }
        assertThat(solo).isNotNull();
        assertThat(solo.path("reason").asText()).endsWith(
                "0/4 nodes are available: 4 node(s) didn't match pod affinity rules.");
    }

    @Test
    void aFieldCalderaDoesNotModelIsReportedNotIgnored() {
        assertThat(binds()).containsKey("shop/store-0");
        assertThat(run.err()).contains("caldera: warning: spec.volumes[].persistentVolumeClaim is not modelled by"
                + " Caldera (volume binding, volume zones and volume limits are not checked); scheduled as if absent:"
                + " shop/store-0");
    }
}
