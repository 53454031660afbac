package dev.caldera.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The results of one JVM: {@code RESULTS.md} (stamp, targets, one table per result file) and PNG charts in
 * {@code charts/}: the cost per operation, and per placement where placements are counted, against the
 * parameter the file varies (nodes first, then pending tasks, changed share, workers).
 */
final class ResultsPage {
    static final List<String> X_PREFERENCE = List.of("nodes", "pendingTasks", "changedPercent", "workers");
    private static final Map<String, String> PROVES = Map.of(
            "AllocateCycle", "placements per second of a full cycle (default conf + binpack) on one thread, versus nodes and pending tasks; incremental selector versus plain scan.",
            "PerTaskPlacement", "the cost of one task's filter + score + select versus node count (scan), and per task inside a cycle with the incremental selector.",
            "Statement", "the cost per operation of Statement allocate followed by discard or by commit.",
            "SessionOpen", "the cost of applying pod changes and opening a session versus cluster size and the share of pods changed.",
            "ParallelFilter", "the speed-up of filtering and scoring over node shards with 2 workers, and the node count below which one thread is faster.",
            "FenzoComparison", "Caldera's placements per second against Netflix Fenzo's (cpu+memory bin-packing) on the identical workload.",
            "PreemptCycle", "the cost of a preemption-heavy cycle (issue 4): full nodes, half of the running pods preemptable, urgent pending gangs.",
            "TopologyGang", "how long one cycle placing a 512-pod hard-mode gang takes on 6,000 nodes in three HyperNode tiers (issue 15), empty and 30% busy.",
            "TopologyCycle", "placements per second of a 10,000-task cycle in gangs of 8-256 with hard-mode network topology against the same cycle without (issue 15).");

    private final Path dir;
    private final String label;
    private final Stamp stamp;
    private final Map<String, List<JmhResult>> byFile;

    ResultsPage(Path dir, String label, Stamp stamp, Map<String, List<JmhResult>> byFile) {
        this.dir = dir;
        this.label = label;
        this.stamp = stamp;
        this.byFile = byFile;
    }

    List<JmhResult> all() {
        List<JmhResult> all = new ArrayList<>();
        byFile.values().forEach(all::addAll);
        return all;
    }

    /** Writes RESULTS.md and the charts; returns the markdown. */
    String write() throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("# Caldera benchmark results: ").append(label).append("\n\n").append(stamp.markdown()).append('\n');
        md.append("## Targets (issue 5)\n\n| target | measured | status |\n|---|---|---|\n");
        for (Targets.Row row : new Targets(all()).rows()) {
            md.append("| ").append(row.target()).append(" | ").append(row.measured()).append(" | ")
                    .append(row.status()).append(" |\n");
        }
        md.append('\n');
        for (Map.Entry<String, List<JmhResult>> e : byFile.entrySet()) {
            Map<String, List<JmhResult>> bySuite = new LinkedHashMap<>();
            e.getValue().forEach(r -> bySuite.computeIfAbsent(r.suite(), k -> new ArrayList<>()).add(r));
            boolean several = bySuite.size() > 1;
            for (List<JmhResult> suite : bySuite.values()) {
                section(md, e.getKey(), several ? suite.get(0).suite() : null, suite);
            }
        }
        Files.writeString(dir.resolve("RESULTS.md"), md.toString());
        return md.toString();
    }

    /** One file's results of one suite; {@code chartTag} tells charts apart when a file holds several suites. */
    private void section(StringBuilder md, String file, String chartTag, List<JmhResult> results) throws IOException {
        String suite = results.get(0).suite();
        md.append("## ").append(suite).append(" (`").append(file).append("`, written ")
                .append(written(dir.resolve(file))).append(")\n\n");
        md.append("Proves ").append(PROVES.getOrDefault(suite, "(no description)")).append("\n\n");
        table(md, results);
        if (suite.equals("ParallelFilter")) {
            md.append('\n').append(ParallelCrossover.describe(results)).append('\n');
        }
        String stem = file.replaceAll("\\.json$", "") + (chartTag == null ? "" : "-" + chartTag);
        for (ChartSpec spec : charts(suite, results)) {
            Path png = dir.resolve("charts").resolve(stem + "-" + spec.name + ".png");
            spec.chart.write(png);
            md.append("\n![").append(spec.chart.seriesCount()).append(" series](charts/").append(png.getFileName())
                    .append(")\n");
        }
        md.append('\n');
    }

    /**
     * When and where a result file was measured: its stamp ({@code NAME.stamp} beside {@code NAME.json}, written by
     * {@code bench/run-all.sh} as each run ends: date, machine, load average). A file's modification time is not
     * used: a clone or checkout sets it, so it would date every result file to the clone.
     */
    static String written(Path file) {
        Path stamp = file.resolveSibling(file.getFileName().toString().replaceAll("\\.json$", "") + ".stamp");
        if (!Files.isRegularFile(stamp)) {
            return "before per-file stamps were kept: its date and machine are in the git log";
        }
        Map<String, String> fields;
        try {
            fields = fields(stamp);
        } catch (IOException e) {
            return "stamp unreadable: " + e.getMessage();
        }
        StringBuilder s = new StringBuilder(fields.getOrDefault("date", "date unknown"));
        if (fields.containsKey("machine")) {
            s.append(" on ").append(fields.get("machine"));
        }
        if (fields.containsKey("load")) {
            s.append(", load average ").append(fields.get("load"));
        }
        return s.toString();
    }

    /** A stamp file's {@code key=value} lines. */
    static Map<String, String> fields(Path stamp) throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : Files.readAllLines(stamp)) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                fields.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
        }
        return fields;
    }

    private static void table(StringBuilder md, List<JmhResult> results) {
        Set<String> params = new LinkedHashSet<>();
        results.forEach(r -> params.addAll(r.params().keySet()));
        boolean placements = results.stream().anyMatch(r -> !Double.isNaN(r.placementsPerSecond()));
        boolean rate = results.stream().anyMatch(r -> r.primary().isRate());
        boolean alloc = results.stream().anyMatch(r -> !Double.isNaN(r.bytesPerOp()));
        boolean evictions = results.stream().anyMatch(r -> r.secondary().containsKey("evictions"));
        List<String> head = new ArrayList<>(List.of("method"));
        head.addAll(params);
        head.add("score");
        head.add("unit");
        if (rate) {
            head.add("ms per op");
        }
        if (placements) {
            head.addAll(List.of("placed per op", "placements/s", "us per placement"));
        }
        if (evictions) {
            head.add("evictions/s");
        }
        if (alloc) {
            head.add("B per op");
        }
        if (alloc && placements) {
            head.add("B per placement");
        }
        md.append("| ").append(String.join(" | ", head)).append(" |\n|");
        md.append("---|".repeat(head.size())).append('\n');
        for (JmhResult r : results) {
            List<String> row = new ArrayList<>(List.of(r.method()));
            params.forEach(p -> row.add(r.params().getOrDefault(p, "")));
            row.add(Figures.withError(r.primary()));
            row.add(r.primary().unit());
            if (rate) {
                row.add(Figures.of(r.secondsPerOp() * 1e3));
            }
            if (placements) {
                row.addAll(List.of(Figures.of(r.placementsPerOp()), Figures.of(r.placementsPerSecond()),
                        Figures.of(r.microsPerPlacement())));
            }
            if (evictions) {
                row.add(Figures.of(r.secondary("evictions")));
            }
            if (alloc) {
                row.add(Figures.of(r.bytesPerOp()));
            }
            if (alloc && placements) {
                row.add(Figures.of(r.bytesPerPlacement()));
            }
            md.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
    }

    private record ChartSpec(String name, LineChart chart) {
    }

    private List<ChartSpec> charts(String suite, List<JmhResult> results) {
        String x = xParam(results);
        if (x == null) {
            return List.of();
        }
        List<String> others = varying(results).stream().filter(p -> !p.equals(x)).toList();
        boolean methods = results.stream().map(JmhResult::method).distinct().count() > 1;
        JmhResult first = results.get(0);
        String timeLabel = first.primary().isRate() ? "time per op (ms)" : "time per op (" + first.primary().unit()
                .replace("/op", "") + ")";
        LineChart time = chart(suite + ": " + timeLabel + " vs " + x, x, timeLabel);
        LineChart perPlacement = chart(suite + ": microseconds per placement vs " + x, x, "us per placement");
        for (JmhResult r : results) {
            String series = seriesName(r, others, methods);
            double y = r.primary().isRate() ? r.secondsPerOp() * 1e3 : r.primary().score();
            time.point(series, r.param(x), y);
            perPlacement.point(series, r.param(x), r.microsPerPlacement());
        }
        List<ChartSpec> specs = new ArrayList<>();
        specs.add(new ChartSpec("time", time));
        if (!perPlacement.isEmpty()) {
            specs.add(new ChartSpec("per-placement", perPlacement));
        }
        return specs;
    }

    private LineChart chart(String title, String x, String y) {
        LineChart chart = new LineChart(title + " [" + label + "]", x, y);
        stamp.lines().forEach(chart::stamp);
        return chart;
    }

    private static String seriesName(JmhResult r, List<String> others, boolean methods) {
        List<String> parts = new ArrayList<>();
        if (methods) {
            parts.add(r.method());
        }
        others.forEach(p -> parts.add(p + "=" + r.params().get(p)));
        return parts.isEmpty() ? r.method() : String.join(", ", parts);
    }

    /** The parameter to put on the x axis: a numeric one that varies, in {@link #X_PREFERENCE} order. */
    static String xParam(List<JmhResult> results) {
        List<String> varying = varying(results).stream().filter(p -> numeric(results, p)).toList();
        for (String p : X_PREFERENCE) {
            if (varying.contains(p)) {
                return p;
            }
        }
        return varying.isEmpty() ? null : varying.get(0);
    }

    static List<String> varying(List<JmhResult> results) {
        Map<String, Set<String>> values = new TreeMap<>();
        for (JmhResult r : results) {
            r.params().forEach((k, v) -> values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
        }
        List<String> out = new ArrayList<>();
        values.forEach((k, v) -> {
            if (v.size() > 1) {
                out.add(k);
            }
        });
        return out;
    }

    private static boolean numeric(List<JmhResult> results, String param) {
        return results.stream().allMatch(r -> r.params().get(param) == null
                || r.params().get(param).matches("-?[0-9.]+"));
    }

    /** Result files of a directory, in name order, parsed. */
    static Map<String, List<JmhResult>> load(Path dir) throws IOException {
        Map<String, List<JmhResult>> byFile = new LinkedHashMap<>();
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                List<JmhResult> results = JmhResult.parse(Files.readString(f), f.getFileName().toString());
                if (!results.isEmpty()) {
                    byFile.put(f.getFileName().toString(), results);
                }
            }
        }
        return byFile;
    }
}
