package dev.caldera.k8s.cli;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --timings}: where a run's wall time went, on one line of standard error, from the JVM's start: the time
 * before the command began (JVM start, class loading, argument parsing), then each phase, then the total. The
 * bench script {@code bench/dump-bench.sh} records it as the ingest vs cycle split.
 * <p>
 * Threading: the command's thread.
 */
final class Timings {
    private final boolean on;
    private final List<String> phases = new ArrayList<>();
    private long last;
    private long beforeMs;

    Timings(boolean on) {
        this.on = on;
        if (on) {
            beforeMs = ManagementFactory.getRuntimeMXBean().getUptime();
            last = System.nanoTime();
        }
    }

    /** Ends the phase that began at the previous mark. */
    void mark(String phase) {
        if (on) {
            long now = System.nanoTime();
            phases.add(phase + " " + (now - last) / 1_000_000 + " ms");
            last = now;
        }
    }

    void print(PrintWriter err) {
        if (on) {
            err.println("caldera: timings: JVM start to command " + beforeMs + " ms, " + String.join(", ", phases)
                    + ", total " + ManagementFactory.getRuntimeMXBean().getUptime() + " ms");
        }
    }
}
