package dev.caldera.k8s.run;

import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupBuilder;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static dev.caldera.k8s.run.LiveCluster.await;
import static org.assertj.core.api.Assertions.assertThat;

/** The API server misbehaving: unreachable at start, restarted mid-run, an expired watch, a malformed object. */
class FaultsTest {
    @Test
    void anApiServerRestartMidRunLeavesEveryPodBoundExactlyOnce() {
        try (LiveCluster c = new LiveCluster()) {
            for (int n = 0; n < 4; n++) {
                c.node("n" + n, 8);
            }
            List<String> pods = new ArrayList<>();
            for (int g = 0; g < 4; g++) {
                pods.addAll(c.gang("ml", "early-" + g, 4, 4, "1"));
            }
            c.start(LiveCluster.fast());
            assertThat(await(() -> c.allBound(pods), 15_000)).isTrue();
            for (int g = 0; g < 4; g++) {
                pods.addAll(c.gang("ml", "late-" + g, 4, 4, "1"));
            }
            c.server.stop(); // binds of the late gangs are in flight or about to be
            LiveCluster.sleep(1_500);
            c.server.start();
            assertThat(await(() -> c.allBound(pods), 30_000)).as("every pod bound after the restart").isTrue();
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
            LiveCluster.sleep(1_000);
            assertThat(get(live, "/readyz").statusCode()).isEqualTo(503);
            assertThat(get(live, "/readyz").body()).contains("informers not synced");
            c.server.start();
            assertThat(await(() -> c.allBound(pods), 30_000)).isTrue();
            assertThat(get(live, "/readyz").body()).isEqualTo("ok: leader\n");
        }
    }

    @Test
    void anExpiredWatchIsRelisted() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.server.faults().inject("WATCH", "^/api/v1/pods\\?", 410, 2);
            c.start(LiveCluster.fast());
            assertThat(await(() -> c.server.faults().pending() == 0, 15_000)).as("the watch was answered 410").isTrue();
            List<String> pods = c.gang("ml", "after", 2, 2, "1");
            assertThat(await(() -> c.allBound(pods), 20_000)).isTrue();
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
            assertThat(await(() -> c.allBound(good), 10_000)).isTrue();
            c.client.resources(io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup.class).inNamespace("ml")
                    .withName("bad").edit(g -> {
                        g.getMetadata().setLabels(java.util.Map.of("touched", "yes"));
                        return g;
                    });
            assertThat(await(() -> live.malformed().skippedEvents() >= 2, 10_000)).isTrue();
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
            assertThat(await(() -> c.allBound(pods), 10_000)).isTrue();
            assertThat(live.malformed().count()).as("rack-b refused, rack-a taken").isEqualTo(1);
        }
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.server.faults().inject("GET", "^/apis/topology.volcano.sh/v1alpha1/hypernodes", 404, 1);
            List<String> pods = c.gang("ml", "job", 2, 2, "1");
            c.start(LiveCluster.fast());
            assertThat(await(() -> c.allBound(pods), 10_000)).as("no HyperNode CRD: scheduled all the same").isTrue();
            assertThat(c.server.faults().pending()).as("the HyperNode list was answered 404").isZero();
        }
    }

    private static io.fabric8.kubernetes.api.model.GenericKubernetesResource hyperNode(String name, String specLine) {
        String yaml = "apiVersion: topology.volcano.sh/v1alpha1\nkind: HyperNode\nmetadata: {name: " + name + "}\n"
                + "spec:\n  " + specLine + "\n  members:\n  - {type: Node, selector: {exactMatch: {name: n1}}}\n";
        return io.fabric8.kubernetes.client.utils.Serialization.unmarshal(yaml,
                io.fabric8.kubernetes.api.model.GenericKubernetesResource.class);
    }

    static HttpResponse<String> get(LiveScheduler live, String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + live.httpPort()
                + path)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
