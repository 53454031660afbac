package dev.caldera.k8s.run;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.caldera.k8s.run.LiveCluster.await;
import static org.assertj.core.api.Assertions.assertThat;

/** The live scheduler over the embedded API server: gangs, injected bind failures, conflicts, vanished pods. */
class BindPathTest {
    @Test
    void gangsAreBoundWholeOrNotAtAll() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.node("n2", 4);
            List<String> fits = c.gang("ml", "fits", 4, 4, "1");
            // 4 CPUs are left: two of these fit, the third does not, so none may bind
            List<String> tooBig = c.gang("ml", "toobig", 3, 3, "1500m");
            c.start(LiveCluster.fast());
            assertThat(await(() -> c.allBound(fits), 10_000)).as("the gang that fits binds").isTrue();
            assertThat(await(() -> unschedulableMessage(c, "ml/toobig-0") != null, 10_000)).isTrue();
            for (String p : tooBig) {
                assertThat(c.nodeOf(p)).as(p + " of a gang that cannot start whole").isNull();
            }
            PodGroup g = c.client.resources(PodGroup.class).inNamespace("ml").withName("toobig").get();
            assertThat(g.getStatus().getConditions()).anySatisfy(cond -> {
                assertThat(cond.getType()).isEqualTo("Unschedulable");
                assertThat(cond.getMessage()).contains("tasks in gang unschedulable")
                        .isEqualTo(unschedulableMessage(c, "ml/toobig-0"));
            });
            assertThat(await(() -> "Running".equals(phase(c, "fits")), 5_000)).isTrue();
            assertThat(c.server.dispatcher().boundTwice()).isEmpty();
        }
    }

    @Test
    void otherSchedulersPodsTakeRoomButAreNotScheduled() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.node("n2", 4);
            c.client.resource(new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata().withName("theirs")
                    .withNamespace("ml").endMetadata().withNewSpec().withNodeName("n1").addNewContainer()
                    .withName("main").withImage("busybox").withNewResources()
                    .withRequests(java.util.Map.of("cpu", new io.fabric8.kubernetes.api.model.Quantity("3")))
                    .endResources().endContainer().endSpec().withNewStatus().withPhase("Running").endStatus().build())
                    .create();
            c.client.resource(new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata().withName("pending")
                    .withNamespace("ml").endMetadata().withNewSpec().addNewContainer().withName("main")
                    .withImage("busybox").endContainer().endSpec().build()).create();
            List<String> ours = c.gang("ml", "ours", 2, 2, "2");
            c.start(LiveCluster.fast());
            assertThat(await(() -> c.allBound(ours), 10_000)).isTrue();
            assertThat(c.nodeOf(ours.get(0))).as("n1 has 1 CPU left").isEqualTo("n2");
            assertThat(c.nodeOf(ours.get(1))).isEqualTo("n2");
            assertThat(c.nodeOf("ml/pending")).as("default-scheduler's pod is not ours").isNull();
        }
    }

    @Test
    void aPendingPodStartsACycleBeforeThePeriodEnds() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.start(LiveCluster.fast().withPeriod(30_000, 10));
            LiveCluster.sleep(1_000); // the first cycle ran at sync; the next is due in 29 s
            List<String> pods = c.gang("ml", "job", 1, 1, "1");
            assertThat(await(() -> c.allBound(pods), 5_000)).as("bound long before the period ends").isTrue();
        }
    }

    @Test
    void aPodThatFitsNoNodeSaysWhyInItsPodScheduledCondition() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.node("n2", 4);
            c.gang("ml", "huge", 1, 1, "5");
            c.start(LiveCluster.fast());
            assertThat(await(() -> unschedulableMessage(c, "ml/huge-0") != null, 10_000)).isTrue();
            assertThat(unschedulableMessage(c, "ml/huge-0")).isEqualTo("0/2 nodes are available: 2 Insufficient cpu.");
            assertThat(c.client.v1().events().inNamespace("ml").list().getItems())
                    .anySatisfy(e -> assertThat(e.getReason()).isEqualTo("FailedScheduling"));
        }
    }

    @Test
    void aBindThatFailsTwiceIsRetriedWithBackoffAndBindsOnce() throws java.io.IOException {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            List<String> pods = c.gang("ml", "job", 1, 1, "1");
            c.server.faults().inject("POST", "/pods/job-0/binding", 500, 2);
            LiveScheduler live = c.start(LiveCluster.fast());
            assertThat(await(() -> c.allBound(pods), 10_000)).isTrue();
            assertThat(c.server.dispatcher().bindAttempts("ml/job-0")).isEqualTo(3);
            assertThat(c.server.dispatcher().bindings("ml/job-0")).isEqualTo(1);
            // each 500 reached the pipeline (task back to Pending, decided again after the backoff), none was
            // re-sent by the HTTP client behind its back
            java.io.ByteArrayOutputStream scrape = new java.io.ByteArrayOutputStream();
            live.metrics().write(scrape);
            assertThat(scrape.toString(java.nio.charset.StandardCharsets.UTF_8))
                    .contains("caldera_bind_results_total{result=\"failed\"} 2.0")
                    .contains("caldera_bind_results_total{result=\"bound\"} 1.0");
        }
    }

    @Test
    void aConflictIsDroppedNotRetried() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.node("n2", 4);
            List<String> pods = c.gang("ml", "job", 1, 1, "1");
            c.server.faults().bindElsewhereFirst("ml/job-0", "n2");
            LiveScheduler live = c.start(LiveCluster.fast());
            assertThat(await(() -> c.nodeOf("ml/job-0") != null, 10_000)).isTrue();
            LiveCluster.sleep(1_000); // ten periods in which a retry would show
            assertThat(c.server.dispatcher().bindAttempts("ml/job-0")).isEqualTo(1);
            assertThat(c.nodeOf("ml/job-0")).isEqualTo("n2");
            assertThat(pods).hasSize(1);
            assertThat(live.quiet()).isTrue();
        }
    }

    @Test
    void aPodDeletedBetweenDecisionAndBindIsDroppedWithoutARetryStorm() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            List<String> gone = c.gang("ml", "gone", 1, 1, "1");
            List<String> stays = c.gang("ml", "stays", 1, 1, "1");
            c.server.faults().deleteBeforeBind(gone.get(0));
            c.start(LiveCluster.fast());
            assertThat(await(() -> c.allBound(stays), 10_000)).isTrue();
            LiveCluster.sleep(1_000);
            assertThat(c.server.dispatcher().bindAttempts(gone.get(0))).isEqualTo(1);
            assertThat(c.client.pods().inNamespace("ml").withName("gone-0").get()).isNull();
        }
    }

    private static String unschedulableMessage(LiveCluster c, String key) {
        int slash = key.indexOf('/');
        Pod p = c.client.pods().inNamespace(key.substring(0, slash)).withName(key.substring(slash + 1)).get();
        if (p.getStatus() == null || p.getStatus().getConditions() == null) {
            return null;
        }
        for (PodCondition cond : p.getStatus().getConditions()) {
            if ("PodScheduled".equals(cond.getType()) && "False".equals(cond.getStatus())) {
                return cond.getMessage();
            }
        }
        return null;
    }

    private static String phase(LiveCluster c, String group) {
        PodGroup g = c.client.resources(PodGroup.class).inNamespace("ml").withName(group).get();
        return g.getStatus() == null ? null : g.getStatus().getPhase();
    }
}
