package dev.caldera.kernel.framework;

/**
 * The session's network topology as a plugin reads it: the HyperNode tree (ids {@code 0..hyperNodeCount()-1} and
 * the virtual root), each HyperNode's resource sums, the jobs' sub-jobs and the scoring context the topology-aware
 * allocate sets. Getters only: the session and the topology-aware path of allocate write it.
 * <p>
 * One implementation, the session's {@code TopologySession}, so calls stay monomorphic (the network-topology-aware
 * scorer calls {@link #leafOf} per node). Threading: the scheduling thread. Cost: O(1) getters except {@link #lca}
 * (O(depth)) and {@link #contains} (O(tiers)); no allocation.
 */
public interface Topology {

    /** False in a session without HyperNodes: every tree getter then fails. */
    boolean hasTree();

    /** Real HyperNodes; the virtual root has id {@code hyperNodeCount()}. */
    int hyperNodeCount();

    /** The HyperNode of the lowest tier holding node row {@code node}, or -1. */
    int leafOf(int node);

    int tier(int hyperNode);

    /** The lowest tier of the cluster's HyperNodes. */
    int minTier();

    /** The virtual root's tier, one above the highest real one. */
    int topTier();

    /** The lowest common ancestor; -1 stands for "none yet" and yields the other. */
    int lca(int a, int b);

    /** Whether node row {@code node} belongs to HyperNode {@code h}. */
    boolean contains(int h, int node);

    /** The HyperNodes holding node row {@code node}, lowest tier first: {@code chain(i)}, {@code chainStart(node) <= i < chainEnd(node)}. */
    int chainStart(int node);

    int chainEnd(int node);

    int chain(int i);

    /** Allocatable of HyperNode {@code h}'s live nodes in dimension {@code dim}. */
    long allocatable(int dim, int h);

    /** What the tasks on HyperNode {@code h}'s nodes request in dimension {@code dim}. */
    long used(int dim, int h);

    /** The HyperNode the job has been allocated to, or -1. */
    int allocated(int job);

    /** The HyperNode the job of {@code task} has reached so far while the allocate path scores it, or -1. */
    int scoringAllocated(int task);

    // ---------------------------------------------------------------- sub-jobs

    /** The sub-job of a task of a job the topology-aware path handles, or -1. */
    int subJobOf(int task);

    /** Sub-jobs of the job (0 for a job the topology-aware path does not handle). */
    int subJobCount(int job);

    /** Whether sub-job {@code sub} of the job has a network topology of its own. */
    boolean subJobWithTopology(int job, int sub);

    int subJobTaskCount(int job, int sub);

    /** The row of the {@code i}-th task of sub-job {@code sub} of the job. */
    int subJobTask(int job, int sub, int i);

    /** Tasks sub-job {@code sub} needs ready (its sub-group's minAvailable). */
    int subJobMinAvailable(int job, int sub);

    /** The job's sub-group policy that sub-job {@code sub} belongs to. */
    int subJobPolicy(int job, int sub);

    /** Sub-group policies of the job (0 for a job the topology-aware path does not handle). */
    int policyCount(int job);

    /** The {@code minSubGroups} of the job's policy {@code p}. */
    int minSubGroups(int job, int p);
}
