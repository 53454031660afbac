package dev.caldera.k8s.simulate;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.plugin.capacity.CapacityPlugin;
import dev.caldera.kernel.plugin.drf.DrfPlugin;
import dev.caldera.kernel.scheduler.CycleMetrics;
import dev.caldera.kernel.scheduler.CycleStats;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import dev.caldera.kernel.session.QueueReports;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Runs the kernel's scheduler over a {@link SimulatedCluster}, one cycle at a time, and plays each cycle's
 * decisions back into the cluster before the next. The session clock starts at the newest creation time in
 * the input and advances one second per cycle (Volcano's schedule period), so runs are reproducible.
 * <p>
 * Threading: one thread.
 */
public final class Simulation implements AutoCloseable {
    private static final long PERIOD_MS = 1_000;

    private SimulatedCluster cluster;
    private final ClusterCache cache = new ClusterCache();
    private final Scheduler scheduler;
    private final List<PodPlacement> binds = new ArrayList<>();
    private final List<PodEviction> evictions = new ArrayList<>();
    private final Map<String, PodGroupStatus> statuses = new TreeMap<>();
    private final IntArrayList pipelinedRows = new IntArrayList();
    private final java.util.LinkedHashSet<String> queueProblems = new java.util.LinkedHashSet<>();
    private long startMs;
    private int cycle;

    /**
     * Builds the scheduler for {@code conf} before any cluster is read, so that a configuration the scheduler
     * refuses, and its warnings, come first; {@link #load} then gives it the cluster.
     */
    public Simulation(SchedulerConf conf, SchedulerOptions options) {
        Sinks sinks = new Sinks(
                // the PodGroup is looked up when the cycle is reported (withGroups), not on the scheduling thread's
                // way through allocate: a map look-up by uid per bind, 2% of the 5,000-node dump's first allocate
                (uid, key, node) -> binds.add(new PodPlacement(uid, key, node, null)),
                (uid, key, reason) -> evictions.add(new PodEviction(uid, key, reason, cluster.groupOf(uid))),
                (job, phase, reason) -> statuses.put(job, new PodGroupStatus(job, phase, Objects.toString(reason, null),
                        cache.topology().allocatedHyperNode(cache.jobRow(job)))));
        this.scheduler = new Scheduler(cache, conf, PluginRegistry.defaults(), options, sinks);
        scheduler.clock(() -> startMs + (cycle - 1) * PERIOD_MS);
    }

    public Simulation(SimulatedCluster cluster, SchedulerConf conf) {
        this(conf, SchedulerOptions.DEFAULT);
        load(cluster);
    }

    /** Gives the simulation its cluster (once, before the first cycle). */
    public void load(SimulatedCluster cluster) {
        if (this.cluster != null) {
            throw new IllegalStateException("the simulation already has a cluster");
        }
        this.cluster = cluster;
        this.startMs = newestCreationMs(cluster);
        cluster.feed(cache);
    }

    /** Runs one cycle, records it, then plays its decisions into the cluster. */
    public CycleReport runCycle() {
        cycle++;
        binds.clear();
        evictions.clear();
        statuses.clear();
        CycleStats stats = scheduler.runOnce();
        List<PodPlacement> pipelined = pipelined();
        CycleReport report = new CycleReport(cycle, sorted(withGroups(binds)), sortedEvictions(), pipelined,
                new ArrayList<>(statuses.values()), CycleTimes.of(stats), stats.pendingTasks(), stats.placed(),
                QueueReports.of(scheduler.session()));
        collectQueueProblems();
        play(report);
        return report;
    }

    /** {@code placements} with each pod's PodGroup, which the cluster does not change during a cycle. */
    private List<PodPlacement> withGroups(List<PodPlacement> placements) {
        for (int i = 0; i < placements.size(); i++) {
            PodPlacement p = placements.get(i);
            placements.set(i, new PodPlacement(p.uid(), p.pod(), p.node(), cluster.groupOf(p.uid())));
        }
        return placements;
    }

    private List<PodPlacement> pipelined() {
        scheduler.pipelinedTasks(pipelinedRows);
        List<PodPlacement> out = new ArrayList<>(pipelinedRows.size());
        for (int i = 0; i < pipelinedRows.size(); i++) {
            int t = pipelinedRows.getInt(i);
            String uid = cache.tasks().uid(t);
            int node = scheduler.session().taskState().node(t);
            out.add(new PodPlacement(uid, cache.tasks().key(t), cache.nodes().name(node), cluster.groupOf(uid)));
        }
        return sorted(out);
    }

    private void play(CycleReport report) {
        for (PodPlacement b : report.binds()) {
            cluster.bound(b.uid(), b.node(), cache);
        }
        for (PodEviction e : report.evictions()) {
            cluster.evicted(e.uid(), cache);
        }
        cluster.nominations(cache);
    }

    private static List<PodPlacement> sorted(List<PodPlacement> list) {
        List<PodPlacement> out = new ArrayList<>(list);
        out.sort(Comparator.comparing(PodPlacement::pod));
        return out;
    }

    private List<PodEviction> sortedEvictions() {
        List<PodEviction> out = new ArrayList<>(evictions);
        out.sort(Comparator.comparing(PodEviction::pod));
        return out;
    }

    private static long newestCreationMs(SimulatedCluster cluster) {
        long newest = 0;
        for (TaskSpec t : cluster.tasks().values()) {
            newest = Math.max(newest, t.creationMs());
        }
        for (JobSpec j : cluster.jobs().values()) {
            newest = Math.max(newest, j.creationMs());
        }
        return newest;
    }

    public SimulatedCluster cluster() {
        return cluster;
    }

    /** Cycle and action durations recorded so far (HdrHistograms, nanoseconds). */
    public CycleMetrics metrics() {
        return scheduler.metrics();
    }

    /** Where objects the kernel's cache refuses are reported (kind, name, field, reason; each when refused). */
    public void refusedObjects(java.util.function.Consumer<String> sink) {
        cache.rejections(refused -> sink.accept("the scheduler's cache refused " + refused.getMessage()));
    }

    /** Where what the kernel finds wrong with the HyperNodes goes (each problem once, when found). */
    public void hyperNodeProblems(java.util.function.Consumer<String> sink) {
        cache.topology().problemSink(sink);
    }

    /**
     * What the queue plugins found wrong with the queue hierarchy in any cycle so far, each once: the capacity
     * plugin's reason for refusing a cycle and what it only reports, hierarchical DRF's weight problems.
     */
    public java.util.List<String> queueProblems() {
        return new java.util.ArrayList<>(queueProblems);
    }

    private void collectQueueProblems() {
        CapacityPlugin capacity = scheduler.session().plugins().plugin(CapacityPlugin.class);
        if (capacity != null) {
            if (capacity.problem() != null) {
                queueProblems.add("queue hierarchy: " + capacity.problem() + "; the capacity plugin refuses every"
                        + " job while this lasts, as Volcano's does");
            }
            capacity.hierarchyWarnings().forEach(w -> queueProblems.add("queue hierarchy: " + w));
        }
        DrfPlugin drf = scheduler.session().plugins().plugin(DrfPlugin.class);
        if (drf != null) {
            drf.hierarchyProblems().forEach(queueProblems::add);
        }
    }

    /** Cluster changes the kernel refused (each was logged); 0 when the input converted cleanly. */
    public long rejectedChanges() {
        return cache.rejectedChanges();
    }

    @Override
    public void close() {
        scheduler.close();
    }
}
