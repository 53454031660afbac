package dev.caldera.kernel.session;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * What this session committed, in order: binds (task, node) and evictions (task, reason code, and the job they
 * were evicted for when the action says so: {@link #committingFor}). Reports and simulators read it after the
 * cycle; reused across sessions.
 */
public final class Decisions {
    public static final int PREEMPT = 1;
    public static final int RECLAIM = 2;

    private final IntArrayList bindTasks = new IntArrayList();
    private final IntArrayList bindNodes = new IntArrayList();
    private final IntArrayList evictTasks = new IntArrayList();
    private final IntArrayList evictReasons = new IntArrayList();
    /** Per eviction, the job row it made room for, or -1 when the action did not say. */
    private final IntArrayList evictFor = new IntArrayList();
    private int preemptionAttempts;
    private final int[] evictionTransactions = new int[RECLAIM + 1];
    private int beneficiary = -1;

    /** Binds committed this session. */
    public int bindCount() {
        return bindTasks.size();
    }

    /** The task of the {@code i}-th bind. */
    public int bindTask(int i) {
        return bindTasks.getInt(i);
    }

    /** The node of the {@code i}-th bind. */
    public int bindNode(int i) {
        return bindNodes.getInt(i);
    }

    /** Evictions committed this session. */
    public int evictionCount() {
        return evictTasks.size();
    }

    public int evictTask(int i) {
        return evictTasks.getInt(i);
    }

    /** The reason code ({@link #PREEMPT}, {@link #RECLAIM}) of the {@code i}-th eviction. */
    public int evictReason(int i) {
        return evictReasons.getInt(i);
    }

    /** The job row the {@code i}-th eviction made room for, or -1 when the action did not say. */
    public int evictFor(int i) {
        return evictFor.getInt(i);
    }

    void clear() {
        bindTasks.clear();
        bindNodes.clear();
        evictTasks.clear();
        evictReasons.clear();
        evictFor.clear();
        beneficiary = -1;
        preemptionAttempts = 0;
        java.util.Arrays.fill(evictionTransactions, 0);
    }

    /** Evictions committed from now on make room for {@code job} (-1: unknown); actions set it around a commit. */
    public void committingFor(int job) {
        beneficiary = job;
    }

    public void bound(int task, int node) {
        bindTasks.add(task);
        bindNodes.add(node);
    }

    public void evicted(int task, int reason) {
        evictTasks.add(task);
        evictReasons.add(reason);
        evictFor.add(beneficiary);
    }

    /** One more preemption attempt (see {@link #preemptionAttempts()}). */
    public void preemptionAttempted() {
        preemptionAttempts++;
    }

    /** One more committed statement with evictions for {@code reason} ({@link #PREEMPT} or {@link #RECLAIM}). */
    public void evictionTransaction(int reason) {
        evictionTransactions[reason]++;
    }

    /**
     * Preemption attempts this session, counted where Volcano calls {@code RegisterPreemptionAttempts}
     * (actions/preempt/preempt.go): a node whose victims passed validation and were evicted in turn, or the
     * chosen candidate of topology-aware preemption; attempts whose statement was discarded count too.
     */
    public int preemptionAttempts() {
        return preemptionAttempts;
    }

    /**
     * Committed statements holding at least one eviction for {@code reason} ({@link #PREEMPT}, {@link #RECLAIM})
     * this session, as Volcano's {@code RegisterEvictionTransaction} counts them.
     */
    public int evictionTransactions(int reason) {
        return evictionTransactions[reason];
    }

    public static String reasonText(int reason) {
        return reason == RECLAIM ? "reclaim" : "preempt";
    }
}
