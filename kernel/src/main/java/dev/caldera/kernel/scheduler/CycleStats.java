package dev.caldera.kernel.scheduler;

import java.util.Arrays;

/**
 * What one cycle cost and did: wall time of the whole cycle, of opening the session, of each
 * action (in configuration order) and of each plugin's open and close (in tier order, as Volcano's
 * {@code plugin_scheduling_latency_milliseconds} reports them), all in nanoseconds; pending tasks at open and
 * tasks placed (bound or pipelined). Reused from cycle to cycle; copy what you keep.
 */
public final class CycleStats {
    private long cycle;
    private long cycleNs;
    private long openNs;
    private long closeNs;
    private final String[] actionNames;
    private final long[] actionNs;
    private final String[] pluginNames;
    private final long[] pluginOpenNs;
    private final long[] pluginCloseNs;
    private int pendingTasks;
    private int placed;

    CycleStats(String[] actionNames, String[] pluginNames) {
        this.actionNames = actionNames.clone();
        this.actionNs = new long[actionNames.length];
        this.pluginNames = pluginNames.clone();
        this.pluginOpenNs = new long[pluginNames.length];
        this.pluginCloseNs = new long[pluginNames.length];
    }

    /** The number of actions, in configuration order. */
    public int actionCount() {
        return actionNames.length;
    }

    /** The number of plugins, in tier order. */
    public int pluginCount() {
        return pluginNames.length;
    }

    void clear() {
        cycleNs = 0;
        openNs = 0;
        closeNs = 0;
        Arrays.fill(actionNs, 0);
        Arrays.fill(pluginOpenNs, 0);
        Arrays.fill(pluginCloseNs, 0);
        pendingTasks = 0;
        placed = 0;
    }

    public long cycle() {
        return cycle;
    }

    void cycle(long value) {
        cycle = value;
    }

    public long cycleNs() {
        return cycleNs;
    }

    void cycleNs(long value) {
        cycleNs = value;
    }

    public long openNs() {
        return openNs;
    }

    void openNs(long value) {
        openNs = value;
    }

    void closeNs(long value) {
        closeNs = value;
    }

    public int pendingTasks() {
        return pendingTasks;
    }

    void pendingTasks(int value) {
        pendingTasks = value;
    }

    public int placed() {
        return placed;
    }

    void placed(int value) {
        placed = value;
    }

    public String actionName(int i) {
        return actionNames[i];
    }

    public long actionNs(int i) {
        return actionNs[i];
    }

    void actionNs(int i, long value) {
        actionNs[i] = value;
    }

    public String pluginName(int i) {
        return pluginNames[i];
    }

    public long pluginOpenNs(int i) {
        return pluginOpenNs[i];
    }

    void pluginOpenNs(int i, long value) {
        pluginOpenNs[i] = value;
    }

    public long pluginCloseNs(int i) {
        return pluginCloseNs[i];
    }

    void pluginCloseNs(int i, long value) {
        pluginCloseNs[i] = value;
    }
}
