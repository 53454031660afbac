package dev.caldera.kernel.scheduler;

import java.util.Arrays;

/**
 * What one cycle cost and did: wall time of the whole cycle, of opening the session, and of each
 * action (in configuration order), all in nanoseconds; pending tasks at open and tasks placed (bound or
 * pipelined). Reused from cycle to cycle; copy what you keep.
 */
public final class CycleStats {
    public long cycle;
    public long cycleNs;
    public long openNs;
    public long closeNs;
    public final String[] actionNames;
    public final long[] actionNs;
    public int pendingTasks;
    public int placed;

    CycleStats(String[] actionNames) {
        this.actionNames = actionNames.clone();
        this.actionNs = new long[actionNames.length];
    }

    void clear() {
        cycleNs = 0;
        openNs = 0;
        closeNs = 0;
        Arrays.fill(actionNs, 0);
        pendingTasks = 0;
        placed = 0;
    }
}
