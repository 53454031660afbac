package dev.caldera.bench.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Placements made (bound or pipelined tasks), reported by JMH as a secondary result {@code placements} in the
 * benchmark's own unit: with {@code Mode.Throughput} in seconds it is placements per second.
 */
@AuxCounters(AuxCounters.Type.OPERATIONS)
@State(Scope.Thread)
public class PlacementCounter {
    public long placements;

    @Setup(Level.Iteration)
    public void clear() {
        placements = 0;
    }
}
