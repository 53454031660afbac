package dev.caldera.kernel.session;

import dev.caldera.kernel.framework.Topology;
import dev.caldera.kernel.topology.HyperNodeTree;
import dev.caldera.kernel.session.Session;

import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;

/**
 * A session's view of network topology: the cache's {@link HyperNodeTree}, the per-HyperNode sums
 * ({@link HyperNodeUsage}, kept exact by the session's task moves while {@link #tracking()}), and per job the
 * resolved network topology (Volcano's session-open adjustments: {@code highestTierName} mapped to a tier, soft
 * mode turned into hard mode up to the top tier), its {@link SubJobs} and the HyperNode it is allocated to.
 * <p>
 * Jobs with a {@code networkTopology} or sub-group policies are {@link #handled} by the topology-aware path of
 * allocate; others take the plain path. The scoring context ({@link #scoring}) tells the network-topology-aware
 * node scorer which HyperNode the job being placed has reached so far (Volcano's
 * {@code TaskInfo.JobAllocatedHyperNode}).
 * <p>
 * Threading: scheduling thread. Open O(nodes x tiers x dims + tasks of handled jobs) while sums are tracked, else
 * O(jobs with topology fields and their tasks); nothing is tracked in a session without HyperNodes, topology jobs or
 * the plugin.
 */
public final class TopologySession implements Topology {
    private HyperNodeTree tree;
    private final HyperNodeUsage usage = new HyperNodeUsage();
    private final JobTopologyResolver resolver = new JobTopologyResolver(this);
    private boolean tracking;

    boolean[] handled = new boolean[0];
    boolean[] withTopology = new boolean[0];
    boolean[] hard = new boolean[0];
    int[] highestTier = new int[0];
    int[] allocated = new int[0];
    SubJobs[] subJobs = new SubJobs[0];
    int[] subJobOfTask = new int[0];
    /** The jobs {@link #handled} in this session, in row order (the rows of {@link #handled} set). */
    final IntArrayList handledJobs = new IntArrayList();
    /** The task rows whose {@link #subJobOfTask} this session set (every other entry is -1). */
    final IntArrayList assignedTasks = new IntArrayList();
    private int handledCount;

    private int scoringTask = -1;
    private int scoringAllocated = -1;

    /** Builds the session's topology state; {@code pluginConfigured}: the network-topology-aware plugin is on. */
    public void open(Session s, boolean pluginConfigured) {
        tree = s.cache().topology().tree();
        ensure(s.jobTable().capacity(), s.taskTable().capacity());
        handledCount = resolver.open(s);
        tracking = tree != null && (tree.count() > 0 || handledCount > 0 || pluginConfigured);
        if (tracking) {
            usage.open(tree, s.nodeTable(), s.usage(), s.liveNodes());
        }
        resolver.recoverAllocated(s);
        scoringTask = -1;
    }

    /** Keeps each handled job's allocated HyperNodes in the cache for the next session. */
    public void close(Session s) {
        if (handledCount > 0) {
            resolver.keep(s);
        }
    }

    /** Sizes the per-job and per-task arrays and clears what the last open set (O(handled jobs and their tasks)). */
    private void ensure(int jobs, int tasks) {
        if (handled.length < jobs) {
            handled = new boolean[jobs];
            withTopology = new boolean[jobs];
            hard = new boolean[jobs];
            highestTier = new int[jobs];
            allocated = new int[jobs];
            subJobs = Arrays.copyOf(subJobs, jobs);
        } else {
            for (int i = 0; i < handledJobs.size(); i++) {
                handled[handledJobs.getInt(i)] = false;
            }
        }
        handledJobs.clear();
        if (subJobOfTask.length < tasks) {
            subJobOfTask = new int[tasks];
            Arrays.fill(subJobOfTask, -1);
        } else {
            for (int i = 0; i < assignedTasks.size(); i++) {
                subJobOfTask[assignedTasks.getInt(i)] = -1;
            }
        }
        assignedTasks.clear();
    }

    /** Whether HyperNode sums are kept in this session. */
    public boolean tracking() {
        return tracking;
    }

    /** A task is about to move between {@code fromNode} and {@code toNode} (either may be -1). */
    public void before(int fromNode, int toNode) {
        usage.before(fromNode, toNode);
    }

    public void after() {
        usage.after();
    }

    /** Allocate/pipeline (+1) or evict/take back (-1) of a task with {@code request} on {@code node}. */
    public void used(int node, long[] request, int sign) {
        if (tracking) {
            usage.used(node, request, sign);
        }
    }

    // ---------------------------------------------------------------- jobs

    /** Whether the job has a network topology or sub-groups (the topology-aware path places it). */
    public boolean handled(int job) {
        return job < handled.length && handled[job];
    }

    public int handledCount() {
        return handledCount;
    }

    /** The PodGroup sets a networkTopology (hard or soft, resolved or not). */
    public boolean withTopology(int job) {
        return handled(job) && withTopology[job];
    }

    /** Hard mode with a resolved tier (soft mode counts, up to the top tier). */
    public boolean hard(int job) {
        return handled(job) && hard[job];
    }

    public int highestTier(int job) {
        return highestTier[job];
    }

    /** The job's allocated HyperNode, or -1. */
    @Override
    public int allocated(int job) {
        return handled(job) ? allocated[job] : -1;
    }

    public void allocated(int job, int hyperNode) {
        allocated[job] = hyperNode;
    }

    public SubJobs subJobs(int job) {
        return handled(job) ? subJobs[job] : null;
    }

    /** The sub-job of a task of a handled job, or -1. */
    @Override
    public int subJobOf(int task) {
        return task < subJobOfTask.length ? subJobOfTask[task] : -1;
    }

    // ---------------------------------------------------------------- scoring context

    /** The task about to be scored and the HyperNode its job (sub-job) has reached so far (-1: none). */
    public void scoring(int task, int allocatedHyperNode) {
        scoringTask = task;
        scoringAllocated = allocatedHyperNode;
    }

    /** What {@link #scoring} said for {@code task}, or -1 when it was said for another task. */
    @Override
    public int scoringAllocated(int task) {
        return task == scoringTask ? scoringAllocated : -1;
    }

    /** The per-HyperNode sums (exact while {@link #tracking()}). */
    public HyperNodeUsage usage() {
        return usage;
    }

    public HyperNodeTree tree() {
        return tree;
    }

    // ---------------------------------------------------------------- Topology: what plugins read

    @Override
    public boolean hasTree() {
        return tree != null;
    }

    @Override
    public int hyperNodeCount() {
        return tree.count();
    }

    @Override
    public int leafOf(int node) {
        return tree.leafOf(node);
    }

    @Override
    public int tier(int hyperNode) {
        return tree.tier(hyperNode);
    }

    @Override
    public int minTier() {
        return tree.minTier();
    }

    @Override
    public int topTier() {
        return tree.topTier();
    }

    @Override
    public int lca(int a, int b) {
        return tree.lca(a, b);
    }

    @Override
    public boolean contains(int h, int node) {
        return tree.contains(h, node);
    }

    @Override
    public int chainStart(int node) {
        return tree.chainStart(node);
    }

    @Override
    public int chainEnd(int node) {
        return tree.chainStart(node + 1);
    }

    @Override
    public int chain(int i) {
        return tree.chain(i);
    }

    @Override
    public long allocatable(int dim, int h) {
        return usage.allocatable(dim, h);
    }

    @Override
    public long used(int dim, int h) {
        return usage.used(dim, h);
    }

    @Override
    public int subJobCount(int job) {
        SubJobs sj = subJobs(job);
        return sj == null ? 0 : sj.count();
    }

    @Override
    public boolean subJobWithTopology(int job, int sub) {
        return subJobs[job].withTopology(sub);
    }

    @Override
    public int subJobTaskCount(int job, int sub) {
        return subJobs[job].tasks(sub).size();
    }

    @Override
    public int subJobTask(int job, int sub, int i) {
        return subJobs[job].tasks(sub).getInt(i);
    }

    @Override
    public int subJobMinAvailable(int job, int sub) {
        return subJobs[job].minAvailable(sub);
    }

    @Override
    public int subJobPolicy(int job, int sub) {
        return subJobs[job].policy(sub);
    }

    @Override
    public int policyCount(int job) {
        SubJobs sj = subJobs(job);
        return sj == null ? 0 : sj.policyCount();
    }

    @Override
    public int minSubGroups(int job, int p) {
        return subJobs[job].minSubGroups(p);
    }
}
