package dev.caldera.k8s.replay;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The FGD paper's evaluation grid through {@code caldera replay}'s engine: every (workload, policy, seed) in the
 * paper's protocol, one replay at a time on one thread, appended to CSV files as each finishes so that an
 * interrupted run resumes where it stopped (rows already present are skipped). bench's {@code ReplayFigures}
 * turns the files into tables and charts; {@code bench/replay-figures.sh} runs both.
 * <pre>
 *   java -cp caldera.jar dev.caldera.k8s.replay.ReplayEvaluation TRACE_DIR OUT_DIR [workloads] [policies] [firstSeed] [lastSeed]
 * </pre>
 * Files: {@code runs.csv} (one row per replay: the figures and its cost), {@code curves.csv} (allocation at each
 * arrived percent from 80, and fragmentation samples, per replay).
 */
public final class ReplayEvaluation {
    /** The 17 workloads of the paper's Fig. 9 and 11 to 14 (file names {@code openb_pod_list_<name>.csv}). */
    public static final List<String> WORKLOADS = List.of("default", "cpu050", "cpu100", "cpu200", "cpu250",
            "gpushare40", "gpushare60", "gpushare80", "gpushare100", "gpuspec10", "gpuspec20", "gpuspec25", "gpuspec33",
            "multigpu20", "multigpu30", "multigpu40", "multigpu50");
    public static final List<String> POLICIES = List.of("fgdfill", "fgd", "bestfit", "gpupacking", "dotprod", "random");
    static final String RUNS_HEADER = "workload,policy,seed,unallocatedGpuPercent,gpuAllocationPercent,arrivedPods,"
            + "placedPods,droppedPods,events,wallSeconds,cpuSeconds";
    static final String CURVES_HEADER = "workload,policy,seed,kind,x,y";

    private ReplayEvaluation() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: ReplayEvaluation TRACE_DIR OUT_DIR [workloads,...] [policies,...] [firstSeed]"
                    + " [lastSeed]");
            System.exit(2);
        }
        Path traces = Path.of(args[0]);
        Path out = Path.of(args[1]);
        List<String> workloads = args.length > 2 ? List.of(args[2].split(",")) : WORKLOADS;
        List<String> policies = args.length > 3 ? List.of(args[3].split(",")) : POLICIES;
        int first = args.length > 4 ? Integer.parseInt(args[4]) : 42;
        int last = args.length > 5 ? Integer.parseInt(args[5]) : 51;
        run(traces, out, workloads, policies, first, last);
    }

    static void run(Path traces, Path out, List<String> workloads, List<String> policies, int first, int last)
            throws IOException {
        Files.createDirectories(out);
        Path runs = out.resolve("runs.csv");
        Path curves = out.resolve("curves.csv");
        Set<String> done = done(runs);
        header(curves, CURVES_HEADER);
        int total = workloads.size() * policies.size() * (last - first + 1);
        int count = 0;
        for (int seed = first; seed <= last; seed++) {
            for (String workload : workloads) {
                for (String policy : policies) {
                    count++;
                    String key = workload + "," + policy + "," + seed;
                    if (done.contains(key)) {
                        continue;
                    }
                    ReplayResult r = replay(traces, workload, policy, seed);
                    append(curves, curveRows(key, r));
                    append(runs, List.of(String.format(Locale.ROOT, "%s,%.2f,%.2f,%d,%d,%d,%d,%.3f,%.3f", key,
                            r.unallocatedGpuPercent(), r.gpuAllocationPercent(), r.arrivedPods(), r.placedPods(),
                            r.droppedPods(), r.events(), r.wallNs() / 1e9, r.cpuNs() / 1e9)));
                    System.err.printf(Locale.ROOT, "[%d/%d] %s: %.2f%% unallocated (%.1f s)%n", count, total, key,
                            r.unallocatedGpuPercent(), r.wallNs() / 1e9);
                }
            }
        }
    }

    static ReplayResult replay(Path traces, String workload, String policy, int seed) {
        Trace t = OpenbTraces.paper(traces.resolve("openb_node_list_gpu_node.csv"),
                traces.resolve("openb_pod_list_" + workload + ".csv"), seed, 1.3);
        try (ReplayEngine e = new ReplayEngine(t, ReplayConf.with(null, policy, seed),
                new ReplayEngine.Options(true, 1000))) {
            return e.run(null);
        }
    }

    private static List<String> curveRows(String key, ReplayResult r) {
        List<String> rows = new ArrayList<>();
        for (ReplayResult.CurvePoint p : r.allocationCurve()) {
            if (p.arrivedPercent() >= 80) {
                rows.add(String.format(Locale.ROOT, "%s,allocation,%d,%.2f", key, p.arrivedPercent(),
                        p.allocatedPercent()));
            }
        }
        for (ReplayResult.FragmentationPoint f : r.fragmentation()) {
            rows.add(String.format(Locale.ROOT, "%s,fragmentPercentOfFree,%.2f,%.3f", key, f.arrivedPercent(),
                    f.fragmentPercentOfFree()));
        }
        return rows;
    }

    /** The (workload, policy, seed) keys already in {@code runs}, creating it with its header if absent. */
    private static Set<String> done(Path runs) throws IOException {
        header(runs, RUNS_HEADER);
        Set<String> keys = new HashSet<>();
        for (String line : Files.readAllLines(runs, StandardCharsets.UTF_8)) {
            String[] f = line.split(",");
            if (f.length > 3 && !line.startsWith("workload,")) {
                keys.add(f[0] + "," + f[1] + "," + f[2]);
            }
        }
        return keys;
    }

    private static void header(Path file, String header) throws IOException {
        if (!Files.exists(file) || Files.size(file) == 0) {
            Files.writeString(file, header + "\n", StandardCharsets.UTF_8);
        }
    }

    private static void append(Path file, List<String> rows) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
            for (String row : rows) {
                w.write(row);
                w.newLine();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
