package dev.caldera.bench.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The scheduling thread's CPU time and placements per iteration, reported by JMH as the secondary results
 * {@code cpuNs} and {@code placed} (totals, not rates). CPU time rather than wall time because on a shared
 * machine a cycle's wall time includes waiting for a core while its CPU time does not. Reading the clock costs
 * about a microsecond, against cycles of milliseconds.
 */
@AuxCounters(AuxCounters.Type.EVENTS)
@State(Scope.Thread)
public class CycleCpuCounter {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public long cpuNs;
    public long placed;

    @Setup(Level.Iteration)
    public void clear() {
        cpuNs = 0;
        placed = 0;
    }

    static long threadCpuNs() {
        return THREADS.getCurrentThreadCpuTime();
    }
}
