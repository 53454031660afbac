package dev.caldera.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The targets of issue 5 (and the preemption figure of issue 4) checked against one JVM's results. A target
 * without the result it needs says so rather than guessing.
 */
public final class Targets {
    public static final double PLACEMENTS_PER_SECOND = 100_000;
    public static final double GROWTH_50K_OVER_5K = 3;
    public static final double SESSION_OPEN_MS = 5;
    public static final double FENZO_RATIO = 20;
    public static final double TOPOLOGY_GANG_MS = 50;
    public static final double TOPOLOGY_CYCLE_RATIO = 1.0 / 3;

    /** One checked target: what is asked, what was measured, and the verdict. */
    public record Row(String target, String measured, String status) {
    }

    private final List<JmhResult> results;

    public Targets(List<JmhResult> results) {
        this.results = results;
    }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        rows.add(placementRate());
        rows.add(growth());
        rows.add(bytesPerPlacement());
        rows.add(sessionOpen());
        rows.add(fenzo());
        rows.add(topologyGang());
        rows.add(topologyCycle());
        return rows;
    }

    private Row placementRate() {
        String target = "allocate cycle, default conf + binpack, 5,000 nodes, 10,000 pending tasks: >= 100,000 placements/s";
        return headline(5000).map(r -> {
            double rate = r.placementsPerSecond();
            return new Row(target, Figures.of(rate) + " placements/s (" + Figures.of(r.placementsPerOp())
                    + " placed per cycle, cycle " + Figures.of(r.secondsPerOp() * 1e3) + " ms)", atLeast(rate, PLACEMENTS_PER_SECOND));
        }).orElse(missing(target, "AllocateCycle nodes=5000 pendingTasks=10000 incremental=true"));
    }

    private Row growth() {
        String target = "50,000 nodes: cost per placement at most 3 x the 5,000-node cost";
        Optional<JmhResult> small = headline(5000);
        Optional<JmhResult> large = headline(50000);
        if (small.isEmpty() || large.isEmpty()) {
            return missing(target, "AllocateCycle nodes=5000 and nodes=50000 with pendingTasks=10000");
        }
        double ratio = large.get().microsPerPlacement() / small.get().microsPerPlacement();
        return new Row(target, Figures.of(large.get().microsPerPlacement()) + " us vs "
                + Figures.of(small.get().microsPerPlacement()) + " us per placement: " + Figures.of(ratio) + " x",
                atMost(ratio, GROWTH_50K_OVER_5K));
    }

    private Row bytesPerPlacement() {
        String target = "0 bytes allocated per placement (JMH -prof gc; the exact proof is PlacementAllocationTest)";
        return headline(5000).filter(r -> !Double.isNaN(r.bytesPerOp())).map(r -> {
            double perPlacement = r.bytesPerPlacement();
            return new Row(target, Figures.of(r.bytesPerOp()) + " B per cycle (JMH harness included) = "
                    + Figures.of(perPlacement) + " B per placement", perPlacement < 1 ? "met (< 1 B)"
                    : "not met: " + Figures.of(perPlacement) + " B per placement");
        }).orElse(missing(target, "AllocateCycle nodes=5000 run with -prof gc"));
    }

    private Row sessionOpen() {
        String target = "session open, 10,000 nodes and 100,000 tasks: < 5 ms";
        return find("SessionOpen", Map.of("nodes", "10000", "changedPercent", "0")).map(r -> {
            double ms = r.secondsPerOp() * 1e3;
            return new Row(target, Figures.of(ms) + " ms", atMost(ms, SESSION_OPEN_MS));
        }).orElse(missing(target, "SessionOpen nodes=10000 changedPercent=0"));
    }

    private Row fenzo() {
        String target = "at least 20 x Fenzo's placements per second on the same workload";
        Map<String, double[]> byNodes = new TreeMap<>();
        for (JmhResult r : results) {
            if (r.suite().equals("FenzoComparison")) {
                String key = r.params().get("nodes") + " nodes, " + r.params().get("pendingTasks") + " tasks";
                int side = r.method().equals("caldera") ? 0 : 1;
                byNodes.computeIfAbsent(key, k -> new double[] {Double.NaN, Double.NaN})[side] = r.placementsPerSecond();
            }
        }
        List<String> parts = new ArrayList<>();
        double worst = Double.POSITIVE_INFINITY;
        for (Map.Entry<String, double[]> e : byNodes.entrySet()) {
            double ratio = e.getValue()[0] / e.getValue()[1];
            if (!Double.isNaN(ratio)) {
                parts.add(e.getKey() + ": " + Figures.of(ratio) + " x");
                worst = Math.min(worst, ratio);
            }
        }
        if (parts.isEmpty()) {
            return missing(target, "FenzoComparison (both methods)");
        }
        return new Row(target, String.join("; ", parts), atLeast(worst, FENZO_RATIO));
    }

    /** Issue 15: one 512-pod hard-mode gang on 6,000 nodes in three tiers, the worst of the busy fractions run. */
    private Row topologyGang() {
        String target = "512-pod hard-mode gang on 6,000 nodes in 3 tiers (issue 15): < 50 ms per cycle";
        List<String> parts = new ArrayList<>();
        double worst = 0;
        for (JmhResult r : results) {
            if (r.suite().equals("TopologyGang")) {
                double ms = r.secondsPerOp() * 1e3;
                parts.add(r.params().get("busyFraction") + " busy: " + Figures.of(ms) + " ms");
                worst = Math.max(worst, ms);
            }
        }
        if (parts.isEmpty()) {
            return missing(target, "TopologyGang");
        }
        return new Row(target, String.join("; ", parts), atMost(worst, TOPOLOGY_GANG_MS));
    }

    /** Issue 15: the hard-mode topology cycle's placements per second against the topology-free one's. */
    private Row topologyCycle() {
        String target = "allocate cycle, 10,000 tasks in gangs of 8-256, hard-mode topology (issue 15): >= 1/3 of the"
                + " topology-free cycle's placements/s";
        Optional<JmhResult> with = find("TopologyCycle", Map.of("topology", "true"));
        Optional<JmhResult> without = find("TopologyCycle", Map.of("topology", "false"));
        if (with.isEmpty() || without.isEmpty()) {
            return missing(target, "TopologyCycle topology=true and topology=false");
        }
        double ratio = with.get().placementsPerSecond() / without.get().placementsPerSecond();
        return new Row(target, Figures.of(with.get().placementsPerSecond()) + " vs "
                + Figures.of(without.get().placementsPerSecond()) + " placements/s: " + Figures.of(ratio) + " x",
                atLeast(ratio, TOPOLOGY_CYCLE_RATIO));
    }

    /** The headline AllocateCycle result at {@code nodes} (see {@link JmhResult#isHeadline()}). */
    Optional<JmhResult> headline(int nodes) {
        return results.stream().filter(JmhResult::isHeadline)
                .filter(r -> String.valueOf(nodes).equals(r.params().get("nodes"))).findFirst();
    }

    private Optional<JmhResult> find(String suite, Map<String, String> params) {
        return results.stream().filter(r -> r.suite().equals(suite))
                .filter(r -> params.entrySet().stream().allMatch(e -> e.getValue().equals(r.params().get(e.getKey()))))
                .findFirst();
    }

    private static String atLeast(double value, double target) {
        return value >= target ? "met" : "not met: " + Figures.of(100 * (1 - value / target)) + "% short";
    }

    private static String atMost(double value, double target) {
        return value <= target ? "met" : "not met: " + Figures.of(value / target) + " x the target";
    }

    private static Row missing(String target, String needs) {
        return new Row(target, "no result (needs " + needs + ")", "not measured");
    }
}
