package dev.caldera.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The replay evaluation's CSV files in memory: per (workload, policy) the seeds' figures, costs, allocation
 * curves and fragmentation samples. A key written twice (a run resumed after an interruption) keeps its last row.
 */
final class ReplayRuns {
    /** workload,policy -> seed -> {unallocated, wall s, cpu s, events}. */
    private final Map<String, Map<Integer, double[]>> runs = new LinkedHashMap<>();
    /** workload,policy,seed,kind -> x -> y. */
    private final Map<String, Map<Double, Double>> curves = new LinkedHashMap<>();
    private int firstSeed = Integer.MAX_VALUE;
    private int lastSeed = Integer.MIN_VALUE;

    static ReplayRuns read(Path runsCsv, Path curvesCsv) throws IOException {
        ReplayRuns r = new ReplayRuns();
        for (Map<String, String> row : CsvRows.read(runsCsv)) {
            int seed = (int) CsvRows.number(row, "seed", runsCsv);
            r.firstSeed = Math.min(r.firstSeed, seed);
            r.lastSeed = Math.max(r.lastSeed, seed);
            r.runs.computeIfAbsent(row.get("workload") + "," + row.get("policy"), k -> new TreeMap<>()).put(seed,
                    new double[] {CsvRows.number(row, "unallocatedGpuPercent", runsCsv),
                        CsvRows.number(row, "wallSeconds", runsCsv), CsvRows.number(row, "cpuSeconds", runsCsv),
                        CsvRows.number(row, "events", runsCsv)});
        }
        for (Map<String, String> row : CsvRows.read(curvesCsv)) {
            r.curves.computeIfAbsent(row.get("workload") + "," + row.get("policy") + "," + row.get("seed") + ","
                    + row.get("kind"), k -> new TreeMap<>())
                    .put(CsvRows.number(row, "x", curvesCsv), CsvRows.number(row, "y", curvesCsv));
        }
        return r;
    }

    String seedRange() {
        return firstSeed > lastSeed ? "none" : firstSeed + " to " + lastSeed;
    }

    /** Mean and sample standard deviation of the unallocated GPU % over the seeds, or null. */
    double[] meanSd(String workload, String policy) {
        return meanSd(workload, policy, Integer.MIN_VALUE);
    }

    /**
     * Mean and sample standard deviation of the unallocated GPU % over the seeds from {@code fromSeed} on, or null
     * when there are none (the held-out comparison leaves out the evaluation seeds a policy was tuned on).
     */
    double[] meanSd(String workload, String policy, int fromSeed) {
        Map<Integer, double[]> all = runs.get(workload + "," + policy);
        if (all == null) {
            return null;
        }
        List<Double> values = new ArrayList<>();
        for (Map.Entry<Integer, double[]> e : all.entrySet()) {
            if (e.getKey() >= fromSeed) {
                values.add(e.getValue()[0]);
            }
        }
        return values.isEmpty() ? null : meanSd(values);
    }

    private static double[] meanSd(List<Double> values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / values.size();
        double sq = 0;
        for (double v : values) {
            sq += (v - mean) * (v - mean);
        }
        return new double[] {mean, values.size() > 1 ? Math.sqrt(sq / (values.size() - 1)) : 0};
    }

    /**
     * {seeds where {@code policy} left fewer GPUs unallocated than {@code other}, seeds both have}: the paired
     * comparison (a seed shuffles and pads the trace the same way for every policy).
     */
    int[] seedsBelow(String workload, String policy, String other) {
        Map<Integer, double[]> ours = runs.getOrDefault(workload + "," + policy, Map.of());
        Map<Integer, double[]> theirs = runs.getOrDefault(workload + "," + other, Map.of());
        int below = 0;
        int paired = 0;
        for (Map.Entry<Integer, double[]> e : ours.entrySet()) {
            double[] t = theirs.get(e.getKey());
            if (t != null) {
                paired++;
                below += e.getValue()[0] < t[0] ? 1 : 0;
            }
        }
        return new int[] {below, paired};
    }

    /** How many seeds a (workload, policy) has figures for. */
    int seeds(String workload, String policy) {
        Map<Integer, double[]> all = runs.get(workload + "," + policy);
        return all == null ? 0 : all.size();
    }

    /** How many seeds the whole grid spans (first to last seed seen). */
    int seedSpan() {
        return firstSeed > lastSeed ? 0 : lastSeed - firstSeed + 1;
    }

    /** Mean wall seconds, mean cpu seconds and events per cpu second of a policy's replays, or null. */
    double[] cost(String policy) {
        double wall = 0;
        double cpu = 0;
        double events = 0;
        int n = 0;
        for (Map.Entry<String, Map<Integer, double[]>> e : runs.entrySet()) {
            if (!e.getKey().endsWith("," + policy)) {
                continue;
            }
            for (double[] v : e.getValue().values()) {
                wall += v[1];
                cpu += v[2];
                events += v[3];
                n++;
            }
        }
        return n == 0 ? null : new double[] {wall / n, cpu / n, cpu == 0 ? 0 : events / cpu};
    }

    /** The median over seeds of the allocation at each arrived percent. */
    Map<Integer, Double> medianAllocation(String workload, String policy) {
        return median(workload, policy, "allocation", 1);
    }

    /** The median over seeds of the fragmented share of free GPUs, by arrived percent rounded to 5. */
    Map<Integer, Double> medianFragment(String workload, String policy) {
        return median(workload, policy, "fragmentPercentOfFree", 5);
    }

    private Map<Integer, Double> median(String workload, String policy, String kind, int bin) {
        Map<Integer, List<Double>> values = new TreeMap<>();
        String prefix = workload + "," + policy + ",";
        for (Map.Entry<String, Map<Double, Double>> e : curves.entrySet()) {
            if (!e.getKey().startsWith(prefix) || !e.getKey().endsWith("," + kind)) {
                continue;
            }
            for (Map.Entry<Double, Double> p : e.getValue().entrySet()) {
                int x = (int) (Math.round(p.getKey() / bin) * bin);
                values.computeIfAbsent(x, k -> new ArrayList<>()).add(p.getValue());
            }
        }
        Map<Integer, Double> out = new TreeMap<>();
        for (Map.Entry<Integer, List<Double>> e : values.entrySet()) {
            List<Double> v = e.getValue();
            Collections.sort(v);
            int m = v.size() / 2;
            out.put(e.getKey(), v.size() % 2 == 1 ? v.get(m) : (v.get(m - 1) + v.get(m)) / 2);
        }
        return out;
    }
}
