package dev.caldera.k8s.run;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static dev.caldera.k8s.run.LiveCluster.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Preemption through the Eviction API: n1 is full with two low-priority pods of one gang, a high-priority pod
 * arrives, low-1 is the victim.
 */
class EvictionTest {
    @Test
    void aPodDisruptionBudgetRefusalIsRespectedAndTheEvictionDecidedAgainLater(@TempDir Path dir) throws Exception {
        try (LiveCluster c = cluster()) {
            c.server.faults().inject("POST", "/pods/low-1/eviction", 429, 2);
            c.start(LiveCluster.fast().withConf(conf(dir)));
            eventually("both refusals answered", () -> c.server.faults().pending() == 0);
            // refused twice, the victim went back to Running in the cache (else the preemptor would wait on a
            // pod that is not leaving): the third eviction goes through and the preemptor binds
            eventually("the preemptor binds to n1", () -> "n1".equals(c.nodeOf("ml/high-0")));
            assertThat(c.client.pods().inNamespace("ml").withName("low-1").get()).isNull();
            assertThat(c.client.pods().inNamespace("ml").withName("low-0").get()).isNotNull();
        }
    }

    @Test
    void withoutTheEvictionApiTheVictimIsDeleted(@TempDir Path dir) throws Exception {
        try (LiveCluster c = cluster()) {
            c.server.faults().inject("POST", "/pods/low-1/eviction", 404, 5);
            c.start(LiveCluster.fast().withConf(conf(dir)));
            eventually("the preemptor binds to n1", () -> "n1".equals(c.nodeOf("ml/high-0")));
            assertThat(c.client.pods().inNamespace("ml").withName("low-1").get()).as("deleted instead").isNull();
            assertThat(c.server.faults().pending()).as("one eviction was tried, then the delete").isEqualTo(4);
        }
    }

    private static LiveCluster cluster() {
        LiveCluster c = new LiveCluster();
        c.client.resource(new PriorityClassBuilder().withNewMetadata().withName("low").endMetadata().withValue(100)
                .build()).create();
        c.client.resource(new PriorityClassBuilder().withNewMetadata().withName("high").endMetadata().withValue(10_000)
                .build()).create();
        c.node("n1", 2);
        group(c, "low", "Running");
        pod(c, "low-0", "low", "n1");
        pod(c, "low-1", "low", "n1");
        group(c, "high", "Inqueue");
        pod(c, "high-0", "high", null);
        return c;
    }

    private static Path conf(Path dir) throws java.io.IOException {
        Path conf = dir.resolve("scheduler.conf");
        Files.writeString(conf, """
                actions: "enqueue, allocate, preempt"
                tiers:
                - plugins:
                  - name: priority
                  - name: gang
                  - name: conformance
                - plugins:
                  - name: predicates
                  - name: nodeorder
                """);
        return conf;
    }

    private static void group(LiveCluster c, String name, String phase) {
        c.client.resource(new PodGroupBuilder().withNewMetadata().withName(name).withNamespace("ml").endMetadata()
                .withNewSpec().withMinMember(1).withQueue("default").withPriorityClassName(name).endSpec()
                .withNewStatus().withPhase(phase).endStatus().build()).create();
    }

    private static void pod(LiveCluster c, String name, String group, String node) {
        int priority = group.equals("high") ? 10_000 : 100;
        c.client.resource(new PodBuilder().withNewMetadata().withName(name).withNamespace("ml")
                .withAnnotations(Map.of("scheduling.k8s.io/group-name", group)).endMetadata()
                .withNewSpec().withSchedulerName("volcano").withPriorityClassName(group).withPriority(priority)
                .withNodeName(node).addNewContainer().withName("main").withImage("busybox").withNewResources()
                .withRequests(Map.of("cpu", new Quantity("1"))).endResources().endContainer().endSpec()
                .withNewStatus().withPhase(node == null ? "Pending" : "Running").endStatus().build()).create();
    }
}
