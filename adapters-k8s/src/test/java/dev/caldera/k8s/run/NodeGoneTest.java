package dev.caldera.k8s.run;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.caldera.k8s.run.LiveCluster.cyclesPass;
import static dev.caldera.k8s.run.LiveCluster.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node deleted while a pod is pipelined to it: the preemptor waits on n1 for its victim (which a finalizer
 * keeps terminating) to leave; n1 goes away, n2 comes; the preemptor binds to n2 and was never sent to n1.
 */
class NodeGoneTest {
    @Test
    void aPodPipelinedToANodeThatIsDeletedBindsElsewhere(@TempDir Path dir) throws Exception {
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
        try (LiveCluster c = new LiveCluster()) {
            c.client.resource(new PriorityClassBuilder().withNewMetadata().withName("low").endMetadata().withValue(100)
                    .build()).create();
            c.client.resource(new PriorityClassBuilder().withNewMetadata().withName("high").endMetadata()
                    .withValue(10_000).build()).create();
            c.node("n1", 2);
            group(c, "low", "low", "Running");
            // two low pods fill n1; the gang may lose one; a finalizer keeps the evicted one terminating
            c.client.resource(pod("low-0", "low", 100, "n1", List.of("test.caldera.dev/keep"))).create();
            c.client.resource(pod("low-1", "low", 100, "n1", List.of("test.caldera.dev/keep"))).create();
            group(c, "high", "high", "Inqueue");
            c.client.resource(pod("high-0", "high", 10_000, null, List.of())).create();
            LiveScheduler live = c.start(LiveCluster.fast().withConf(conf));
            eventually("high-0 pipelined to n1", () -> "n1".equals(nominated(c, "high-0")));
            // the nomination (a status write) and the eviction are separate requests, sent in no promised order
            eventually("a victim is terminating", () -> c.client.pods().inNamespace("ml").list().getItems().stream()
                    .anyMatch(p -> p.getMetadata().getDeletionTimestamp() != null));
            c.client.nodes().withName("n1").delete();
            cyclesPass(live, 5);
            assertThat(c.nodeOf("ml/high-0")).isNull();
            c.node("n2", 1);
            eventually("high-0 binds", () -> c.nodeOf("ml/high-0") != null);
            assertThat(c.nodeOf("ml/high-0")).isEqualTo("n2");
            assertThat(c.server.dispatcher().bindAttempts("ml/high-0")).isEqualTo(1);
        }
    }

    private static void group(LiveCluster c, String name, String priorityClass, String phase) {
        c.client.resource(new PodGroupBuilder().withNewMetadata().withName(name).withNamespace("ml").endMetadata()
                .withNewSpec().withMinMember(1).withQueue("default").withPriorityClassName(priorityClass).endSpec()
                .withNewStatus().withPhase(phase).endStatus().build()).create();
    }

    private static Pod pod(String name, String group, int priority, String node, List<String> finalizers) {
        String cls = priority > 1_000 ? "high" : "low";
        return new PodBuilder().withNewMetadata().withName(name).withNamespace("ml").withFinalizers(finalizers)
                .withAnnotations(Map.of("scheduling.k8s.io/group-name", group)).endMetadata()
                .withNewSpec().withSchedulerName("volcano").withPriorityClassName(cls).withPriority(priority)
                .withNodeName(node).addNewContainer().withName("main").withImage("busybox").withNewResources()
                .withRequests(Map.of("cpu", new Quantity("1"))).endResources().endContainer().endSpec()
                .withNewStatus().withPhase(node == null ? "Pending" : "Running").endStatus().build();
    }

    private static String nominated(LiveCluster c, String name) {
        Pod p = c.client.pods().inNamespace("ml").withName(name).get();
        return p == null || p.getStatus() == null ? null : p.getStatus().getNominatedNodeName();
    }
}
