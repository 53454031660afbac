package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.Classes;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.Jobs;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Profiles;
import dev.caldera.kernel.framework.Queues;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;

import java.util.List;
import java.util.Map;

/**
 * A cluster for plugin tests: nodes, pods, PodGroups and queues go in as values (the cache's spec records stay
 * in this package: {@link Pod} for a pod), the test reads the tables through the framework's faces
 * ({@link #nodes()}, {@link #tasks()}, ...) and sessions as {@link SessionView}s, as a plugin does, moves tasks
 * through {@link Moves} and runs whole cycles through {@link PluginRun}. The cache, the session, the statement and
 * the scheduler stay behind this package, so a plugin test depends on the framework alone
 * ({@code KernelLayersTest.pluginTestsSeeTheFrameworkAlone}).
 */
public final class PluginCluster {
    final ClusterCache cache;

    public PluginCluster() {
        this(new ClusterCache());
    }

    PluginCluster(ClusterCache cache) {
        this.cache = cache;
    }

    /** The cluster behind {@code session} (a session this package opened). */
    public static PluginCluster of(SessionView session) {
        return new PluginCluster(((Session) session).cache());
    }

    // ------------------------------------------------------------------ changes (queued; applied at open or apply)

    /** Adds (or rewrites) node {@code name}, applies the change, and returns its row. */
    public int node(String name, ResourceList allocatable, Map<String, String> labels, List<Taint> taints,
                    boolean unschedulable) {
        upsertNode(name, allocatable, labels, taints, unschedulable);
        cache.applyChanges();
        return cache.nodeRow(name);
    }

    public void upsertNode(String name, ResourceList allocatable, Map<String, String> labels, List<Taint> taints,
                           boolean unschedulable) {
        cache.upsertNode(new NodeSpec(name, allocatable, labels, taints, unschedulable));
    }

    public void removeNode(String name) {
        cache.removeNode(name);
    }

    public void upsertTask(Pod pod) {
        cache.upsertTask(pod.spec);
    }

    public void removeTask(String uid) {
        cache.removeTask(uid);
    }

    /** A PodGroup (the cache's {@code JobSpec} fields, in order) without an sla-waiting-time annotation. */
    public void upsertJob(String namespace, String name, String queue, int minMember,
                          Map<String, Integer> minTaskMember, String priorityClassName, ResourceList minResources,
                          String phase, long creationMs) {
        cache.upsertJob(new JobSpec(namespace, name, queue, minMember, minTaskMember, priorityClassName,
                minResources, phase, creationMs));
    }

    /** A PodGroup with an sla-waiting-time annotation ({@code slaWaitingMs}, -1: none). */
    public void upsertJob(String namespace, String name, String queue, int minMember,
                          Map<String, Integer> minTaskMember, String priorityClassName, ResourceList minResources,
                          String phase, long creationMs, long slaWaitingMs) {
        cache.upsertJob(new JobSpec(namespace, name, queue, minMember, minTaskMember, priorityClassName,
                minResources, phase, creationMs, slaWaitingMs));
    }

    /** A queue (the cache's {@code QueueSpec} fields, in order) without hierarchical DRF annotations. */
    public void upsertQueue(String name, int weight, ResourceList capability, ResourceList guarantee,
                            ResourceList deserved, boolean reclaimable, String parent, int priority, String state,
                            long creationMs) {
        cache.upsertQueue(new QueueSpec(name, weight, capability, guarantee, deserved, reclaimable, parent, priority,
                state, creationMs));
    }

    /** A queue with hierarchical DRF annotations. */
    public void upsertQueue(String name, int weight, ResourceList capability, ResourceList guarantee,
                            ResourceList deserved, boolean reclaimable, String parent, int priority, String state,
                            long creationMs, String hierarchy, String hierarchyWeights) {
        cache.upsertQueue(new QueueSpec(name, weight, capability, guarantee, deserved, reclaimable, parent, priority,
                state, creationMs, hierarchy, hierarchyWeights));
    }

    /** An open queue with {@code weight} and nothing else set. */
    public void openQueue(String name, int weight) {
        cache.upsertQueue(QueueSpec.open(name, weight));
    }

    /** Applies the queued changes; returns how many were applied. */
    public int applyChanges() {
        return cache.applyChanges();
    }

    /**
     * Another reader than the next session takes the cache's snapshot, so that session copies every row (opens
     * whole), as after a session of another scheduler.
     */
    public void snapshotByAnotherReader() {
        cache.snapshotBy(new Object());
    }

    // ------------------------------------------------------------------ rows by name

    public int nodeRow(String name) {
        return cache.nodeRow(name);
    }

    public int taskRow(String uid) {
        return cache.taskRow(uid);
    }

    public int jobRow(String key) {
        return cache.jobRow(key);
    }

    public int queueRow(String name) {
        return cache.queueRow(name);
    }

    // ------------------------------------------------------------------ the cache's tables, as plugins read them

    /** The node specs as plugins read them (a new face over the cache's table, taken now). */
    public Nodes nodes() {
        return new Nodes(cache.nodes());
    }

    /** The symbol table as plugins read and intern into it. */
    public Names names() {
        return new Names(cache.symbols());
    }

    public Tasks tasks() {
        return new Tasks(cache.tasks());
    }

    public Classes classes() {
        return new Classes(cache.classes());
    }

    public Jobs jobs() {
        return new Jobs(cache.jobs());
    }

    public Queues queues() {
        return new Queues(cache.queues());
    }

    public Profiles<PlacementSpec> profiles() {
        return new Profiles<>(cache.profiles());
    }

    public Dimensions dims() {
        return new Dimensions(cache.dims());
    }

    /** The cache's status of {@code task} (what the informers and the last commit left). */
    public byte status(int task) {
        return cache.taskState().status(task);
    }

    /** The cache's node of {@code task} (-1: none). */
    public int nodeOf(int task) {
        return cache.taskState().node(task);
    }

    /** The cache's use of dimension {@code dim} on {@code node} (what the bound and running pods hold). */
    public long used(int dim, int node) {
        return cache.nodeUsage().used(dim, node);
    }

    /** The cache's phase of PodGroup {@code job}, as the last session closed it. */
    public byte phase(int job) {
        return cache.jobState().phase(job);
    }

    // ------------------------------------------------------------------ sessions and cycles

    /** Applies the queued changes and opens a session over one tier of {@code plugins}. */
    public SessionView open(PluginOption... plugins) {
        return Sessions.open(cache, plugins);
    }

    /** Applies the queued changes and opens a session over {@code tiers} of plugins. */
    public SessionView open(List<List<PluginOption>> tiers) {
        return Sessions.open(cache, tiers(tiers));
    }

    /**
     * A scheduler over this cluster with {@code actions} and {@code tiers} of plugins from the registry's
     * defaults; close it when done.
     */
    public PluginRun scheduler(List<String> actions, List<List<PluginOption>> tiers) {
        return new PluginRun(cache, actions, tiers(tiers));
    }

    static List<Tier> tiers(List<List<PluginOption>> tiers) {
        return tiers.stream().map(Tier::new).toList();
    }
}
