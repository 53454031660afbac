package dev.caldera.k8s.simulate;

/**
 * The closing numbers of a run. Pods are the input's pods that take part (ours, and other schedulers' pods
 * that sit on a node); {@code pending} are ours still waiting at the end (pipelined ones included).
 * Cycle times are percentiles of the kernel's cycle histogram, in nanoseconds.
 */
public record SimulationSummary(
        int nodes,
        int pods,
        int runningAtStart,
        int bound,
        int evicted,
        int pending,
        int cycles,
        String stopReason,
        long cycleP50Ns,
        long cycleP99Ns,
        long cycleMaxNs) {
}
