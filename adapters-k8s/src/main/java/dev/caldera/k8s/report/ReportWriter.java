package dev.caldera.k8s.report;

import dev.caldera.k8s.simulate.CycleReport;
import dev.caldera.k8s.simulate.SimulationSummary;

/**
 * Writes a simulation's report as it runs: each cycle when it ends, then the summary, so that memory does not
 * grow with the number of cycles.
 */
public interface ReportWriter {
    void cycle(CycleReport cycle);

    /** The closing part (the summary for people, the end of the JSON document); flushes. */
    void finish(SimulationSummary summary);
}
