package dev.caldera.k8s.run.embedded;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The embedded API server's own answers: bindings written in one step, creates without HTTP, request counts. */
class EmbeddedApiDispatcherTest {
    @Test
    void aBindingSetsTheNodeAndANewVersionOnceAndWatchersSeeOneChange() {
        try (EmbeddedApiServer server = new EmbeddedApiServer().start(); KubernetesClient client = server.client()) {
            Pod created = client.resource(pod("p")).create();
            List<String> seen = new CopyOnWriteArrayList<>();
            SharedIndexInformer<Pod> informer = client.pods().inNamespace("ns").inform(new ResourceEventHandler<>() {
                @Override
                public void onAdd(Pod p) {
                    seen.add("ADDED " + p.getSpec().getNodeName());
                }

                @Override
                public void onUpdate(Pod old, Pod p) {
                    seen.add("MODIFIED " + p.getSpec().getNodeName());
                }

                @Override
                public void onDelete(Pod p, boolean unknown) {
                }
            });
            assertThat(bind(server, "p", "n1")).isEqualTo(201);
            assertThat(bind(server, "p", "n2")).as("a pod with a node is not bound again").isEqualTo(409);
            assertThat(bind(server, "gone", "n1")).isEqualTo(404);
            Pod bound = client.pods().inNamespace("ns").withName("p").get();
            assertThat(bound.getSpec().getNodeName()).isEqualTo("n1");
            assertThat(Long.parseLong(bound.getMetadata().getResourceVersion()))
                    .isGreaterThan(Long.parseLong(created.getMetadata().getResourceVersion()));
            assertThat(bound.getMetadata().getGeneration()).isEqualTo(created.getMetadata().getGeneration() + 1);
            assertThat(bound.getMetadata().getUid()).isEqualTo(created.getMetadata().getUid());
            // a starved machine may open the watch late: its replay of the listed pod may show as an update, never
            // as a second node or a second change for the bind
            await().atMost(java.time.Duration.ofMinutes(2)).until(() -> seen.contains("MODIFIED n1"));
            assertThat(seen.get(0)).isEqualTo("ADDED null");
            assertThat(seen).filteredOn(e -> e.endsWith("n1")).containsExactly("MODIFIED n1");
            assertThat(seen).allMatch(e -> e.endsWith("null") || e.endsWith("n1"));
            assertThat(server.dispatcher().bindings("ns/p")).isEqualTo(1);
            informer.close();
        }
    }

    @Test
    void aCreateWithoutHttpIsStoredAndCountedAsAPost() {
        try (EmbeddedApiServer server = new EmbeddedApiServer().start(); KubernetesClient client = server.client()) {
            int code = server.dispatcher().create("/api/v1/namespaces/ns/pods", Serialization.asJson(pod("q")));
            assertThat(code).isEqualTo(201);
            assertThat(client.pods().inNamespace("ns").withName("q").get().getMetadata().getUid()).isNotBlank();
            assertThat(server.dispatcher().create("/api/v1/namespaces/ns/pods", Serialization.asJson(pod("q"))))
                    .isEqualTo(409);
            assertThat(server.dispatcher().counts().snapshot()).containsEntry("POST pods", 2L)
                    .containsEntry("change ADDED pods", 1L).containsEntry("GET pods", 1L);
        }
    }

    @Test
    void requestsAreCountedByResourceAndSubresource() {
        assertThat(RequestCounts.resource("/api/v1/namespaces/ns/pods/p/binding")).isEqualTo("pods/binding");
        assertThat(RequestCounts.resource("/api/v1/namespaces/ns/pods/p/status?fieldManager=x")).isEqualTo("pods/status");
        assertThat(RequestCounts.resource("/api/v1/pods?watch=true&resourceVersion=5")).isEqualTo("pods");
        assertThat(RequestCounts.resource("/api/v1/nodes/n1")).isEqualTo("nodes");
        assertThat(RequestCounts.resource("/apis/scheduling.volcano.sh/v1beta1/namespaces/ns/podgroups/g"))
                .isEqualTo("podgroups");
        assertThat(RequestCounts.resource("/version")).isEqualTo("/version");
    }

    private static int bind(EmbeddedApiServer server, String pod, String node) {
        String binding = "{\"apiVersion\":\"v1\",\"kind\":\"Binding\",\"metadata\":{\"name\":\"" + pod
                + "\"},\"target\":{\"kind\":\"Node\",\"name\":\"" + node + "\"}}";
        return server.dispatcher().dispatch(new io.fabric8.mockwebserver.http.RecordedRequest("HTTP/1.1",
                io.fabric8.mockwebserver.dsl.HttpMethod.POST, "/api/v1/namespaces/ns/pods/" + pod + "/binding",
                io.fabric8.mockwebserver.http.Headers.builder().add("Content-Type", "application/json").build(),
                new io.fabric8.mockwebserver.http.Buffer(binding.getBytes(java.nio.charset.StandardCharsets.UTF_8))))
                .code();
    }

    private static Pod pod(String name) {
        return new PodBuilder().withNewMetadata().withName(name).withNamespace("ns").endMetadata().withNewSpec()
                .addNewContainer().withName("main").withImage("busybox").endContainer().endSpec().build();
    }
}
