package dev.caldera.k8s.run;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.caldera.k8s.run.BindPathTest.unschedulableMessage;
import static dev.caldera.k8s.run.LiveCluster.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pods of ours that name no PodGroup get the group Volcano's controller would make, in memory
 * ({@code podgroup-<uid>}); when the controller does make one and annotates the pod, the in-memory group goes
 * and the real one stays, also after the pod is deleted.
 */
class PodsWithoutPodGroupTest {
    @Test
    void aPodNamingNoPodGroupIsScheduledOrToldWhyWithoutAPodGroupObject() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.node("n2", 4);
            c.client.resource(LiveCluster.podOf("ml", "small", null, "1")).create();
            // more than any node has, less than the cluster (enqueue admits it), so allocate says why
            c.client.resource(LiveCluster.podOf("ml", "huge", null, "5")).create();
            c.start(LiveCluster.fast());
            eventually("small binds", () -> c.nodeOf("ml/small") != null);
            eventually("huge says why", () -> unschedulableMessage(c, "ml/huge") != null);
            assertThat(unschedulableMessage(c, "ml/huge")).isEqualTo("0/2 nodes are available: 2 Insufficient cpu.");
            eventually("a FailedScheduling event for huge", () -> c.client.v1().events().inNamespace("ml").list()
                    .getItems().stream().anyMatch(e -> "FailedScheduling".equals(e.getReason())
                            && "huge".equals(e.getInvolvedObject().getName())));
            assertThat(c.client.resources(PodGroup.class).inAnyNamespace().list().getItems())
                    .as("the in-memory groups are not written to the API").isEmpty();
        }
    }

    @Test
    void aPodThatLaterNamesARealPodGroupLeavesThatGroupInPlaceWhenItIsDeleted() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.podGroup("ml", "real", 1);
            c.client.resource(LiveCluster.podOf("ml", "loner", null, "8")).create();
            c.start(LiveCluster.fast());
            eventually("loner, in its in-memory group, says why", () -> unschedulableMessage(c, "ml/loner") != null);
            // Volcano's controller made a PodGroup for it and annotated the pod; then the pod goes away
            c.client.pods().inNamespace("ml").withName("loner").edit(p -> annotated(p, "real"));
            c.client.pods().inNamespace("ml").withName("loner").delete();
            List<String> member = List.of("ml/member-0");
            c.pod("ml", "member-0", "real", "1");
            eventually("the real PodGroup still schedules its pods", () -> c.allBound(member));
        }
    }

    private static Pod annotated(Pod p, String group) {
        p.getMetadata().setAnnotations(Map.of("scheduling.k8s.io/group-name", group));
        return p;
    }
}
