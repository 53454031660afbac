package dev.caldera.k8s.run.metrics;

import dev.caldera.kernel.framework.QueueShare;
import dev.caldera.kernel.scheduler.CycleStats;
import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;

import java.io.IOException;
import java.io.OutputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The scheduler's metrics under Volcano's names and label sets ({@code pkg/scheduler/metrics} in Volcano:
 * metrics.go, queue.go), so that dashboards built for vc-scheduler work: cycle (e2e) and open-session latency,
 * action latency, plugin latency (each plugin's session open and close, label {@code OnSession}), pod creation to bind
 * ({@code task_scheduling_latency}, stage {@code Bound}), per-job e2e latency, duration, start and last time,
 * schedule attempts, preemption victims and attempts, eviction transactions, unschedulable task and job counts,
 * the namespace gauges (registered, unset, as in current Volcano), and per queue the
 * allocated, deserved and capability resources and the share, as the queue plugin computed them. Histogram buckets are Volcano's
 * ({@code ExponentialBucketsRange(1, 5000, 20)}, {@code (1, 2000, 20)}, {@code (0.1, 100, 15)} and {@code (50, 60000, 30)}).
 * <p>
 * Threading: {@link #cycle} on the scheduling thread; {@link #bound} and {@link #bindResult} on bind workers;
 * {@link #write} from the HTTP thread.
 */
public final class VolcanoMetrics {
    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Histogram e2e = Histogram.builder().name("volcano_e2e_scheduling_latency_milliseconds")
            .help("Duration of a single scheduling session execution in milliseconds")
            .classicOnly().classicExponentialUpperBounds(1, factor(1, 5000, 20), 20).register(registry);
    private final Histogram openSession = Histogram.builder().name("volcano_open_session_duration_milliseconds")
            .help("Duration of opening a scheduling session in milliseconds")
            .classicOnly().classicExponentialUpperBounds(1, factor(1, 5000, 20), 20).register(registry);
    private final Histogram action = Histogram.builder().name("volcano_action_scheduling_latency_milliseconds")
            .help("Action scheduling latency in milliseconds").labelNames("action")
            .classicOnly().classicExponentialUpperBounds(1, factor(1, 2000, 20), 20).register(registry);
    private final Histogram plugin = Histogram.builder().name("volcano_plugin_scheduling_latency_milliseconds")
            .help("Plugin scheduling latency in milliseconds").labelNames("plugin", "OnSession")
            .classicOnly().classicExponentialUpperBounds(0.1, factor(0.1, 100, 15), 15).register(registry);
    private final Histogram task = Histogram.builder().name("volcano_task_scheduling_latency_milliseconds")
            .help("Task scheduling latency from creation to various stages in milliseconds").labelNames("stage")
            .classicOnly().classicExponentialUpperBounds(50, factor(50, 60000, 30), 30).register(registry);
    private final Counter attempts = Counter.builder().name("volcano_schedule_attempts_total")
            .help("Number of attempts to schedule pods, by the result").labelNames("result").register(registry);
    private final Gauge victims = Gauge.builder().name("volcano_pod_preemption_victims")
            .help("Number of selected preemption victims").register(registry);
    private final Gauge unscheduleTasks = Gauge.builder().name("volcano_unschedule_task_count")
            .help("Number of tasks could not be scheduled").labelNames("job_id").register(registry);
    private final Gauge unscheduleJobs = Gauge.builder().name("volcano_unschedule_job_count")
            .help("Number of jobs could not be scheduled").register(registry);
    private final QueueGauges allocated = new QueueGauges("allocated", "Allocated", registry);
    private final QueueGauges deserved = new QueueGauges("deserved", "Deserved", registry);
    private final QueueGauges capacity = new QueueGauges("capacity", "Capacity", registry);
    private final Gauge share = Gauge.builder().name("volcano_queue_share").help("Share for one queue")
            .labelNames("queue_name").register(registry);
    private final Histogram jobLatency = Histogram.builder().name("volcano_e2e_job_scheduling_latency_milliseconds")
            .help("End-to-end job scheduling latency in milliseconds (histogram of per-job duration from creation to"
                    + " last task assumed)")
            .classicOnly().classicExponentialUpperBounds(100, factor(100, 120000, 30), 30).register(registry);
    private final Gauge jobDuration = Gauge.builder().name("volcano_e2e_job_scheduling_duration")
            .help("Per-job duration from job creation to last task assumed in scheduler cache, in milliseconds")
            .labelNames(JOB_LABELS).register(registry);
    private final Gauge jobStart = Gauge.builder().name("volcano_e2e_job_scheduling_start_time")
            .help("E2E job scheduling start time").labelNames(JOB_LABELS).register(registry);
    private final Gauge jobLast = Gauge.builder().name("volcano_e2e_job_scheduling_last_time")
            .help("E2E job scheduling last time").labelNames(JOB_LABELS).register(registry);
    private final AtomicLong preemptionAttempts = new AtomicLong();
    private final Counter evictionTransactions = Counter.builder().name("volcano_eviction_transactions_total")
            .help("Total number of committed eviction transactions, by action").labelNames("action").register(registry);
    private final Gauge namespaceShare = Gauge.builder().name("volcano_namespace_share")
            .help("Share for one namespace").labelNames("namespace_name").register(registry);
    private final Gauge namespaceWeight = Gauge.builder().name("volcano_namespace_weight")
            .help("Weight for one namespace").labelNames("namespace_name").register(registry);
    private final Gauge namespaceWeightedShare = Gauge.builder().name("volcano_namespace_weighted_share")
            .help("Weighted share for one namespace").labelNames("namespace_name").register(registry);
    private final Counter binds = Counter.builder().name("caldera_bind_results_total")
            .help("Binds sent to the API server, by result (bound, failed, dropped)").labelNames("result")
            .register(registry);
    private final Set<String> unschedulableJobs = new HashSet<>();

    /** Volcano's per-job label names ({@code job_name}: the PodGroup's name). */
    private static final String[] JOB_LABELS = {"job_name", "queue", "job_namespace"};

    public VolcanoMetrics() {
        // Volcano's counter has no _total suffix, which this library would append to a counter's name: exposed
        // under Volcano's exact name, untyped, so that queries written for vc-scheduler find it
        registry.register(() -> UnknownSnapshot.builder().name("volcano_total_preemption_attempts")
                .help("Total preemption attempts in the cluster till now")
                .dataPoint(UnknownSnapshot.UnknownDataPointSnapshot.builder().value(preemptionAttempts.get()).build())
                .build());
        evictionTransactions.labelValues("preempt");
        evictionTransactions.labelValues("reclaim");
    }

    /** Volcano's ExponentialBucketsRange: {@code count} bounds from {@code min} to {@code max}. */
    static double factor(double min, double max, int count) {
        return Math.pow(max / min, 1.0 / (count - 1));
    }

    /** Records one cycle: timings, attempts, victims. */
    public void cycle(CycleStats stats, int bound, int unschedulableTasks, int preemptVictims) {
        e2e.observe(stats.cycleNs() / 1e6);
        openSession.observe(stats.openNs() / 1e6);
        for (int i = 0; i < stats.actionCount(); i++) {
            action.labelValues(stats.actionName(i)).observe(stats.actionNs(i) / 1e6);
        }
        for (int i = 0; i < stats.pluginCount(); i++) {
            plugin.labelValues(stats.pluginName(i), "OnSessionOpen").observe(stats.pluginOpenNs(i) / 1e6);
            plugin.labelValues(stats.pluginName(i), "OnSessionClose").observe(stats.pluginCloseNs(i) / 1e6);
        }
        attempts.labelValues("scheduled").inc(bound);
        attempts.labelValues("unschedulable").inc(unschedulableTasks);
        victims.set(preemptVictims);
    }

    /** The unschedulable jobs of the last cycle: job name to its tasks that could not be placed. */
    public void unschedulable(Map<String, Integer> tasksByJobName) {
        for (String gone : unschedulableJobs) {
            if (!tasksByJobName.containsKey(gone)) {
                unscheduleTasks.remove(gone);
            }
        }
        unschedulableJobs.clear();
        unschedulableJobs.addAll(tasksByJobName.keySet());
        tasksByJobName.forEach((job, n) -> unscheduleTasks.labelValues(job).set(n));
        unscheduleJobs.set(tasksByJobName.size());
    }

    /**
     * Per queue, as the queue plugin (proportion or capacity) kept it in the last cycle: allocated, deserved,
     * capability and share, as Volcano's plugins report them.
     */
    public void queues(List<QueueShare> queues) {
        for (QueueShare q : queues) {
            allocated.set(q.queue(), q.allocated());
            deserved.set(q.queue(), q.deserved());
            capacity.set(q.queue(), q.capability());
            share.labelValues(q.queue()).set(q.share());
        }
    }

    /**
     * One cycle's preemption attempts and committed eviction transactions of preempt and reclaim (Volcano's
     * {@code RegisterPreemptionAttempts}, {@code RegisterEvictionTransaction}).
     */
    public void preemption(int attempts, int preemptTransactions, int reclaimTransactions) {
        preemptionAttempts.addAndGet(attempts);
        evictionTransactions.labelValues("preempt").inc(preemptTransactions);
        evictionTransactions.labelValues("reclaim").inc(reclaimTransactions);
    }

    /** A PodGroup entered the cache: Volcano's start time, its creation (epoch seconds). */
    public void jobSeen(String namespace, String name, String queue, long createdMs) {
        jobStart.labelValues(name, queue, namespace).set(createdMs / 1000);
    }

    /**
     * {@code tasks} of a PodGroup were placed (bound or pipelined) at {@code nowMs}: its duration since creation
     * and last time, and one histogram observation per task, as Volcano's allocate records them per task.
     */
    public void jobPlaced(String namespace, String name, String queue, long createdMs, long nowMs, int tasks) {
        double ms = Math.max(0, nowMs - createdMs);
        jobDuration.labelValues(name, queue, namespace).set(ms);
        jobLast.labelValues(name, queue, namespace).set(nowMs / 1000);
        for (int i = 0; i < tasks; i++) {
            jobLatency.observe(ms);
        }
    }

    /** A PodGroup left the cache: its per-job series go, as Volcano's {@code DeleteJobMetrics} removes them. */
    public void jobGone(String namespace, String name, String queue) {
        jobDuration.remove(name, queue, namespace);
        jobStart.remove(name, queue, namespace);
        jobLast.remove(name, queue, namespace);
    }

    /**
     * Volcano's namespace gauges, registered under its names and labels. Current Volcano registers them and
     * sets them nowhere (its drf plugin no longer orders namespaces); Caldera has no namespace ordering either,
     * so they carry no samples. The names they are registered under (a test reads them).
     */
    List<String> namespaceGauges() {
        return List.of(namespaceShare.getPrometheusName(), namespaceWeight.getPrometheusName(),
                namespaceWeightedShare.getPrometheusName());
    }

    /** A pod created at {@code createdMs} (epoch) was bound now: Volcano's {@code Bound} stage. Any thread. */
    public void bound(long createdMs, long nowMs) {
        task.labelValues("Bound").observe(Math.max(0, nowMs - createdMs));
    }

    public void bindResult(String result) {
        binds.labelValues(result).inc();
    }

    /** Writes the Prometheus text format. */
    public void write(OutputStream out) throws IOException {
        PrometheusTextFormatWriter.create().write(out, registry.scrape(), EscapingScheme.DEFAULT);
    }

    public static String contentType() {
        return PrometheusTextFormatWriter.CONTENT_TYPE;
    }
}
