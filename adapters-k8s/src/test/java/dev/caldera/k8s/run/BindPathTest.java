package dev.caldera.k8s.run;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static dev.caldera.k8s.run.LiveCluster.cyclesPass;
import static dev.caldera.k8s.run.LiveCluster.eventually;
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
            eventually("the gang that fits binds", () -> c.allBound(fits));
            eventually("the gang that does not fit says why", () -> unschedulableMessage(c, "ml/toobig-0") != null);
            for (String p : tooBig) {
                assertThat(c.nodeOf(p)).as(p + " of a gang that cannot start whole").isNull();
            }
            eventually("toobig's PodGroup says why", () -> condition(c, "toobig", "Unschedulable") != null);
            assertThat(condition(c, "toobig", "Unschedulable").getMessage()).contains("tasks in gang unschedulable")
                    .isEqualTo(unschedulableMessage(c, "ml/toobig-0"));
            eventually("fits is Running", () -> "Running".equals(phase(c, "fits")));
            assertThat(c.server.dispatcher().boundTwice()).isEmpty();
        }
    }

    @Test
    void otherSchedulersPodsTakeRoomButAreNotScheduled() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.node("n2", 4);
            c.client.resource(new PodBuilder().withNewMetadata().withName("theirs").withNamespace("ml").endMetadata()
                    .withNewSpec().withNodeName("n1").addNewContainer().withName("main").withImage("busybox")
                    .withNewResources().withRequests(Map.of("cpu", new Quantity("3"))).endResources().endContainer()
                    .endSpec().withNewStatus().withPhase("Running").endStatus().build()).create();
            c.client.resource(new PodBuilder().withNewMetadata().withName("pending").withNamespace("ml").endMetadata()
                    .withNewSpec().addNewContainer().withName("main").withImage("busybox").endContainer().endSpec()
                    .build()).create();
            List<String> ours = c.gang("ml", "ours", 2, 2, "2");
            LiveScheduler live = c.start(LiveCluster.fast());
            eventually("our gang binds", () -> c.allBound(ours));
            assertThat(c.nodeOf(ours.get(0))).as("n1 has 1 CPU left").isEqualTo("n2");
            assertThat(c.nodeOf(ours.get(1))).isEqualTo("n2");
            cyclesPass(live, 3);
            assertThat(c.nodeOf("ml/pending")).as("default-scheduler's pod is not ours").isNull();
        }
    }

    @Test
    void aPendingPodStartsACycleBeforeThePeriodEnds() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            // a period no test waits out: a bind can only come from a cycle the pod's arrival started
            LiveScheduler live = c.start(LiveCluster.fast().withPeriod(3_600_000, 10));
            eventually("the first cycle ran (at sync)", () -> live.cyclesRun() >= 1);
            long before = live.cyclesRun();
            List<String> pods = c.gang("ml", "job", 1, 1, "1");
            eventually("bound by an early cycle", () -> c.allBound(pods));
            assertThat(live.cyclesRun()).isGreaterThan(before);
        }
    }

    @Test
    void aPodThatFitsNoNodeSaysWhyAndKeepsItsOtherConditions() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.node("n2", 4);
            c.podGroup("ml", "huge", 1);
            // conditions another component wrote (a readiness gate's, say): the scheduler's patch merges by type
            c.client.resource(new PodBuilder(LiveCluster.podOf("ml", "huge-0", "huge", "5")).withNewStatus()
                    .withPhase("Pending").addNewCondition().withType("example.com/ready-gate").withStatus("False")
                    .endCondition().addNewCondition().withType("Initialized").withStatus("True").endCondition()
                    .endStatus().build()).create();
            c.start(LiveCluster.fast());
            eventually("huge-0 says why", () -> unschedulableMessage(c, "ml/huge-0") != null);
            assertThat(unschedulableMessage(c, "ml/huge-0")).isEqualTo("0/2 nodes are available: 2 Insufficient cpu.");
            assertThat(c.client.pods().inNamespace("ml").withName("huge-0").get().getStatus().getConditions())
                    .extracting(PodCondition::getType)
                    .containsExactly("example.com/ready-gate", "Initialized", "PodScheduled");
            eventually("a FailedScheduling event", () -> c.client.v1().events().inNamespace("ml").list().getItems()
                    .stream().anyMatch(e -> "FailedScheduling".equals(e.getReason())));
        }
    }

    @Test
    void aBindThatFailsTwiceIsRetriedWithBackoffAndBindsOnce() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            List<String> pods = c.gang("ml", "job", 1, 1, "1");
            c.server.faults().inject("POST", "/pods/job-0/binding", 500, 2);
            LiveScheduler live = c.start(LiveCluster.fast());
            eventually("job-0 binds", () -> c.allBound(pods));
            assertThat(c.server.dispatcher().bindAttempts("ml/job-0")).isEqualTo(3);
            assertThat(c.server.dispatcher().bindings("ml/job-0")).isEqualTo(1);
            // each 500 reached the pipeline (task back to Pending, decided again after the backoff), none was
            // re-sent by the HTTP client behind its back
            eventually("the bind results are counted", () -> scrape(live)
                    .contains("caldera_bind_results_total{result=\"bound\"} 1.0"));
            assertThat(scrape(live)).contains("caldera_bind_results_total{result=\"failed\"} 2.0");
        }
    }

    @Test
    void aConflictIsDroppedNotRetried() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            c.node("n2", 4);
            c.gang("ml", "job", 1, 1, "1");
            c.server.faults().bindElsewhereFirst("ml/job-0", "n2");
            LiveScheduler live = c.start(LiveCluster.fast());
            eventually("job-0 is on a node", () -> c.nodeOf("ml/job-0") != null);
            cyclesPass(live, 10); // cycles in which a retry would show
            eventually("nothing in flight", live::quiet);
            assertThat(c.server.dispatcher().bindAttempts("ml/job-0")).isEqualTo(1);
            assertThat(c.nodeOf("ml/job-0")).isEqualTo("n2");
        }
    }

    @Test
    void aPodDeletedBetweenDecisionAndBindIsDroppedWithoutARetryStorm() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            List<String> gone = c.gang("ml", "gone", 1, 1, "1");
            List<String> stays = c.gang("ml", "stays", 1, 1, "1");
            c.server.faults().deleteBeforeBind(gone.get(0));
            LiveScheduler live = c.start(LiveCluster.fast());
            eventually("stays-0 binds", () -> c.allBound(stays));
            cyclesPass(live, 10);
            eventually("nothing in flight", live::quiet);
            assertThat(c.server.dispatcher().bindAttempts(gone.get(0))).isEqualTo(1);
            assertThat(c.client.pods().inNamespace("ml").withName("gone-0").get()).isNull();
        }
    }

    static String scrape(LiveScheduler live) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            live.metrics().write(out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static String unschedulableMessage(LiveCluster c, String key) {
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

    static io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupCondition condition(LiveCluster c, String group,
                                                                                       String type) {
        PodGroup g = c.client.resources(PodGroup.class).inNamespace("ml").withName(group).get();
        if (g.getStatus() == null || g.getStatus().getConditions() == null) {
            return null;
        }
        return g.getStatus().getConditions().stream().filter(x -> type.equals(x.getType())).findFirst().orElse(null);
    }

    private static String phase(LiveCluster c, String group) {
        PodGroup g = c.client.resources(PodGroup.class).inNamespace("ml").withName(group).get();
        return g.getStatus() == null ? null : g.getStatus().getPhase();
    }
}
