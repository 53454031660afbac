package dev.caldera.kernel.session;

import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;

/**
 * The sub-jobs of one job in a session (Volcano's {@code SubJobInfo}): the default sub-job, holding every task
 * no sub-group policy claims, and one per sub-group. Each has its tasks, the size that makes it ready
 * ({@code minAvailable}), its network topology after resolution ({@code hard} with {@code highestTier}, or
 * none), the HyperNode its tasks were allocated to, and the summed requests of all its tasks (what the
 * HyperNode bin-packing score places).
 * <p>
 * Threading: scheduling thread. Built at session open for jobs with topology or sub-groups only.
 */
public final class SubJobs {
    private int count;
    /** The job's sub-group policies in force (empty: the job has only its default sub-job). */
    private java.util.List<dev.caldera.kernel.topology.SubGroupPolicySpec> policies = java.util.List.of();
    /** The sub-group policy of each sub-job, -1 for the default one. */
    private int[] policy = new int[1];
    /** Volcano's sub-job id (ordering fallback and the key the allocated HyperNode is kept under). */
    private String[] key = new String[1];
    /** The first matched label value as a number (Volcano's MatchIndex), 0 when not a number. */
    private int[] matchIndex = new int[1];
    private int[] minAvailable = new int[1];
    private boolean[] withTopology = new boolean[1];
    private boolean[] hard = new boolean[1];
    private int[] highestTier = new int[1];
    private int[] allocated = new int[1];
    private IntArrayList[] tasks = {new IntArrayList()};
    /** Sum of the requests of every task of the sub-job, per dimension. */
    private long[][] requestSum = {new long[0]};

    /** Starts over with {@code n} sub-jobs. */
    void reset(int n, int dims) {
        if (policy.length < n) {
            int cap = Math.max(n, policy.length * 2);
            policy = Arrays.copyOf(policy, cap);
            key = Arrays.copyOf(key, cap);
            matchIndex = Arrays.copyOf(matchIndex, cap);
            minAvailable = Arrays.copyOf(minAvailable, cap);
            withTopology = Arrays.copyOf(withTopology, cap);
            hard = Arrays.copyOf(hard, cap);
            highestTier = Arrays.copyOf(highestTier, cap);
            allocated = Arrays.copyOf(allocated, cap);
            tasks = Arrays.copyOf(tasks, cap);
            requestSum = Arrays.copyOf(requestSum, cap);
        }
        count = n;
        for (int i = 0; i < n; i++) {
            if (tasks[i] == null) {
                tasks[i] = new IntArrayList();
            }
            tasks[i].clear();
            if (requestSum[i] == null || requestSum[i].length != dims) {
                requestSum[i] = new long[dims];
            } else {
                Arrays.fill(requestSum[i], 0);
            }
            allocated[i] = -1;
            hard[i] = false;
            withTopology[i] = false;
            highestTier[i] = 0;
            matchIndex[i] = 0;
        }
    }

    /** Copies the first {@link #count} sub-jobs' allocated HyperNodes into {@code into}. */
    public void copyAllocated(int[] into) {
        System.arraycopy(allocated, 0, into, 0, count);
    }

    /** Sets the first {@link #count} sub-jobs' allocated HyperNodes back from {@code from}. */
    public void restoreAllocated(int[] from) {
        System.arraycopy(from, 0, allocated, 0, count);
    }

    /** Adds {@code task} with {@code request} to sub-job {@code s}. */
    void add(int s, int task, long[] request) {
        tasks[s].add(task);
        long[] sum = requestSum[s];
        for (int d = 0; d < request.length && d < sum.length; d++) {
            sum[d] += request[d];
        }
    }

    public int count() {
        return count;
    }

    public java.util.List<dev.caldera.kernel.topology.SubGroupPolicySpec> policies() {
        return policies;
    }

    void policies(java.util.List<dev.caldera.kernel.topology.SubGroupPolicySpec> value) {
        policies = value;
    }

    /** How many sub-group policies the job has. */
    public int policyCount() {
        return policies.size();
    }

    /** The {@code minSubGroups} of policy {@code p}. */
    public int minSubGroups(int p) {
        return policies.get(p).minSubGroups();
    }

    public int policy(int sub) {
        return policy[sub];
    }

    void policy(int sub, int value) {
        policy[sub] = value;
    }

    public String key(int sub) {
        return key[sub];
    }

    void key(int sub, String value) {
        key[sub] = value;
    }

    public int matchIndex(int sub) {
        return matchIndex[sub];
    }

    void matchIndex(int sub, int value) {
        matchIndex[sub] = value;
    }

    public int minAvailable(int sub) {
        return minAvailable[sub];
    }

    void minAvailable(int sub, int value) {
        minAvailable[sub] = value;
    }

    public boolean withTopology(int sub) {
        return withTopology[sub];
    }

    void withTopology(int sub, boolean value) {
        withTopology[sub] = value;
    }

    public boolean hard(int sub) {
        return hard[sub];
    }

    void hard(int sub, boolean value) {
        hard[sub] = value;
    }

    public int highestTier(int sub) {
        return highestTier[sub];
    }

    void highestTier(int sub, int value) {
        highestTier[sub] = value;
    }

    public int allocated(int sub) {
        return allocated[sub];
    }

    public void allocated(int sub, int value) {
        allocated[sub] = value;
    }

    public IntArrayList tasks(int sub) {
        return tasks[sub];
    }

    public long[] requestSum(int sub) {
        return requestSum[sub];
    }
}
