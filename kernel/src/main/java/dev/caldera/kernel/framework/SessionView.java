package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.PlacementSpec;

/**
 * What a plugin may read of one scheduling cycle: the session's own state (task status and node, job phase,
 * status counts and request sums, node usage) through primitive getters, and the cache's spec tables through
 * read-only classes of this package ({@link Nodes}, {@link Tasks}, {@link Classes}, {@link Jobs}, {@link Queues},
 * {@link Names}, {@link Profiles}), which hand out no table. Plugins receive this view, never the
 * {@code Session}: every write to session state goes through the {@code Statement} (task and node moves) or
 * the session itself (PodGroup phases), so a plugin's only outputs are its extension-point answers and the
 * {@link JobConditions} it reports.
 * <p>
 * Threading: the scheduling thread, and filter workers while the scheduling thread waits for them. Cost: every
 * getter is O(1) (or O(dims)) and allocation-free; the one implementation is final, so the JIT inlines them.
 */
public interface SessionView {

    // ------------------------------------------------------------------ the cache's spec tables (read only)

    Dimensions dims();

    Names symbols();

    Profiles<PlacementSpec> profiles();

    Profiles<InterPodSpec> interPodProfiles();

    Nodes nodes();

    Tasks tasks();

    Classes classes();

    Jobs jobs();

    Queues queues();

    /** The resolved plugins of this session, for a plugin that consults the chain (victim orders). */
    PluginChain plugins();

    /** What plugins and actions report about jobs this session (conditions, fit errors). */
    JobConditions conditions();

    /** HyperNodes, their sums, and the jobs' network topology in this session. */
    Topology topology();

    // ------------------------------------------------------------------ session identity and time

    /** The time this session opened, in epoch milliseconds. */
    long nowMs();

    /** Increases with every open; plugins may use it to tell sessions apart. */
    long id();

    // ------------------------------------------------------------------ what changed since the last cycle

    /**
     * True when this open took every row afresh (first open, another session opened on the same cache, new
     * resource dimensions, many changes): a plugin that keeps totals across sessions rebuilds them. When false,
     * the rows listed by {@link #changedTask}, {@link #changedJob} and {@link #changedNode} are the only ones whose
     * state or spec may differ from what they were when this session's previous cycle closed (its own moves in
     * that cycle included); a row may be listed without having changed.
     */
    boolean openedWhole();

    /** Tasks listed as changed at this open (meaningless when {@link #openedWhole()}). */
    int changedTaskCount();

    /** The row of the {@code i}-th changed task. */
    int changedTask(int i);

    /** Jobs listed as changed at this open (meaningless when {@link #openedWhole()}). */
    int changedJobCount();

    /** The row of the {@code i}-th changed job. */
    int changedJob(int i);

    /** Nodes listed as changed at this open (meaningless when {@link #openedWhole()}). */
    int changedNodeCount();

    /** The row of the {@code i}-th changed node. */
    int changedNode(int i);

    // ------------------------------------------------------------------ members

    /** Live nodes in this session. */
    int nodeCount();

    /** The row of the {@code i}-th live node, {@code 0 <= i < nodeCount()}. */
    int node(int i);

    /** Jobs that take part in this session. */
    int jobCount();

    /** The row of the {@code i}-th job of this session, {@code 0 <= i < jobCount()}. */
    int job(int i);

    /** True when the job takes part in this session. */
    boolean inSession(int job);

    /** True when the job takes part in this session and passed JobValid when it opened. */
    boolean validAtOpen(int job);

    /** Sum of allocatable over live nodes in dimension {@code dim} (0 for a dimension added after open). */
    long totalAllocatable(int dim);

    // ------------------------------------------------------------------ task state

    /** The task's status in this session ({@code TaskStatus}). */
    byte status(int task);

    /** Whether the task holds or is about to hold room on its node (allocated, binding, bound, running, releasing or pipelined). */
    default boolean onNode(int task) {
        return TaskStatus.onNode(status(task));
    }

    /** The node the task is on or placed on in this session, or -1. */
    int nodeOf(int task);

    /** The task's request vector, read only (its class's {@link Request}, shared by every task of the class). */
    Request requestOf(int task);

    int jobOf(int task);

    int queueOf(int task);

    boolean bestEffort(int task);

    // ------------------------------------------------------------------ job state

    /** The PodGroup phase in this session ({@code JobPhase}). */
    byte phase(int job);

    /** Tasks of {@code job} in status bucket {@code bucket} ({@code TaskStatus} or {@code JobState}'s extra). */
    int count(int job, int bucket);

    /** Tasks of role slot {@code slot} of {@code job} in {@code bucket}. */
    int roleCount(int job, int slot, int bucket);

    /** Bound + Binding + Running + Allocated + Succeeded (Volcano's ReadyTaskNum). */
    int readyCount(int job);

    /** Sum of the requests of the job's tasks in an allocated status, in dimension {@code dim}. */
    long allocatedRequest(int dim, int job);

    /** Sum of the requests of the job's Pipelined tasks, in dimension {@code dim}. */
    long pipelinedRequest(int dim, int job);

    /** Sum of the requests of the job's Pending tasks, in dimension {@code dim}. */
    long pendingRequest(int dim, int job);

    // ------------------------------------------------------------------ node state

    /** Requests of the tasks on {@code node} in dimension {@code dim}. */
    long used(int dim, int node);

    /** Allocatable minus used on {@code node} in dimension {@code dim}. */
    long idle(int dim, int node);

    // ------------------------------------------------------------------ orders with Volcano's fallbacks

    /** Negative when job {@code a} goes first: plugins, then creation time, then key. */
    int compareJobs(int a, int b);

    /** Negative when task {@code a} goes first: plugins, then pod-name index, creation, namespace/name. */
    int compareTasks(int a, int b);

    /** Negative when queue {@code a} goes first: plugins, then creation time, then name. */
    int compareQueues(int a, int b);

    boolean queueOpen(int queue);
}
