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

    public final IntArrayList bindTasks = new IntArrayList();
    public final IntArrayList bindNodes = new IntArrayList();
    public final IntArrayList evictTasks = new IntArrayList();
    public final IntArrayList evictReasons = new IntArrayList();
    /** Per eviction, the job row it made room for, or -1 when the action did not say. */
    public final IntArrayList evictFor = new IntArrayList();
    private int beneficiary = -1;

    void clear() {
        bindTasks.clear();
        bindNodes.clear();
        evictTasks.clear();
        evictReasons.clear();
        evictFor.clear();
        beneficiary = -1;
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

    public static String reasonText(int reason) {
        return reason == RECLAIM ? "reclaim" : "preempt";
    }
}
