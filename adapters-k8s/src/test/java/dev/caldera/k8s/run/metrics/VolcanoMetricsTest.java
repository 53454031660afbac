package dev.caldera.k8s.run.metrics;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The metrics Volcano defines in volcano-sh/volcano pkg/scheduler/metrics/metrics.go and namespace.go, under
 * their exact names and label sets: per-job e2e series, preemption attempts, eviction transactions, the
 * namespace gauges.
 */
class VolcanoMetricsTest {
    @Test
    void preemptionAttemptsKeepVolcanosNameWithoutASuffixAndTransactionsCountByAction() throws IOException {
        VolcanoMetrics m = new VolcanoMetrics();
        m.preemption(3, 1, 0);
        m.preemption(2, 0, 2);
        assertThat(scrape(m)).contains("volcano_total_preemption_attempts 5.0",
                "volcano_eviction_transactions_total{action=\"preempt\"} 1.0",
                "volcano_eviction_transactions_total{action=\"reclaim\"} 2.0")
                .doesNotContain("volcano_total_preemption_attempts_total");
    }

    @Test
    void aJobsSeriesStartWhenItIsSeenGrowPerTaskPlacedAndGoWithIt() throws IOException {
        VolcanoMetrics m = new VolcanoMetrics();
        m.jobSeen("ml", "train", "q1", 1_700_000_000_000L);
        m.jobPlaced("ml", "train", "q1", 1_700_000_000_000L, 1_700_000_002_500L, 3);
        String labels = "{job_name=\"train\",job_namespace=\"ml\",queue=\"q1\"}";
        assertThat(scrape(m)).contains("volcano_e2e_job_scheduling_start_time" + labels + " 1.7E9",
                "volcano_e2e_job_scheduling_duration" + labels + " 2500.0",
                "volcano_e2e_job_scheduling_last_time" + labels + " 1.700000002E9",
                // Volcano's buckets: ExponentialBucketsRange(100, 120000, 30); one observation per task placed
                "volcano_e2e_job_scheduling_latency_milliseconds_count 3",
                "volcano_e2e_job_scheduling_latency_milliseconds_bucket{le=\"+Inf\"} 3",
                "volcano_e2e_job_scheduling_latency_milliseconds_bucket{le=\"1152.886719880512\"} 0");
        m.jobGone("ml", "train", "q1");
        assertThat(scrape(m)).doesNotContain(labels).contains("volcano_e2e_job_scheduling_latency_milliseconds_count 3");
    }

    @Test
    void theNamespaceGaugesAreRegisteredUnderVolcanosNames() {
        // registered and never set, as in current Volcano (UpdateNamespaceShare and the others have no caller)
        assertThat(new VolcanoMetrics().namespaceGauges()).containsExactly("volcano_namespace_share",
                "volcano_namespace_weight", "volcano_namespace_weighted_share");
    }

    private static String scrape(VolcanoMetrics m) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        m.write(out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
