package dev.caldera.kernel.framework;

import dev.caldera.kernel.topology.HyperNodeTree;
import dev.caldera.kernel.topology.SubJobs;
import dev.caldera.kernel.topology.TopologySession;

/**
 * The session's network topology as a plugin reads it: the HyperNode tree (ids {@code 0..hyperNodeCount()-1} and
 * the virtual root), each HyperNode's resource sums, the jobs' sub-jobs and the scoring context the topology-aware
 * allocate sets. Only the session and the topology-aware path of allocate write any of it.
 * <p>
 * Threading: the scheduling thread. Cost: O(1) getters except {@link #lca} (O(depth)) and {@link #contains}
 * (O(tiers)); no allocation; final, so the JIT inlines through it.
 */
public final class Topology {
    private final TopologySession session;

    public Topology(TopologySession session) {
        this.session = session;
    }

    /** False in a session without HyperNodes: every other tree getter then fails. */
    public boolean hasTree() {
        return session.tree() != null;
    }

    /** Real HyperNodes; the virtual root has id {@code hyperNodeCount()}. */
    public int hyperNodeCount() {
        return session.tree().count();
    }

    /** The HyperNode of the lowest tier holding node row {@code node}, or -1. */
    public int leafOf(int node) {
        return session.tree().leafOf(node);
    }

    public int tier(int hyperNode) {
        return session.tree().tier(hyperNode);
    }

    /** The lowest tier of the cluster's HyperNodes. */
    public int minTier() {
        return session.tree().minTier();
    }

    /** The virtual root's tier, one above the highest real one. */
    public int topTier() {
        return session.tree().topTier();
    }

    /** The lowest common ancestor; -1 stands for "none yet" and yields the other. */
    public int lca(int a, int b) {
        return session.tree().lca(a, b);
    }

    /** Whether node row {@code node} belongs to HyperNode {@code h}. */
    public boolean contains(int h, int node) {
        return session.tree().contains(h, node);
    }

    /** The HyperNodes holding node row {@code node}, lowest tier first: {@code chain(i)} for {@code chainStart(node) <= i < chainEnd(node)}. */
    public int chainStart(int node) {
        return session.tree().chainStart(node);
    }

    public int chainEnd(int node) {
        return session.tree().chainStart(node + 1);
    }

    public int chain(int i) {
        return session.tree().chain(i);
    }

    /** Allocatable of HyperNode {@code h}'s live nodes in dimension {@code dim}. */
    public long allocatable(int dim, int h) {
        return session.usage().allocatable(dim, h);
    }

    /** What the tasks on HyperNode {@code h}'s nodes request in dimension {@code dim}. */
    public long used(int dim, int h) {
        return session.usage().used(dim, h);
    }

    /** The HyperNode the job has been allocated to, or -1. */
    public int allocated(int job) {
        return session.allocated(job);
    }

    /** The sub-job of a task of a job the topology-aware path handles, or -1. */
    public int subJobOf(int task) {
        return session.subJobOf(task);
    }

    /** Sub-jobs of the job (0 for a job the topology-aware path does not handle). */
    public int subJobCount(int job) {
        SubJobs sj = session.subJobs(job);
        return sj == null ? 0 : sj.count();
    }

    /** Whether sub-job {@code sub} of the job has a network topology of its own. */
    public boolean subJobWithTopology(int job, int sub) {
        return session.subJobs(job).withTopology(sub);
    }

    public int subJobTaskCount(int job, int sub) {
        return session.subJobs(job).tasks(sub).size();
    }

    /** The row of the {@code i}-th task of sub-job {@code sub} of the job. */
    public int subJobTask(int job, int sub, int i) {
        return session.subJobs(job).tasks(sub).getInt(i);
    }

    /** The HyperNode the job of {@code task} has reached so far when the allocate path scores it, or -1. */
    public int scoringAllocated(int task) {
        return session.scoringAllocated(task);
    }

    /** The job's sub-jobs or null ({@link SubGroupConditions} reads them). */
    SubJobs subJobs(int job) {
        return session.subJobs(job);
    }

    /** For a log line: "s3 (tier 2)". */
    public String describe(int h) {
        HyperNodeTree tree = session.tree();
        return tree.describe(h);
    }
}
