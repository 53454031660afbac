package dev.caldera.k8s.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.caldera.k8s.run.LiveCluster.cyclesPass;
import static dev.caldera.k8s.run.LiveCluster.eventually;
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
            for (int n = 0; n < 2; n++) {
                c.node("n" + n, 16);
            }
            // a 300 ms period: Lease 4.5 s, renew deadline 3 s, retry 0.6 s
            RunOptions slow = LiveCluster.fast().withPeriod(300, 10);
            LiveScheduler a = c.start(slow.withLeaderElection(true, "kube-system", "caldera", "a"));
            eventually("a leads", () -> a.leadership().isLeader());
            LiveScheduler b = c.start(slow.withLeaderElection(true, "kube-system", "caldera", "b"));
            List<String> pods = new ArrayList<>();
            for (int g = 0; g < 3; g++) {
                pods.addAll(c.gang("ml", "first-" + g, 3, 3, "1"));
            }
            eventually("a binds the first gangs", () -> c.allBound(pods));
            for (int g = 0; g < 3; g++) {
                pods.addAll(c.gang("ml", "second-" + g, 3, 3, "1"));
            }
            a.close(); // SIGTERM: stops scheduling, drains binds, releases the Lease
            assertThat(a.leadership().isLeader()).isFalse();
            eventually("b takes over", () -> b.leadership().isLeader());
            eventually("no pod lost", () -> c.allBound(pods));
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
            eventually("a leads", () -> a.leadership().isLeader());
            // the Lease can be neither read nor renewed until the faults are cleared: a's renew deadline passes
            c.server.faults().inject("GET", "/leases/caldera", 500, 1_000_000)
                    .inject("PUT", "/leases/caldera", 500, 1_000_000);
            eventually("a stepped down", () -> !a.leadership().isLeader());
            List<String> pods = c.gang("ml", "meanwhile", 2, 2, "1");
            long refused = c.server.faults().given();
            // a campaigns every 2 periods and is refused each time: ten refusals are ten chances to act wrongly
            eventually("a campaigned ten more times", () -> c.server.faults().given() >= refused + 10);
            assertThat(a.leadership().isLeader()).isFalse();
            assertThat(c.nodeOf(pods.get(0))).as("nothing bound without the Lease").isNull();
            assertThat(c.nodeOf(pods.get(1))).isNull();
            c.server.faults().clear();
            eventually("a leads again", () -> a.leadership().isLeader());
            eventually("and binds", () -> c.allBound(pods));
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
            cyclesPass(live, 5);
            assertThat(c.nodeOf(pods.get(0))).as("enqueue alone binds nothing").isNull();
            Files.writeString(conf, "actions: \"enqueue, allocate\nbroken: [");
            eventually("the bad file is reported", () -> live.confReloader().lastError().isPresent());
            cyclesPass(live, 2);
            assertThat(live.conf().actions()).containsExactly("enqueue");
            assertThat(c.nodeOf(pods.get(0))).as("still enqueue alone").isNull();
            Files.writeString(conf, "actions: \"enqueue, allocate, backfill\"\n" + TIERS);
            eventually("allocate now runs", () -> c.allBound(pods));
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
            eventually("the gang binds", () -> c.allBound(pods));
            // the bind results are counted when the API server answers, the gauges after the cycle that follows
            eventually("the scrape shows the binds and the unplaced job", () -> {
                String m = FaultsTest.body(live, "/metrics");
                return m.contains("caldera_bind_results_total{result=\"bound\"} 2.0")
                        && m.contains("volcano_unschedule_job_count 1.0");
            });
            String metrics = FaultsTest.get(live, "/metrics").body();
            assertThat(metrics).contains(
                    "# TYPE volcano_e2e_scheduling_latency_milliseconds histogram",
                    "volcano_e2e_scheduling_latency_milliseconds_bucket{le=\"1.0\"}",
                    "volcano_open_session_duration_milliseconds_count",
                    "volcano_action_scheduling_latency_milliseconds_count{action=\"allocate\"}",
                    "# TYPE volcano_plugin_scheduling_latency_milliseconds histogram",
                    "volcano_task_scheduling_latency_milliseconds_count{stage=\"Bound\"} 2",
                    "volcano_plugin_scheduling_latency_milliseconds_bucket{OnSession=\"OnSessionOpen\",plugin=\"gang\",le=\"0.1\"}",
                    "volcano_plugin_scheduling_latency_milliseconds_count{OnSession=\"OnSessionClose\",plugin=\"proportion\"}",
                    "volcano_schedule_attempts_total{result=\"scheduled\"} 2.0",
                    "volcano_schedule_attempts_total{result=\"unschedulable\"}",
                    "volcano_pod_preemption_victims 0.0",
                    "volcano_unschedule_job_count 1.0",
                    "volcano_unschedule_task_count{job_id=\"huge\"} 1.0",
                    "volcano_queue_allocated_milli_cpu{queue_name=\"default\"} 2000.0",
                    "volcano_queue_allocated_memory_bytes{queue_name=\"default\"}",
                    "volcano_queue_deserved_milli_cpu{queue_name=\"default\"}",
                    "volcano_queue_share{queue_name=\"default\"}",
                    "caldera_bind_results_total{result=\"bound\"} 2.0",
                    // per-job e2e series and preemption counters: volcano-sh/volcano pkg/scheduler/metrics/metrics.go
                    // (UpdateE2eSchedulingDurationByJob and friends, RegisterPreemptionAttempts,
                    // RegisterEvictionTransaction); both tasks of "job" bound in one cycle, "huge" never placed
                    "# TYPE volcano_e2e_job_scheduling_latency_milliseconds histogram",
                    "volcano_e2e_job_scheduling_latency_milliseconds_bucket{le=\"100.0\"}",
                    "volcano_e2e_job_scheduling_latency_milliseconds_count 2",
                    "volcano_e2e_job_scheduling_duration{job_name=\"job\",job_namespace=\"ml\",queue=\"default\"}",
                    "volcano_e2e_job_scheduling_last_time{job_name=\"job\",job_namespace=\"ml\",queue=\"default\"}",
                    "volcano_e2e_job_scheduling_start_time{job_name=\"huge\",job_namespace=\"ml\",queue=\"default\"}",
                    "# TYPE volcano_total_preemption_attempts untyped",
                    "volcano_total_preemption_attempts 0.0",
                    "volcano_eviction_transactions_total{action=\"preempt\"} 0.0",
                    "volcano_eviction_transactions_total{action=\"reclaim\"} 0.0");
            assertThat(metrics).as("a PodGroup never placed has no duration")
                    .doesNotContain("volcano_e2e_job_scheduling_duration{job_name=\"huge\"");
            assertThat(FaultsTest.get(live, "/healthz").statusCode()).isEqualTo(200);
            assertThat(FaultsTest.get(live, "/readyz").body()).isEqualTo("ok: leader\n");
        }
    }
}
