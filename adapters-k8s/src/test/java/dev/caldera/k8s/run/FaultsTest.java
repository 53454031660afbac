package dev.caldera.k8s.run;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupBuilder;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.caldera.k8s.run.LiveCluster.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/** The API server misbehaving: unreachable at start, restarted mid-run, an expired watch, a malformed object. */
class FaultsTest {
    @Test
    void anApiServerRestartMidRunLeavesEveryPodBoundExactlyOnce() {
        try (LiveCluster c = new LiveCluster()) {
            for (int n = 0; n < 2; n++) {
                c.node("n" + n, 8);
            }
            List<String> pods = new ArrayList<>();
            for (int g = 0; g < 2; g++) {
                pods.addAll(c.gang("ml", "early-" + g, 4, 4, "1"));
            }
            LiveScheduler live = c.start(LiveCluster.fast());
            eventually("the early gangs bind", () -> c.allBound(pods));
            for (int g = 0; g < 2; g++) {
                pods.addAll(c.gang("ml", "late-" + g, 4, 4, "1"));
            }
            c.server.stop(); // binds of the late gangs are in flight or about to be
            eventually("the scheduler lost its watches", () -> !live.informers().synced());
            c.server.start();
            eventually("every pod bound after the restart", () -> c.allBound(pods));
            for (String p : pods) {
                assertThat(c.server.dispatcher().bindings(p)).as(p).isEqualTo(1);
            }
        }
    }

    @Test
    void anUnreachableApiServerAtStartIsNotReadyThenSchedulesOnceItAnswers() throws Exception {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            List<String> pods = c.gang("ml", "job", 2, 2, "1");
            c.server.stop();
            LiveScheduler live = c.start(LiveCluster.fast().withHttpPort(0));
            HttpResponse<String> notReady = get(live, "/readyz");
            assertThat(notReady.statusCode()).isEqualTo(503);
            assertThat(notReady.body()).contains("informers not synced");
            assertThat(live.cyclesRun()).isZero();
            c.server.start();
            eventually("the pods bind once the API server answers", () -> c.allBound(pods));
            assertThat(get(live, "/readyz").body()).isEqualTo("ok: leader\n");
        }
    }

    @Test
    void anExpiredWatchIsRelisted() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.server.faults().inject("WATCH", "^/api/v1/pods\\?", 410, 2);
            c.start(LiveCluster.fast());
            eventually("the watch was answered 410 twice", () -> c.server.faults().pending() == 0);
            List<String> pods = c.gang("ml", "after", 2, 2, "1");
            eventually("pods created after the relist bind", () -> c.allBound(pods));
        }
    }

    @Test
    void aMalformedPodGroupIsLoggedOnceAndSkippedWhileTheRestIsScheduled() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.client.resource(new PodGroupBuilder().withNewMetadata().withName("bad").withNamespace("ml").endMetadata()
                    .withNewSpec().withMinMember(-1).withQueue("default").endSpec().build()).create();
            c.pod("ml", "bad-0", "bad", "1");
            List<String> good = c.gang("ml", "good", 2, 2, "1");
            LiveScheduler live = c.start(LiveCluster.fast());
            eventually("the good gang binds", () -> c.allBound(good));
            c.client.resources(PodGroup.class).inNamespace("ml").withName("bad").edit(g -> {
                g.getMetadata().setLabels(Map.of("touched", "yes"));
                return g;
            });
            eventually("the changed bad PodGroup was seen", () -> live.malformed().skippedEvents() >= 2);
            assertThat(live.malformed().count()).isEqualTo(1);
            assertThat(live.malformed().logged()).isEqualTo(1);
            assertThat(c.nodeOf("ml/bad-0")).isNull();
        }
    }

    @Test
    void hyperNodesComeThroughTheirInformerAndAClusterWithoutTheCrdStillSchedules() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            var hyperNodes = c.client.genericKubernetesResources(dev.caldera.k8s.run.feed.Informers.HYPERNODES);
            hyperNodes.resource(hyperNode("rack-a", "tier: 1")).create();
            hyperNodes.resource(hyperNode("rack-b", "tierName: no-tier")).create(); // spec.tier missing
            List<String> pods = c.gang("ml", "job", 2, 2, "1");
            LiveScheduler live = c.start(LiveCluster.fast());
            eventually("the gang binds", () -> c.allBound(pods));
            assertThat(live.malformed().count()).as("rack-b refused, rack-a taken").isEqualTo(1);
        }
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.server.faults().inject("GET", "^/apis/topology.volcano.sh/v1alpha1/hypernodes", 404, 1);
            List<String> pods = c.gang("ml", "job", 2, 2, "1");
            c.start(LiveCluster.fast());
            eventually("no HyperNode CRD: scheduled all the same", () -> c.allBound(pods));
            assertThat(c.server.faults().pending()).as("the HyperNode list was answered 404").isZero();
        }
    }

    private static GenericKubernetesResource hyperNode(String name, String specLine) {
        String yaml = "apiVersion: topology.volcano.sh/v1alpha1\nkind: HyperNode\nmetadata: {name: " + name + "}\n"
                + "spec:\n  " + specLine + "\n  members:\n  - {type: Node, selector: {exactMatch: {name: n1}}}\n";
        return Serialization.unmarshal(yaml, GenericKubernetesResource.class);
    }

    /** The body of GET {@code path}; failures unchecked (for conditions). */
    static String body(LiveScheduler live, String path) {
        try {
            return get(live, path).body();
        } catch (Exception e) {
            throw new IllegalStateException("GET " + path, e);
        }
    }

    static HttpResponse<String> get(LiveScheduler live, String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + live.httpPort()
                + path)).timeout(LiveCluster.DEADLINE).build(), HttpResponse.BodyHandlers.ofString());
    }
}
