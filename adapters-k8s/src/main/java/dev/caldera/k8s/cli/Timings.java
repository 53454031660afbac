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
 * The JVM's uptime comes from its management bean, whose first use loads and initializes the management classes
 * (9-11 ms of the command's thread before reading the 5,000-node dump, async-profiler): it is asked on a thread of
 * its own, and the uptime at the command's start is that answer less the time between the start and the answer.
 * <p>
 * Threading: the command's thread; the uptime thread is joined before the line is printed.
 */
final class Timings {
    private final boolean on;
    private final List<String> phases = new ArrayList<>();
    private long startNs;
    private long last;
    private Thread uptime;
    private long beforeMs;

    Timings(boolean on) {
        this.on = on;
        if (on) {
            startNs = System.nanoTime();
            last = startNs;
            uptime = new Thread(() -> {
                long uptimeMs = ManagementFactory.getRuntimeMXBean().getUptime();
                beforeMs = uptimeMs - (System.nanoTime() - startNs) / 1_000_000;
            }, "caldera-timings");
            uptime.setDaemon(true);
            uptime.start();
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
            err.println("caldera: timings: JVM start to command " + beforeMs() + " ms, " + String.join(", ", phases)
                    + ", total " + ManagementFactory.getRuntimeMXBean().getUptime() + " ms");
        }
    }

    /** The JVM's uptime when this was made, in ms (waits for the uptime thread). */
    private long beforeMs() {
        try {
            uptime.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return beforeMs;
    }
}
