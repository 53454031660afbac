package dev.caldera.kernel.scheduler;

import org.HdrHistogram.Histogram;

/**
 * Durations of every cycle and of every action across cycles, in HdrHistograms (nanoseconds, 3
 * significant digits, auto-resizing). Recording does not allocate once a histogram covers the range.
 * <p>
 * Threading: recorded by the scheduling thread; read {@link #cycles()} and {@link #action(int)} from the
 * same thread or after the scheduler stopped.
 */
public final class CycleMetrics {
    private final Histogram cycles = histogram();
    private final Histogram[] actions;
    private final String[] actionNames;

    CycleMetrics(String[] actionNames) {
        this.actionNames = actionNames.clone();
        actions = new Histogram[actionNames.length];
        for (int i = 0; i < actions.length; i++) {
            actions[i] = histogram();
        }
    }

    void record(CycleStats stats) {
        cycles.recordValue(Math.max(1, stats.cycleNs()));
        for (int i = 0; i < actions.length; i++) {
            actions[i].recordValue(Math.max(1, stats.actionNs(i)));
        }
    }

    public Histogram cycles() {
        return cycles;
    }

    public Histogram action(int index) {
        return actions[index];
    }

    public String actionName(int index) {
        return actionNames[index];
    }

    public int actionCount() {
        return actions.length;
    }

    private static Histogram histogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }
}
