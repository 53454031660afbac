package dev.caldera.k8s.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.caldera.k8s.run.LiveCluster.await;
import static org.assertj.core.api.Assertions.assertThat;

/** Running it: two replicas sharing a Lease, configuration hot reload, the metrics endpoint. */
class OperationsTest {
    private static final String TIERS = """
            tiers:
            - plugins:
              - name: priority
              - name: gang
            - plugins:
              - name: predicates
              - name: nodeorder
            """;

    @Test
    void twoReplicasHandOverTheLeaseWithNoPodBoundTwiceAndNoneLost() {
        try (LiveCluster c = new LiveCluster()) {
            for (int n = 0; n < 4; n++) {
                c.node("n" + n, 16);
            }
            // a 300 ms period: Lease 4.5 s, renew deadline 3 s, retry 0.6 s (a busy machine must not cost a renewal)
            RunOptions slow = LiveCluster.fast().withPeriod(300, 10);
            LiveScheduler a = c.start(slow.withLeaderElection(true, "kube-system", "caldera", "a"));
            assertThat(await(() -> a.leadership().isLeader(), 10_000)).isTrue();
            LiveScheduler b = c.start(slow.withLeaderElection(true, "kube-system", "caldera", "b"));
            List<String> pods = new ArrayList<>();
            for (int g = 0; g < 6; g++) {
                pods.addAll(c.gang("ml", "first-" + g, 3, 3, "1"));
            }
            assertThat(await(() -> c.allBound(pods), 15_000)).isTrue();
            for (int g = 0; g < 6; g++) {
                pods.addAll(c.gang("ml", "second-" + g, 3, 3, "1"));
            }
            a.close(); // SIGTERM: stops scheduling, drains binds, releases the Lease
            assertThat(a.leadership().isLeader()).isFalse();
            assertThat(await(() -> b.leadership().isLeader(), 15_000)).as("b takes over").isTrue();
            assertThat(await(() -> c.allBound(pods), 20_000)).as("no pod lost").isTrue();
            for (String p : pods) {
                assertThat(c.server.dispatcher().bindings(p)).as(p + " bound once").isEqualTo(1);
            }
        }
    }

    @Test
    void aReplicaThatLosesTheLeaseStopsSchedulingAndCampaignsAgain() {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 16);
            LiveScheduler a = c.start(LiveCluster.fast().withLeaderElection(true, "kube-system", "caldera", "a"));
            assertThat(await(() -> a.leadership().isLeader(), 10_000)).isTrue();
            // the Lease cannot be read or renewed for a while: a's renew deadline (10 periods, 1 s) passes
            c.server.faults().inject("GET", "/leases/caldera", 500, 15).inject("PUT", "/leases/caldera", 500, 15);
            assertThat(await(() -> !a.leadership().isLeader(), 10_000)).as("a stepped down").isTrue();
            List<String> pods = c.gang("ml", "meanwhile", 2, 2, "1");
            LiveCluster.sleep(300); // three periods
            if (!a.leadership().isLeader()) {
                assertThat(c.nodeOf(pods.get(0))).as("nothing bound without the Lease").isNull();
            }
            assertThat(await(() -> a.leadership().isLeader(), 20_000)).as("a leads again").isTrue();
            assertThat(await(() -> c.allBound(pods), 10_000)).isTrue();
        }
    }

    @Test
    void aChangedConfigurationIsPickedUpAndABadOneKeepsTheLastGood(@TempDir Path dir) throws Exception {
        Path conf = dir.resolve("scheduler.conf");
        Files.writeString(conf, "actions: \"enqueue\"\n" + TIERS);
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            List<String> pods = c.gang("ml", "job", 2, 2, "1");
            LiveScheduler live = c.start(LiveCluster.fast().withConf(conf));
            LiveCluster.sleep(1_000);
            assertThat(c.nodeOf(pods.get(0))).as("enqueue alone binds nothing").isNull();
            Files.writeString(conf, "actions: \"enqueue, allocate\nbroken: [");
            assertThat(await(() -> live.confReloader().lastError().isPresent(), 10_000)).isTrue();
            assertThat(live.conf().actions()).containsExactly("enqueue");
            Files.writeString(conf, "actions: \"enqueue, allocate, backfill\"\n" + TIERS);
            assertThat(await(() -> c.allBound(pods), 15_000)).as("allocate now runs").isTrue();
            assertThat(live.conf().actions()).containsExactly("enqueue", "allocate", "backfill");
            assertThat(live.confReloader().lastError()).isEmpty();
        }
    }

    @Test
    void metricsCarryVolcanosNamesAndLabels() throws Exception {
        try (LiveCluster c = new LiveCluster()) {
            c.node("n1", 4);
            List<String> pods = c.gang("ml", "job", 2, 2, "1");
            c.gang("ml", "huge", 1, 1, "5");
            LiveScheduler live = c.start(LiveCluster.fast().withHttpPort(0));
            assertThat(await(() -> c.allBound(pods), 10_000)).isTrue();
            LiveCluster.sleep(300);
            String metrics = FaultsTest.get(live, "/metrics").body();
            assertThat(metrics).contains(
                    "# TYPE volcano_e2e_scheduling_latency_milliseconds histogram",
                    "volcano_e2e_scheduling_latency_milliseconds_bucket{le=\"1.0\"}",
                    "volcano_open_session_duration_milliseconds_count",
                    "volcano_action_scheduling_latency_milliseconds_count{action=\"allocate\"}",
                    "volcano_schedule_attempts_total{result=\"scheduled\"} 2.0",
                    "volcano_schedule_attempts_total{result=\"unschedulable\"}",
                    "volcano_pod_preemption_victims 0.0",
                    "volcano_unschedule_job_count 1.0",
                    "volcano_unschedule_task_count{job_id=\"huge\"} 1.0",
                    "volcano_queue_allocated_milli_cpu{queue_name=\"default\"} 2000.0",
                    "volcano_queue_allocated_memory_bytes{queue_name=\"default\"}",
                    "volcano_queue_deserved_milli_cpu{queue_name=\"default\"}",
                    "volcano_queue_share{queue_name=\"default\"}",
                    "caldera_bind_results_total{result=\"bound\"} 2.0");
            assertThat(FaultsTest.get(live, "/healthz").statusCode()).isEqualTo(200);
            assertThat(FaultsTest.get(live, "/readyz").body()).isEqualTo("ok: leader\n");
        }
    }
}
