package dev.caldera.k8s.run.status;

import dev.caldera.k8s.run.bind.ApiCalls;
import dev.caldera.k8s.run.embedded.EmbeddedApiServer;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupBuilder;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupCondition;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The status writer against the embedded API server: it writes only the fields it owns. A PodGroup keeps the
 * conditions of other types (Volcano's {@code Session.UpdatePodGroupCondition} replaces by type and appends), a
 * pending pod keeps the kubelet's conditions (strategic merge patch by type, as kube-scheduler's
 * {@code updatePod}), a PodGroup changed after the informer's copy is written again from the newer copy.
 */
class StatusWriterTest {
    private final EmbeddedApiServer server = new EmbeddedApiServer().start();
    private final KubernetesClient client = server.client();
    private final ApiCalls api = new ApiCalls(client, 60_000);
    private StatusWriter writer;

    @AfterEach
    void close() {
        if (writer != null) {
            writer.close();
        }
        api.close();
        client.close();
        server.close();
    }

    @Test
    void aPodGroupKeepsTheConditionsItDoesNotOwn() {
        client.resource(new PodGroupBuilder().withNewMetadata().withName("pg").withNamespace("ml").endMetadata()
                .withNewSpec().withMinMember(2).endSpec().withNewStatus().withPhase("Inqueue")
                .addNewCondition().withType("example.com/Admitted").withStatus("True").endCondition()
                .endStatus().build()).create();
        writer = writer(this::podGroup);
        writer.podGroup("ml/pg", "Inqueue", "2/2 tasks in gang unschedulable", 0, 0, 0);
        writer.flush();
        eventually("the Unschedulable condition is written", () -> types(podGroup("ml/pg")).contains("Unschedulable"));
        assertThat(types(podGroup("ml/pg"))).containsExactly("example.com/Admitted", "Unschedulable");
        writer.podGroup("ml/pg", "Running", null, 2, 0, 0);
        writer.flush();
        eventually("Running is written", () -> "Running".equals(podGroup("ml/pg").getStatus().getPhase()));
        PodGroup g = podGroup("ml/pg");
        assertThat(types(g)).containsExactly("example.com/Admitted", "Unschedulable", "Scheduled");
        assertThat(g.getStatus().getRunning()).isEqualTo(2);
        assertThat(g.getSpec().getMinMember()).as("the spec is not the writer's").isEqualTo(2);
    }

    @Test
    void aPodGroupChangedAfterTheInformersCopyIsWrittenAgainFromTheNewerCopy() {
        client.resource(new PodGroupBuilder().withNewMetadata().withName("pg").withNamespace("ml").endMetadata()
                .withNewSpec().withMinMember(1).endSpec().build()).create();
        PodGroup stale = podGroup("ml/pg");
        client.resources(PodGroup.class).inNamespace("ml").withName("pg").edit(g -> {
            g.setStatus(new io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupStatusBuilder()
                    .addNewCondition().withType("example.com/Late").withStatus("True").endCondition().build());
            return g;
        });
        AtomicInteger lookups = new AtomicInteger();
        writer = writer(key -> lookups.getAndIncrement() == 0 ? stale : podGroup(key)); // the informer lags once
        writer.podGroup("ml/pg", "Pending", "not enough", 0, 0, 0);
        writer.flush();
        eventually("written from the newer copy", () -> types(podGroup("ml/pg")).contains("Unschedulable"));
        assertThat(types(podGroup("ml/pg"))).containsExactly("example.com/Late", "Unschedulable");
        // the writer counts a write once the API server has answered it, a moment after the object changed
        eventually("both writes counted", () -> writer.writes() >= 2);
        assertThat(writer.writes()).as("one 409, then the write").isEqualTo(2);
    }

    @Test
    void aPendingPodKeepsTheKubeletsConditionsAndItsTransitionTime() {
        client.resource(new PodBuilder().withNewMetadata().withName("p").withNamespace("ml").withUid("u1").endMetadata()
                .withNewSpec().addNewContainer().withName("main").withImage("busybox").endContainer().endSpec()
                .withNewStatus().withPhase("Pending")
                .addNewCondition().withType("Initialized").withStatus("True").endCondition()
                .addNewCondition().withType("Ready").withStatus("False").endCondition()
                .endStatus().build()).create();
        writer = writer(this::podGroup);
        writer.podUnschedulable("ml/p", "u1", "0/3 nodes are available: 3 Insufficient cpu.", null);
        writer.flush();
        eventually("PodScheduled is written", () -> podScheduled(pod("ml/p")) != null);
        String since = podScheduled(pod("ml/p")).getLastTransitionTime();
        writer.podUnschedulable("ml/p", "u1", "0/3 nodes are available: 3 Insufficient memory.", "n2");
        writer.flush();
        eventually("the new message is written", () -> podScheduled(pod("ml/p")).getMessage().contains("memory"));
        Pod p = pod("ml/p");
        assertThat(p.getStatus().getConditions()).extracting(PodCondition::getType)
                .containsExactly("Initialized", "Ready", "PodScheduled");
        assertThat(podScheduled(p).getLastTransitionTime()).as("still False: not a transition").isEqualTo(since);
        assertThat(p.getStatus().getNominatedNodeName()).isEqualTo("n2");
    }

    @Test
    void whatWasWrittenToPodsThatAreGoneIsForgotten() {
        client.resource(new PodBuilder().withNewMetadata().withName("p").withNamespace("ml").withUid("u1").endMetadata()
                .withNewSpec().addNewContainer().withName("main").withImage("busybox").endContainer().endSpec().build())
                .create();
        writer = writer(this::podGroup);
        writer.podUnschedulable("ml/p", "u1", "0/1 nodes are available: 1 Insufficient cpu.", null);
        writer.flush();
        eventually("written and remembered", () -> writer.remembered() == 1);
        client.pods().inNamespace("ml").withName("p").delete();
        eventually("the pod is gone", () -> pod("ml/p") == null);
        writer.forgetGone();
        assertThat(writer.remembered()).isZero();
    }

    private StatusWriter writer(Function<String, PodGroup> podGroups) {
        return new StatusWriter(api, new EventRecorder(50, 500, "test"), () -> true, key -> true, this::pod, podGroups);
    }

    private Pod pod(String key) {
        int slash = key.indexOf('/');
        return client.pods().inNamespace(key.substring(0, slash)).withName(key.substring(slash + 1)).get();
    }

    private PodGroup podGroup(String key) {
        int slash = key.indexOf('/');
        return client.resources(PodGroup.class).inNamespace(key.substring(0, slash)).withName(key.substring(slash + 1))
                .get();
    }

    private static java.util.List<String> types(PodGroup g) {
        return g.getStatus() == null || g.getStatus().getConditions() == null ? java.util.List.of()
                : g.getStatus().getConditions().stream().map(PodGroupCondition::getType).toList();
    }

    private static PodCondition podScheduled(Pod p) {
        return p.getStatus().getConditions().stream().filter(c -> "PodScheduled".equals(c.getType())).findFirst()
                .orElse(null);
    }

    private static void eventually(String what, BooleanSupplier condition) {
        Awaitility.await(what).atMost(Duration.ofSeconds(90)).pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(20)).pollInSameThread().ignoreExceptions()
                .until(condition::getAsBoolean);
    }
}
