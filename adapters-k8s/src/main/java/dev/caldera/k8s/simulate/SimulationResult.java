package dev.caldera.k8s.simulate;

import java.util.List;

/** Every cycle of a run, in order, and the closing summary. */
public record SimulationResult(List<CycleReport> cycles, SimulationSummary summary) {
    public SimulationResult {
        cycles = List.copyOf(cycles);
    }
}
