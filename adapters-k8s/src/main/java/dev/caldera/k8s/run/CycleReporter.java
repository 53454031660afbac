package dev.caldera.k8s.run;

import dev.caldera.k8s.run.metrics.VolcanoMetrics;
import dev.caldera.k8s.run.status.StatusWriter;
import dev.caldera.k8s.simulate.CycleTimes;
import dev.caldera.k8s.simulate.PodEviction;
import dev.caldera.k8s.simulate.PodGroupStatus;
import dev.caldera.k8s.simulate.PodPlacement;
import dev.caldera.kernel.bind.StatusSink;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.FitErrors;
import dev.caldera.kernel.framework.QueueShare;
import dev.caldera.kernel.scheduler.CycleStats;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.session.Decisions;
import dev.caldera.kernel.session.QueueReports;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Reads what a cycle decided off the kernel's session right after it closed, on the scheduling thread: the
 * cycle's outcome, the PodGroup status and the pending pods' {@code PodScheduled=False} messages for the
 * {@link StatusWriter}, and the metrics. Cost O(jobs + pending tasks) per cycle.
 * <p>
 * Threading: the scheduling thread.
 */
final class CycleReporter {
    private final ClusterCache cache;
    private final Map<String, PodGroupStatus> statuses = new TreeMap<>();
    private final IntArrayList pipelinedRows = new IntArrayList();
    private final boolean[] noFlags = new boolean[0];
    private boolean[] pipelinedFlag = noFlags;
    private boolean collectStatuses = true;
    /** Per job row, the PodGroup key and queue its e2e series were started for (null: none). */
    private String[] seenKey = new String[0];
    private String[] seenQueue = new String[0];
    private final it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap placedByJob = new it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap();

    CycleReporter(ClusterCache cache) {
        this.cache = cache;
    }

    /** The kernel's status sink: records every PodGroup's status and hands it to the writer with its counts. */
    StatusSink statusSink(StatusWriter writer) {
        return (jobKey, phase, reasonText) -> {
            String reason = Objects.toString(reasonText, null);
            if (collectStatuses) {
                statuses.put(jobKey, new PodGroupStatus(jobKey, phase, reason));
            }
            int job = cache.jobRow(jobKey);
            writer.podGroup(jobKey, phase, reason, cache.jobState().count(job, TaskStatus.RUNNING),
                    cache.jobState().count(job, TaskStatus.SUCCEEDED), cache.jobState().count(job, TaskStatus.FAILED));
        };
    }

    /** {@code collectStatuses}: keep every PodGroup's status for the outcome (else its list is empty). */
    void beginCycle(boolean collectStatuses) {
        this.collectStatuses = collectStatuses;
        statuses.clear();
    }

    CycleOutcome endCycle(Scheduler scheduler, CycleStats stats, StatusWriter writer, VolcanoMetrics metrics) {
        Session session = scheduler.session();
        List<PodPlacement> binds = binds(session);
        List<PodEviction> evictions = evictions(session);
        List<PodPlacement> pipelined = pipelined(scheduler, session, writer);
        Map<String, Integer> unschedulable = unschedulablePods(scheduler, session, writer);
        int tasks = 0;
        for (int n : unschedulable.values()) {
            tasks += n;
        }
        int victims = 0;
        for (int i = 0; i < session.decisions().evictionCount(); i++) {
            victims += session.decisions().evictReason(i) == Decisions.PREEMPT ? 1 : 0;
        }
        List<QueueShare> queues = QueueReports.of(session);
        metrics.cycle(stats, binds.size(), tasks, victims);
        metrics.preemption(session.decisions().preemptionAttempts(),
                session.decisions().evictionTransactions(Decisions.PREEMPT),
                session.decisions().evictionTransactions(Decisions.RECLAIM));
        jobMetrics(session, metrics);
        metrics.unschedulable(unschedulable);
        metrics.queues(queues);
        return new CycleOutcome(stats.cycle(), binds, evictions, pipelined, new ArrayList<>(statuses.values()),
                times(stats), stats.pendingTasks(), stats.placed(), queues);
    }

    /**
     * Volcano's per-job e2e metrics: a PodGroup's start time when it first shows in a cycle (its series removed
     * when it leaves the cache, or moves to another queue), and for each PodGroup with tasks bound or pipelined
     * in this cycle its duration since creation and last time, one latency observation per task. O(job rows +
     * placed tasks).
     */
    private void jobMetrics(Session session, VolcanoMetrics metrics) {
        var jobs = cache.jobs();
        if (seenKey.length < jobs.rows()) {
            seenKey = java.util.Arrays.copyOf(seenKey, jobs.capacity());
            seenQueue = java.util.Arrays.copyOf(seenQueue, jobs.capacity());
        }
        for (int j = 0; j < seenKey.length; j++) {
            String key = j < jobs.rows() && jobs.hasSpec(j) ? jobs.key(j) : null;
            String queue = key == null ? null : jobs.queueName(j);
            if (Objects.equals(seenKey[j], key) && Objects.equals(seenQueue[j], queue)) {
                continue;
            }
            if (seenKey[j] != null) {
                metrics.jobGone(namespace(seenKey[j]), name(seenKey[j]), seenQueue[j]);
            }
            if (key != null) {
                metrics.jobSeen(namespace(key), name(key), queue, jobs.creationMs(j));
            }
            seenKey[j] = key;
            seenQueue[j] = queue;
        }
        placedByJob.clear();
        Decisions d = session.decisions();
        for (int i = 0; i < d.bindCount(); i++) {
            placedByJob.addTo(cache.tasks().job(d.bindTask(i)), 1);
        }
        for (int i = 0; i < pipelinedRows.size(); i++) {
            placedByJob.addTo(cache.tasks().job(pipelinedRows.getInt(i)), 1);
        }
        long nowMs = System.currentTimeMillis();
        for (var e : placedByJob.int2IntEntrySet()) {
            int j = e.getIntKey();
            String key = jobs.key(j);
            metrics.jobPlaced(namespace(key), name(key), jobs.queueName(j), jobs.creationMs(j), nowMs, e.getIntValue());
        }
    }

    private static String namespace(String jobKey) {
        return jobKey.substring(0, jobKey.indexOf('/'));
    }

    private static String name(String jobKey) {
        return jobKey.substring(jobKey.indexOf('/') + 1);
    }

    private List<PodPlacement> binds(Session session) {
        List<PodPlacement> out = new ArrayList<>();
        Decisions d = session.decisions();
        for (int i = 0; i < d.bindCount(); i++) {
            int t = d.bindTask(i);
            out.add(new PodPlacement(cache.tasks().uid(t), cache.tasks().key(t), cache.nodes().name(d.bindNode(i)),
                    cache.jobs().key(cache.tasks().job(t))));
        }
        out.sort(Comparator.comparing(PodPlacement::pod));
        return out;
    }

    private List<PodEviction> evictions(Session session) {
        List<PodEviction> out = new ArrayList<>();
        Decisions d = session.decisions();
        for (int i = 0; i < d.evictionCount(); i++) {
            int t = d.evictTask(i);
            out.add(new PodEviction(cache.tasks().uid(t), cache.tasks().key(t),
                    Decisions.reasonText(d.evictReason(i)), cache.jobs().key(cache.tasks().job(t))));
        }
        out.sort(Comparator.comparing(PodEviction::pod));
        return out;
    }

    private List<PodPlacement> pipelined(Scheduler scheduler, Session session, StatusWriter writer) {
        scheduler.pipelinedTasks(pipelinedRows);
        if (pipelinedFlag.length < cache.tasks().rows()) {
            pipelinedFlag = new boolean[cache.tasks().capacity()];
        }
        List<PodPlacement> out = new ArrayList<>(pipelinedRows.size());
        for (int i = 0; i < pipelinedRows.size(); i++) {
            int t = pipelinedRows.getInt(i);
            int job = cache.tasks().job(t);
            String node = cache.nodes().name(session.taskState().node(t));
            out.add(new PodPlacement(cache.tasks().uid(t), cache.tasks().key(t), node, cache.jobs().key(job)));
            pipelinedFlag[t] = true;
            // the pod's nominatedNodeName is the kernel's nomination: set where victims were evicted for it, else none
            int nominated = cache.nominations().nodeOf(t);
            writer.podUnschedulable(cache.tasks().key(t), cache.tasks().uid(t), message(scheduler, session, job),
                    nominated < 0 ? null : cache.nodes().name(nominated));
        }
        out.sort(Comparator.comparing(PodPlacement::pod));
        return out;
    }

    /** Pending pods of jobs that were not placed: their PodScheduled message; returns job name to count. */
    private Map<String, Integer> unschedulablePods(Scheduler scheduler, Session session, StatusWriter writer) {
        Map<String, Integer> byJob = new LinkedHashMap<>();
        for (int i = 0; i < session.jobCount(); i++) {
            int job = session.job(i);
            if (scheduler.reason(job) == null) {
                continue;
            }
            String message = message(scheduler, session, job);
            IntArrayList tasks = cache.jobs().tasks(job);
            int n = 0;
            for (int k = 0; k < tasks.size(); k++) {
                int t = tasks.getInt(k);
                if (cache.taskState().status(t) == TaskStatus.PENDING && !pipelinedFlag(t)) {
                    n++;
                    writer.podUnschedulable(cache.tasks().key(t), cache.tasks().uid(t), message, null);
                }
            }
            if (n > 0) {
                String key = cache.jobs().key(job);
                byJob.put(key.substring(key.indexOf('/') + 1), n);
            }
        }
        for (int i = 0; i < pipelinedRows.size(); i++) {
            pipelinedFlag[pipelinedRows.getInt(i)] = false;
        }
        return byJob;
    }

    private boolean pipelinedFlag(int t) {
        return t < pipelinedFlag.length && pipelinedFlag[t];
    }

    /** "0/N nodes are available: ..." when the job's tasks fit no node, else the job's reason. */
    private String message(Scheduler scheduler, Session session, int job) {
        FitErrors errors = session.conditions().fitErrors(job);
        String reason = scheduler.reason(job);
        if (errors != null && errors.nodes() > 0) {
            return errors.message(session.dims());
        }
        return reason == null ? "all nodes are unavailable" : reason;
    }

    private static CycleTimes times(CycleStats stats) {
        Map<String, Long> actions = new LinkedHashMap<>();
        for (int i = 0; i < stats.actionCount(); i++) {
            actions.merge(stats.actionName(i), stats.actionNs(i), Long::sum);
        }
        return new CycleTimes(stats.cycleNs(), stats.openNs(), actions);
    }
}
