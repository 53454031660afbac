package dev.caldera.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the parallel filter results: the speed-up of 2 workers over 1 at each node count, and the smallest
 * node count from which 2 workers are faster at every larger count measured (the default to suggest for
 * {@code SchedulerOptions.parallelThreshold}).
 */
final class ParallelCrossover {
    private ParallelCrossover() {
    }

    /** One paragraph per benchmark method. */
    static String describe(List<JmhResult> results) {
        Map<String, List<JmhResult>> byMethod = new TreeMap<>();
        results.forEach(r -> byMethod.computeIfAbsent(r.method(), k -> new ArrayList<>()).add(r));
        List<String> out = new ArrayList<>();
        byMethod.forEach((method, list) -> out.add((byMethod.size() > 1 ? "`" + method + "`: " : "") + describeOne(list)));
        return String.join("\n\n", out);
    }

    private static String describeOne(List<JmhResult> results) {
        Map<Double, double[]> byNodes = new TreeMap<>();
        for (JmhResult r : results) {
            int w = (int) r.param("workers");
            if (w == 1 || w == 2) {
                byNodes.computeIfAbsent(r.param("nodes"), k -> new double[] {Double.NaN, Double.NaN})[w - 1] =
                        r.secondsPerOp();
            }
        }
        List<String> speedups = new ArrayList<>();
        double threshold = Double.NaN;
        for (Map.Entry<Double, double[]> e : byNodes.entrySet()) {
            double speedup = e.getValue()[0] / e.getValue()[1];
            speedups.add(Figures.of(e.getKey()) + " nodes: " + Figures.of(speedup) + " x");
            if (speedup > 1 && Double.isNaN(threshold)) {
                threshold = e.getKey();
            } else if (!(speedup > 1)) {
                threshold = Double.NaN;
            }
        }
        String verdict = Double.isNaN(threshold) ? "2 workers are not faster at the largest node count measured"
                : "2 workers are faster from " + Figures.of(threshold) + " nodes up (smallest such count measured)";
        return "Speed-up of 2 workers over 1: " + String.join("; ", speedups) + ". " + verdict + ".";
    }
}
