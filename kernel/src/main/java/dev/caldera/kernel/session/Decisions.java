package dev.caldera.kernel.session;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * What this session committed, in order: binds (task, node) and evictions (task, reason code). Reports
 * and simulators read it after the cycle; reused across sessions.
 */
public final class Decisions {
    public static final int PREEMPT = 1;
    public static final int RECLAIM = 2;

    public final IntArrayList bindTasks = new IntArrayList();
    public final IntArrayList bindNodes = new IntArrayList();
    public final IntArrayList evictTasks = new IntArrayList();
    public final IntArrayList evictReasons = new IntArrayList();

    void clear() {
        bindTasks.clear();
        bindNodes.clear();
        evictTasks.clear();
        evictReasons.clear();
    }

    public void bound(int task, int node) {
        bindTasks.add(task);
        bindNodes.add(node);
    }

    public void evicted(int task, int reason) {
        evictTasks.add(task);
        evictReasons.add(reason);
    }

    public static String reasonText(int reason) {
        return reason == RECLAIM ? "reclaim" : "preempt";
    }
}
