package dev.caldera.k8s.simulate;

import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import org.HdrHistogram.Histogram;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ArrayList;
import java.util.function.Consumer;

/**
 * Drives a {@link Simulation}: either exactly the number of cycles asked for, or until a cycle changes
 * nothing (no bind, no eviction, the same pipelined pods and PodGroup phases as before), at most
 * {@link #MAX_CYCLES} cycles.
 */
public final class SimulationRun {
    /** The bound on a run that waits for a quiet cycle. */
    public static final int MAX_CYCLES = 100;
    /** The most cycles {@code --cycles} may ask for: a simulated day of one-second cycles and more. */
    public static final int MAX_ASKED_CYCLES = 100_000;

    private SimulationRun() {
    }

    /** {@code cycles} null: until quiet (at most {@link #MAX_CYCLES}); else exactly that many. */
    public static SimulationResult run(Simulation simulation, Integer cycles) {
        List<CycleReport> reports = new ArrayList<>();
        SimulationSummary summary = run(simulation, cycles, reports::add);
        return new SimulationResult(reports, summary);
    }

    /**
     * Runs the cycles and hands each report to {@code listener} as soon as it is done, keeping none: memory does
     * not grow with the number of cycles. Returns the summary.
     */
    public static SimulationSummary run(Simulation simulation, Integer cycles, Consumer<CycleReport> listener) {
        SimulatedCluster cluster = simulation.cluster();
        int pods = cluster.tasks().size();
        int runningAtStart = countOnNode(cluster);
        Map<String, String> phases = initialPhases(cluster);
        Map<String, String> nominated = initialNominations(cluster);
        int limit = cycles == null ? MAX_CYCLES : cycles;
        String stop = null;
        int run = 0;
        int bound = 0;
        int evicted = 0;
        for (int i = 0; i < limit && stop == null; i++) {
            CycleReport r = simulation.runCycle();
            run++;
            bound += r.binds().size();
            evicted += r.evictions().size();
            listener.accept(r);
            boolean quiet = r.binds().isEmpty() && r.evictions().isEmpty()
                    && nominated.equals(nominations(r)) && phases.equals(phases(r));
            nominated = nominations(r);
            phases = phases(r);
            if (cycles == null && quiet) {
                stop = "cycle " + r.cycle() + " changed nothing";
            }
        }
        if (stop == null) {
            stop = cycles == null ? "stopped at the limit of " + MAX_CYCLES + " cycles while decisions still changed"
                    : "ran the " + limit + (limit == 1 ? " cycle" : " cycles") + " asked for";
        }
        return summary(simulation, run, bound, evicted, pods, runningAtStart, stop);
    }

    private static SimulationSummary summary(Simulation simulation, int cycles, int bound, int evicted, int pods,
                                             int runningAtStart, String stop) {
        SimulatedCluster cluster = simulation.cluster();
        int pending = 0;
        for (TaskSpec t : cluster.tasks().values()) {
            pending += t.status() == TaskStatus.PENDING ? 1 : 0;
        }
        Histogram h = simulation.metrics().cycles();
        boolean any = h.getTotalCount() > 0;
        return new SimulationSummary(cluster.nodes().size(), pods, runningAtStart, bound, evicted, pending,
                cycles, stop, any ? h.getValueAtPercentile(50) : 0, any ? h.getValueAtPercentile(99) : 0,
                any ? h.getMaxValue() : 0);
    }

    private static int countOnNode(SimulatedCluster cluster) {
        int n = 0;
        for (TaskSpec t : cluster.tasks().values()) {
            n += t.nodeName() != null && TaskStatus.onNode(t.status()) ? 1 : 0;
        }
        return n;
    }

    private static Map<String, String> initialPhases(SimulatedCluster cluster) {
        Map<String, String> phases = new HashMap<>();
        for (JobSpec j : cluster.jobs().values()) {
            phases.put(j.key(), j.phase() == null ? "Pending" : j.phase());
        }
        return phases;
    }

    private static Map<String, String> initialNominations(SimulatedCluster cluster) {
        Map<String, String> nominated = new HashMap<>();
        for (TaskSpec t : cluster.tasks().values()) {
            if (t.nominatedNodeName() != null && t.status() == TaskStatus.PENDING) {
                nominated.put(t.uid(), t.nominatedNodeName());
            }
        }
        return nominated;
    }

    private static Map<String, String> phases(CycleReport r) {
        Map<String, String> phases = new HashMap<>();
        for (PodGroupStatus g : r.podGroups()) {
            phases.put(g.name(), g.phase());
        }
        return phases;
    }

    private static Map<String, String> nominations(CycleReport r) {
        Map<String, String> nominated = new HashMap<>();
        for (PodPlacement p : r.pipelined()) {
            nominated.put(p.uid(), p.node());
        }
        return nominated;
    }
}
