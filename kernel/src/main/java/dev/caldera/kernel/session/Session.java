package dev.caldera.kernel.session;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.JobTable;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.NodeUsage;
import dev.caldera.kernel.cluster.QueueState;
import dev.caldera.kernel.cluster.QueueTable;
import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.util.RowMarks;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.cluster.TaskClasses;
import dev.caldera.kernel.cluster.TaskState;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.framework.Classes;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.JobConditions;
import dev.caldera.kernel.framework.Jobs;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Profiles;
import dev.caldera.kernel.framework.Queues;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.framework.Topology;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.PlacementProfiles;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.session.TopologySession;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * One scheduling cycle's view of the cluster. Spec tables (nodes, tasks, jobs, queues) are the cache's
 * own arrays, read by reference; the mutable state ({@link NodeUsage}, {@link TaskState},
 * {@link JobState}) is copied at {@link #open()} and changed only by this class: task and node moves by the
 * operations a {@code Statement} records, a PodGroup's phase by {@link #admit} and {@link #close()}.
 * <p>
 * The instance is reused from cycle to cycle, and an open moves only the rows that changed: the rows the cache
 * wrote since this session's last open (marked by the cache's state tables as changes are applied) and the rows
 * this session wrote in its last cycle (marked by its own copies). Those rows are copied, and the derived state
 * follows them: the jobs taking part (and the conditions of those left out), the changed rows the plugins see
 * ({@link #changedTaskCount()} etc.). Every row is copied when another session took the cache's last snapshot,
 * when dimensions were added, or when more than about a quarter of a table changed. A steady-state open
 * allocates nothing but whatever the plugins' own open does.
 * <p>
 * Threading: NOT thread safe; the scheduling thread only (filter workers read it while the scheduling
 * thread waits for them).
 */
public final class Session implements SessionView {
    /** The plugin whose presence makes the session track HyperNode sums (named, so the session needs no plugin). */
    private static final String NETWORK_TOPOLOGY_PLUGIN = "network-topology-aware";

    private final ClusterCache cache;
    private final PluginChain plugins;
    /** Whether the network-topology plugin is configured: looked up once (a chain's plugins are fixed when built). */
    private final boolean tracksTopology;
    private final ResourceDimensions dims;
    /** The registry as plugins see it (read only). */
    private final Dimensions dimView;
    private final Symbols symbols;
    private final PlacementProfiles profiles;
    private final NodeTable nodes;
    private final TaskTable tasks;
    private final TaskClasses classes;
    private final JobTable jobs;
    private final QueueTable queues;

    private final NodeUsage usage;
    private final TaskState taskState = new TaskState();
    private final JobState jobState = new JobState();
    private final NodeJournal journal = new NodeJournal();
    private final JobConditions conditions = new JobConditions();
    private final Decisions decisions = new Decisions();
    /** HyperNodes, their sums, and the jobs' network topology in this session. */
    private final TopologySession topology = new TopologySession();

    /** The read-only faces of the spec tables that plugins get ({@link SessionView}). */
    private final Nodes nodeView;
    private final Tasks taskView;
    private final Classes classView;
    private final Jobs jobView;
    private final Queues queueView;
    private final Names names;
    private final Profiles<PlacementSpec> profileView;
    private final Profiles<InterPodSpec> interPodView;

    /** Live node rows (the cache's array; read only). */
    private int[] nodeList = new int[0];
    private int nodeCount;
    /**
     * Jobs that take part in this session: PodGroup seen, queue known. Jobs that fail JobValid stay (current
     * Volcano keeps them in the session: plugins count them, their pods may be victims, enqueue may admit them);
     * the actions that place pods skip them ({@link #validAtOpen}, {@code PluginChain.jobValid}).
     */
    private final IntArrayList jobList = new IntArrayList();
    private boolean[] inSession = new boolean[0];
    private boolean[] validAtOpen = new boolean[0];
    /** Sum of allocatable over live nodes, per dimension. */
    private long[] totalAllocatable = new long[0];
    /** Per job row: IN (takes part), LEFT_OUT (PodGroup without a live queue) or 0 (no PodGroup). */
    private byte[] membership = new byte[0];
    /** Jobs left out (queue not found), row order, and the message each is reported with. */
    private final IntArrayList leftOut = new IntArrayList();
    private String[] leftOutMessage = new String[0];
    private String[] leftOutQueue = new String[0];
    private static final byte IN = 1;
    private static final byte LEFT_OUT = 2;
    /** Rows whose state may differ from the end of this session's previous cycle (all of them after a whole copy). */
    private final RowMarks openedNodes = new RowMarks();
    private final RowMarks openedTasks = new RowMarks();
    private final RowMarks openedJobs = new RowMarks();
    /**
     * Per job row: the last close computed the job's phase without writing it, in this session or in the cache. While
     * nothing of the job moves (it is not among the changed jobs at open nor written in the session since), the next
     * close would compute the same phase again: it reads the job's counts and minMember, its phase, and whether it
     * was found unschedulable in the session, which gang decides from those same rows.
     */
    private boolean[] phaseKept = new boolean[0];
    /** The cache's live-node array at the last open (a new array means the node set changed). */
    private int[] nodeListAtOpen;

    private Sinks sinks = Sinks.NONE;
    private LongSupplier clockMs = System::currentTimeMillis;
    private long nowMs;
    private long id;

    public Session(ClusterCache cache, PluginChain plugins) {
        this.cache = cache;
        this.plugins = plugins;
        this.tracksTopology = plugins.has(NETWORK_TOPOLOGY_PLUGIN);
        this.dims = cache.dims();
        this.dimView = new Dimensions(dims);
        this.symbols = cache.symbols();
        this.profiles = cache.profiles();
        this.nodes = cache.nodes();
        this.tasks = cache.tasks();
        this.classes = cache.classes();
        this.jobs = cache.jobs();
        this.queues = cache.queues();
        this.usage = new NodeUsage(dims.count());
        this.nodeView = new Nodes(nodes);
        this.taskView = new Tasks(tasks);
        this.classView = new Classes(classes);
        this.jobView = new Jobs(jobs);
        this.queueView = new Queues(queues);
        this.names = new Names(symbols);
        this.profileView = new Profiles<>(profiles);
        this.interPodView = new Profiles<>(cache.interPodProfiles());
    }

    public void sinks(Sinks sinks) {
        this.sinks = sinks;
    }

    public Sinks sinks() {
        return sinks;
    }

    /** Where {@link #nowMs()} comes from (wall clock by default; a simulator passes its own). */
    public void clock(LongSupplier clock) {
        this.clockMs = clock;
    }

    /** The time this session opened, in epoch milliseconds. */
    @Override
    public long nowMs() {
        return nowMs;
    }

    /** Increases with every open; plugins may use it to tell sessions apart. */
    @Override
    public long id() {
        return id;
    }

    // ------------------------------------------------------------------ the session's own tables (kernel readers)

    /**
     * The cache this session reads. The tables below are returned as they are, for the actions and selectors of
     * this cycle to read; their writing methods are called only by their owners (this class for the session's
     * copies, the cache for the spec tables: {@code KernelLayersTest.eachTableIsWrittenByItsOwnersAlone}).
     */
    public ClusterCache cache() {
        return cache;
    }

    public Symbols symbolTable() {
        return symbols;
    }

    public PlacementProfiles profileTable() {
        return profiles;
    }

    public NodeTable nodeTable() {
        return nodes;
    }

    public TaskTable taskTable() {
        return tasks;
    }

    public TaskClasses classTable() {
        return classes;
    }

    public JobTable jobTable() {
        return jobs;
    }

    public QueueTable queueTable() {
        return queues;
    }

    /** This session's node usage (written by {@link #move} alone). */
    public NodeUsage usage() {
        return usage;
    }

    /** This session's task status and node per task (written by the task moves alone). */
    public TaskState taskState() {
        return taskState;
    }

    /** This session's PodGroup phases, status counts and request sums. */
    public JobState jobState() {
        return jobState;
    }

    /** Nodes whose usage changed this session, for the selectors. */
    public NodeJournal journal() {
        return journal;
    }

    /** This cycle's binds, evictions and pipelines (the Statement writes them at commit). */
    public Decisions decisions() {
        return decisions;
    }

    /** The session's topology state itself, for the topology-aware actions (plugins get {@link #topology()}). */
    public TopologySession topologyState() {
        return topology;
    }

    // ------------------------------------------------------------------ SessionView: tables and members

    @Override
    public Dimensions dims() {
        return dimView;
    }

    @Override
    public Names symbols() {
        return names;
    }

    @Override
    public Profiles<PlacementSpec> profiles() {
        return profileView;
    }

    @Override
    public Profiles<InterPodSpec> interPodProfiles() {
        return interPodView;
    }

    @Override
    public Nodes nodes() {
        return nodeView;
    }

    @Override
    public Tasks tasks() {
        return taskView;
    }

    @Override
    public Classes classes() {
        return classView;
    }

    @Override
    public Jobs jobs() {
        return jobView;
    }

    @Override
    public Queues queues() {
        return queueView;
    }

    @Override
    public PluginChain plugins() {
        return plugins;
    }

    @Override
    public JobConditions conditions() {
        return conditions;
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public int nodeCount() {
        return nodeCount;
    }

    @Override
    public int node(int i) {
        return nodeList[i];
    }

    /**
     * The live node rows, positions 0 to {@link #nodeCount()} - 1: the cache's own array, handed to the
     * selectors and actions so that their node loops copy nothing. Read only.
     */
    public int[] liveNodes() {
        return nodeList;
    }

    @Override
    public int jobCount() {
        return jobList.size();
    }

    @Override
    public int job(int i) {
        return jobList.getInt(i);
    }

    @Override
    public long totalAllocatable(int dim) {
        return dim < totalAllocatable.length ? totalAllocatable[dim] : 0;
    }

    @Override
    public int nodeOf(int task) {
        return taskState.node(task);
    }

    @Override
    public byte phase(int job) {
        return jobState.phase(job);
    }

    @Override
    public int roleCount(int job, int slot, int bucket) {
        return jobState.roleCount(job, slot * JobState.STRIDE + bucket);
    }

    @Override
    public long allocatedRequest(int dim, int job) {
        return jobState.requests().allocated(dim, job);
    }

    @Override
    public long pipelinedRequest(int dim, int job) {
        return jobState.requests().pipelined(dim, job);
    }

    @Override
    public long pendingRequest(int dim, int job) {
        return jobState.requests().pending(dim, job);
    }

    @Override
    public long used(int dim, int node) {
        return usage.used(dim, node);
    }

    @Override
    public long idle(int dim, int node) {
        return usage.idle(dim, node);
    }

    // ------------------------------------------------------------------ lifecycle

    /**
     * Snapshots the cache's state (only the rows changed since this session's last open, see the class comment),
     * opens every plugin, and notes which jobs are valid.
     */
    public void open() {
        id++;
        nowMs = clockMs.getAsLong();
        nodeView.refresh();
        taskView.refresh();
        classView.refresh();
        boolean incremental = cache.snapshotBy(this);
        copyState(incremental);
        nodeList = cache.liveNodes();
        nodeCount = nodeList.length;
        if (nodeList != nodeListAtOpen) {
            openedNodes.markAll();
            nodeListAtOpen = nodeList;
        }
        journal.reset();
        decisions.clear();
        conditions.open(jobs.capacity());
        sumAllocatable();
        selectJobs();
        topology.open(this, tracksTopology);
        plugins.open(this);
        noteValidJobs();
    }

    /**
     * Makes the session's state tables equal to the cache's: when {@code incremental} (this session took the cache's
     * last snapshot), only the rows either side marked since are copied; the rows copied are left in the
     * {@code opened*} marks for the derived state and the plugins, and both sides' marks are cleared.
     */
    private void copyState(boolean incremental) {
        boolean sameDims = usage.dims() == cache.nodeUsage().dims()
                && jobState.requests().dims() == cache.jobState().requests().dims();
        boolean whole = !incremental || !sameDims;
        union(openedNodes, cache.nodeUsage().changed(), usage.changed(), whole);
        union(openedTasks, cache.taskState().changed(), taskState.changed(), whole);
        union(openedJobs, cache.jobState().changed(), jobState.changed(), whole);
        if (openedNodes.all()) {
            usage.copyFrom(cache.nodeUsage(), nodes.rows());
        } else {
            usage.copyRows(cache.nodeUsage(), openedNodes, nodes.rows());
        }
        if (openedTasks.all()) {
            taskState.copyFrom(cache.taskState(), tasks.rows());
        } else {
            taskState.copyRows(cache.taskState(), openedTasks, tasks.rows());
        }
        if (openedJobs.all()) {
            jobState.copyFrom(cache.jobState(), jobs.rows());
        } else {
            jobState.copyRows(cache.jobState(), openedJobs, jobs.rows());
        }
        cache.nodeUsage().changed().clear();
        cache.taskState().changed().clear();
        cache.jobState().changed().clear();
        usage.changed().clear();
        taskState.changed().clear();
        jobState.changed().clear();
    }

    private static void union(RowMarks out, RowMarks a, RowMarks b, boolean whole) {
        out.clear();
        if (whole || a.all() || b.all()) {
            out.markAll();
            return;
        }
        for (int i = 0; i < a.size(); i++) {
            out.mark(a.row(i));
        }
        for (int i = 0; i < b.size(); i++) {
            out.mark(b.row(i));
        }
    }

    // ------------------------------------------------------------------ what changed at this open

    /**
     * True when this open copied every row (the first open, another session opened on the cache in between, new
     * dimensions, or too many changes): a plugin that keeps state across sessions must then rebuild it. When false,
     * every task, job and node whose state or spec may differ from what it was when this session's previous cycle
     * ended is listed by {@link #changedTask}, {@link #changedJob} and {@link #changedNode}; every other row is as the
     * previous cycle left it.
     */
    @Override
    public boolean openedWhole() {
        return openedTasks.all() || openedJobs.all() || openedNodes.all();
    }

    @Override
    public int changedTaskCount() {
        return openedTasks.size();
    }

    @Override
    public int changedTask(int i) {
        return openedTasks.row(i);
    }

    @Override
    public int changedJobCount() {
        return openedJobs.size();
    }

    @Override
    public int changedJob(int i) {
        return openedJobs.row(i);
    }

    @Override
    public int changedNodeCount() {
        return openedNodes.size();
    }

    @Override
    public int changedNode(int i) {
        return openedNodes.row(i);
    }

    /**
     * Closes plugins, computes PodGroup phases (of the jobs whose phase may have moved, {@link #phaseKept}) and writes
     * them back to the cache and the status sink, and drops the nominations of pods this cycle did not place (a bound
     * pod's went at commit), so that no nomination holds room for longer than the pod keeps failing to get it.
     */
    public void close() {
        plugins.close(this);
        cache.nominations().dropUnplaced(taskState, nodes.rows());
        topology.close(this);
        if (phaseKept.length < jobs.capacity()) {
            phaseKept = Arrays.copyOf(phaseKept, jobs.capacity());
        }
        boolean whole = openedWhole();
        for (int i = 0; i < jobList.size(); i++) {
            int job = jobList.getInt(i);
            if (!whole && phaseKept[job] && !openedJobs.has(job) && !jobState.changed().has(job)) {
                continue;
            }
            byte phase = PodGroupPhase.of(this, job);
            boolean kept = true;
            if (phase != jobState.phase(job)) {
                jobState.phase(job, phase);
                kept = false;
            }
            if (phase != cache.jobState().phase(job)) {
                cache.jobState().phase(job, phase);
                kept = false;
            }
            phaseKept[job] = kept;
        }
    }

    /** The cache keeps the sum of the live nodes' allocatable as nodes change; copied (O(dims)). */
    private void sumAllocatable() {
        int d = dims.count();
        if (totalAllocatable.length != d) {
            totalAllocatable = new long[d];
        }
        for (int dim = 0; dim < d; dim++) {
            totalAllocatable[dim] = cache.totalAllocatable(dim);
        }
    }

    /**
     * The jobs taking part: those with a PodGroup whose queue exists, in row order; the others with a PodGroup are
     * left out with the QueueNotFound condition. Only changed jobs are looked at again, and one that joined or left is
     * moved in the lists by itself; they are rebuilt after a whole open or when the job rows grew.
     */
    private void selectJobs() {
        boolean grown = membership.length < jobs.capacity();
        if (grown) {
            membership = Arrays.copyOf(membership, jobs.capacity());
            inSession = Arrays.copyOf(inSession, jobs.capacity());
            leftOutMessage = Arrays.copyOf(leftOutMessage, jobs.capacity());
            leftOutQueue = Arrays.copyOf(leftOutQueue, jobs.capacity());
        }
        boolean rebuild = grown;
        if (openedJobs.all()) {
            for (int j = 0; j < jobs.capacity(); j++) {
                rebuild |= classify(j);
            }
        } else {
            for (int i = 0; i < openedJobs.size(); i++) {
                int j = openedJobs.row(i);
                byte was = membership[j];
                if (classify(j) && !grown) {
                    relist(j, was);
                }
            }
        }
        if (rebuild) {
            jobList.clear();
            leftOut.clear();
            for (int j = 0; j < jobs.rows(); j++) {
                if (membership[j] == IN) {
                    jobList.add(j);
                } else if (membership[j] == LEFT_OUT) {
                    leftOut.add(j);
                }
            }
        }
        for (int i = 0; i < leftOut.size(); i++) {
            int j = leftOut.getInt(i);
            conditions.invalid(j, "QueueNotFound", leftOutMessage[j]);
        }
    }

    /**
     * Moves job row {@code j} from the list of its membership {@code was} to that of its membership now, each list in
     * row order: what rebuilding both from every row would give, for a few changed jobs.
     */
    private void relist(int j, byte was) {
        IntArrayList from = was == IN ? jobList : was == LEFT_OUT ? leftOut : null;
        IntArrayList to = membership[j] == IN ? jobList : membership[j] == LEFT_OUT ? leftOut : null;
        if (from != null) {
            from.removeInt(Arrays.binarySearch(from.elements(), 0, from.size(), j));
        }
        if (to != null) {
            to.add(-Arrays.binarySearch(to.elements(), 0, to.size(), j) - 1, j);
        }
    }

    /** Whether job row {@code j} takes part; true when that changed. */
    private boolean classify(int j) {
        byte was = membership[j];
        byte now = 0;
        if (j < jobs.rows() && jobs.hasSpec(j)) {
            int q = jobs.queue(j);
            now = q < 0 || !queues.live(q) ? LEFT_OUT : IN;
        }
        if (now == LEFT_OUT) {
            if (was != LEFT_OUT || !Objects.equals(leftOutQueue[j], jobs.queueName(j))) {
                leftOutQueue[j] = jobs.queueName(j);
                leftOutMessage[j] = "queue " + jobs.queueName(j) + " does not exist";
            }
        } else {
            leftOutQueue[j] = null;
            leftOutMessage[j] = null;
        }
        membership[j] = now;
        inSession[j] = now == IN;
        return was != now;
    }

    /**
     * Asks JobValid of every job taking part, or, when the open was incremental and every JobValid reads the job's
     * own rows alone ({@link PluginChain#jobValidReadsJobAlone()}), of the changed jobs only: a job not listed has
     * the spec, counts and tasks it had at this session's last open (its own writes since are listed), so its
     * verdict stands.
     */
    private void noteValidJobs() {
        if (validAtOpen.length < inSession.length) {
            validAtOpen = new boolean[inSession.length];
        } else if (!openedWhole() && plugins.jobValidReadsJobAlone()) {
            for (int i = 0; i < openedJobs.size(); i++) {
                int job = openedJobs.row(i);
                validAtOpen[job] = inSession(job) && plugins.jobValid(job) == null;
            }
            return;
        } else {
            Arrays.fill(validAtOpen, false);
        }
        for (int i = 0; i < jobList.size(); i++) {
            int job = jobList.getInt(i);
            validAtOpen[job] = plugins.jobValid(job) == null;
        }
    }

    /** True when the job takes part in this session. */
    @Override
    public boolean inSession(int job) {
        return job >= 0 && job < inSession.length && inSession[job];
    }

    /**
     * True when the job takes part in this session and passed JobValid when it opened. Actions ask
     * {@code plugins.jobValid} themselves when they start, as Volcano's do (evictions earlier in the session can
     * make a job invalid); this flag serves checks on the hot path (whose nominations hold room).
     */
    @Override
    public boolean validAtOpen(int job) {
        return inSession(job) && validAtOpen[job];
    }

    // ------------------------------------------------------------------ orders with Volcano's fallbacks

    /** Negative when job {@code a} goes first: plugins, then creation time, then key. */
    @Override
    public int compareJobs(int a, int b) {
        int c = plugins.compareJobs(a, b);
        if (c != 0) {
            return c;
        }
        c = Long.compare(jobs.creationMs(a), jobs.creationMs(b));
        return c != 0 ? c : jobs.key(a).compareTo(jobs.key(b));
    }

    /**
     * Negative when task {@code a} goes first: plugins, then the pod-name index, then creation, then
     * namespace/name (not the uid: decisions must not depend on the UIDs an API server happened to assign).
     */
    @Override
    public int compareTasks(int a, int b) {
        int c = plugins.compareTasks(a, b);
        if (c != 0) {
            return c;
        }
        long ia = tasks.nameIndex(a);
        long ib = tasks.nameIndex(b);
        if (ia >= 0 && ib >= 0 && ia != ib) {
            return Long.compare(ia, ib);
        }
        c = Long.compare(tasks.creationMs(a), tasks.creationMs(b));
        return c != 0 ? c : tasks.key(a).compareTo(tasks.key(b));
    }

    /** Negative when queue {@code a} goes first: plugins, then creation time, then name. */
    @Override
    public int compareQueues(int a, int b) {
        int c = plugins.compareQueues(a, b);
        if (c != 0) {
            return c;
        }
        c = Long.compare(queues.creationMs(a), queues.creationMs(b));
        return c != 0 ? c : queues.name(a).compareTo(queues.name(b));
    }

    /** Admits a Pending PodGroup to its queue (Pending to Inqueue): what enqueue does, or allocate without it. */
    public void admit(int job) {
        if (jobState.phase(job) == JobPhase.PENDING) {
            jobState.phase(job, JobPhase.INQUEUE);
        }
    }

    @Override
    public boolean queueOpen(int queue) {
        return queues.state(queue) == QueueState.OPEN;
    }

    // ------------------------------------------------------------------ task views

    /**
     * The task's request vector: its class's own array, for the kernel's readers (selectors, actions, reports);
     * plugins get {@link #requestOf}. Read only.
     */
    public long[] request(int task) {
        return classes.request(tasks.taskClass(task));
    }

    @Override
    public Request requestOf(int task) {
        return classView.request(tasks.taskClass(task));
    }

    @Override
    public byte status(int task) {
        return taskState.status(task);
    }

    @Override
    public int jobOf(int task) {
        return tasks.job(task);
    }

    @Override
    public int queueOf(int task) {
        return jobs.queue(tasks.job(task));
    }

    @Override
    public boolean bestEffort(int task) {
        return classes.bestEffort(tasks.taskClass(task));
    }

    /** Tasks of {@code job} in {@code status} counted without walking tasks. */
    @Override
    public int count(int job, int bucket) {
        return jobState.count(job, bucket);
    }

    /** Bound + Binding + Running + Allocated + Succeeded (Volcano's ReadyTaskNum). */
    @Override
    public int readyCount(int job) {
        return count(job, TaskStatus.ALLOCATED) + count(job, TaskStatus.BINDING) + count(job, TaskStatus.BOUND)
                + count(job, TaskStatus.RUNNING) + count(job, TaskStatus.SUCCEEDED);
    }

    // ------------------------------------------------------------------ operations (Statement calls these)

    /** Pending to Allocated on {@code node}; fires allocated. */
    public void allocate(int task, int node) {
        move(task, TaskStatus.ALLOCATED, node);
        topology.used(node, request(task), 1);
        plugins.allocated(task);
    }

    /** Pending to Pipelined on {@code node} (waits for releasing resources); fires allocated. */
    public void pipeline(int task, int node) {
        move(task, TaskStatus.PIPELINED, node);
        topology.used(node, request(task), 1);
        plugins.allocated(task);
    }

    /** To Releasing on its node; fires deallocated. */
    public void evict(int task) {
        move(task, TaskStatus.RELEASING, taskState.node(task));
        topology.used(taskState.node(task), request(task), -1);
        journal.freed();
        plugins.deallocated(task);
    }

    /** Undoes allocate or pipeline: back to Pending, off the node; fires deallocated. */
    public void unplace(int task) {
        topology.used(taskState.node(task), request(task), -1);
        move(task, TaskStatus.PENDING, -1);
        journal.freed();
        plugins.deallocated(task);
    }

    /** Undoes evict: back to {@code previous}; fires allocated. */
    public void unevict(int task, byte previous) {
        move(task, previous, taskState.node(task));
        topology.used(taskState.node(task), request(task), 1);
        plugins.allocated(task);
    }

    /** Commit step for an allocated task: Binding in the session and the cache. */
    public void markBinding(int task) {
        int node = taskState.node(task);
        if (taskState.status(task) == TaskStatus.ALLOCATED && cache.nominations().nodeOf(task) < 0) {
            // Allocated and Binding take the same from the node: its usage (and so every fit and score on it, and its
            // HyperNodes' sums) stays as it is, so the node gets no journal record for the selectors to catch up on;
            // only the task's and its job's counts move. A nominated task goes the long way: its nomination ends
            taskState.set(task, TaskStatus.BINDING, node);
            jobState.move(tasks.job(task), cache.roleSlot(task), bestEffort(task), request(task),
                    TaskStatus.ALLOCATED, TaskStatus.BINDING);
        } else {
            move(task, TaskStatus.BINDING, node);
        }
        cache.markBinding(task, node);
    }

    private void move(int task, byte status, int node) {
        long[] req = request(task);
        byte old = taskState.status(task);
        int oldNode = taskState.node(task);
        boolean tracked = topology.tracking();
        if (tracked) {
            topology.before(oldNode, node);
        }
        if (oldNode >= 0) {
            usage.remove(oldNode, req, old);
            journal.touched(oldNode);
        }
        taskState.set(task, status, node);
        if (node >= 0) {
            usage.add(node, req, status);
            if (node != oldNode) {
                journal.touched(node);
            }
        }
        jobState.move(tasks.job(task), cache.roleSlot(task), bestEffort(task), req, old, status);
        if (tracked) {
            topology.after();
        }
        int nominated = cache.nominations().nodeOf(task);
        if (nominated >= 0 && nominated != node && nominated != oldNode) {
            journal.touched(nominated);
        }
    }
}
