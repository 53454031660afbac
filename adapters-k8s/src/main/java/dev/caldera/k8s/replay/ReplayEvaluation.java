package dev.caldera.k8s.replay;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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
    static final List<String> RUNS_HEADER = List.of("workload", "policy", "seed", "unallocatedGpuPercent",
            "gpuAllocationPercent", "arrivedPods", "placedPods", "droppedPods", "events", "wallSeconds", "cpuSeconds");
    static final List<String> CURVES_HEADER = List.of("workload", "policy", "seed", "kind", "x", "y");
    private static final CsvMapper CSV = new CsvMapper();

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
                    String[] id = {workload, policy, Integer.toString(seed)};
                    append(curves, curveRows(id, r));
                    append(runs, Collections.singletonList(row(id, fmt("%.2f", r.unallocatedGpuPercent()),
                            fmt("%.2f", r.gpuAllocationPercent()), Integer.toString(r.arrivedPods()),
                            Integer.toString(r.placedPods()), Integer.toString(r.droppedPods()),
                            Long.toString(r.events()), fmt("%.3f", r.wallNs() / 1e9), fmt("%.3f", r.cpuNs() / 1e9))));
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

    private static List<String[]> curveRows(String[] id, ReplayResult r) {
        List<String[]> rows = new ArrayList<>();
        for (ReplayResult.CurvePoint p : r.allocationCurve()) {
            if (p.arrivedPercent() >= 80) {
                rows.add(row(id, "allocation", Integer.toString(p.arrivedPercent()), fmt("%.2f", p.allocatedPercent())));
            }
        }
        for (ReplayResult.FragmentationPoint f : r.fragmentation()) {
            rows.add(row(id, "fragmentPercentOfFree", fmt("%.2f", f.arrivedPercent()),
                    fmt("%.3f", f.fragmentPercentOfFree())));
        }
        return rows;
    }

    private static String[] row(String[] id, String... cells) {
        String[] row = Arrays.copyOf(id, id.length + cells.length);
        System.arraycopy(cells, 0, row, id.length, cells.length);
        return row;
    }

    private static String fmt(String format, double v) {
        return String.format(Locale.ROOT, format, v);
    }

    /** The (workload, policy, seed) keys already in {@code runs}, creating it with its header if absent. */
    static Set<String> done(Path runs) throws IOException {
        header(runs, RUNS_HEADER);
        CsvTable table = CsvTable.read(runs, List.of("workload", "policy", "seed"));
        Set<String> keys = new HashSet<>();
        for (int r = 0; r < table.size(); r++) {
            if (!table.text(r, "seed").isEmpty()) {
                keys.add(table.text(r, "workload") + "," + table.text(r, "policy") + "," + table.text(r, "seed"));
            }
        }
        return keys;
    }

    private static void header(Path file, List<String> header) throws IOException {
        if (!Files.exists(file) || Files.size(file) == 0) {
            Files.deleteIfExists(file);
            append(file, Collections.singletonList(header.toArray(new String[0])));
        }
    }

    /** Appends {@code rows} to {@code file} (created if absent), written by jackson-dataformat-csv. */
    private static void append(Path file, List<String[]> rows) {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
             SequenceWriter out = CSV.writerFor(String[].class).with(CsvSchema.emptySchema()).writeValues(w)) {
            for (String[] row : rows) {
                out.write(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
