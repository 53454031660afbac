package dev.caldera.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns JMH JSON results into a markdown report and PNG charts. Reads {@code ROOT/<jvm label>/*.json} (one
 * folder per JVM, as {@code bench/run-all.sh} writes them) and writes {@code ROOT/<jvm label>/RESULTS.md} with
 * {@code charts/}, plus {@code ROOT/RESULTS.md}: the index and the headline suite side by side across JVMs.
 * <pre>
 * java -cp benchmarks.jar dev.caldera.bench.report.Report --root perf-results --command "bench/run-all.sh"
 * </pre>
 */
public final class Report {
    private Report() {
    }

    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Map<String, String> options = options(args);
        Path root = Path.of(options.getOrDefault("--root", "perf-results"));
        String command = options.getOrDefault("--command", "java dev.caldera.bench.report.Report " + String.join(" ", args));
        String date = options.getOrDefault("--date", ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        String machine = options.getOrDefault("--machine", Stamp.thisMachine());
        System.out.println("wrote " + write(root, command, date, machine));
    }

    /** Writes every JVM's page and the index; returns the index path. */
    public static Path write(Path root, String command, String date, String machine) throws IOException {
        Map<String, ResultsPage> pages = new TreeMap<>();
        try (var dirs = Files.list(root)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                Map<String, List<JmhResult>> byFile = ResultsPage.load(dir);
                if (byFile.isEmpty()) {
                    continue;
                }
                String label = dir.getFileName().toString();
                String jvm = byFile.values().iterator().next().get(0).jvm();
                ResultsPage page = new ResultsPage(dir, label, pageStamp(dir, jvm, machine, date, command), byFile);
                page.write();
                pages.put(label, page);
            }
        }
        if (pages.isEmpty()) {
            throw new IllegalArgumentException("Report: no JMH JSON results under " + root + "/<jvm label>/");
        }
        return index(root, pages, new Stamp("see each page", machine, date, command));
    }

    /**
     * The page's header: the last run-all that ran in this folder ({@code run.stamp}, written by
     * {@code bench/run-all.sh} for each JVM it runs), so a folder this invocation did not run keeps its own
     * machine and date; without one, this invocation's.
     */
    private static Stamp pageStamp(Path dir, String jvm, String machine, String date, String command)
            throws IOException {
        Path run = dir.resolve("run.stamp");
        if (!Files.isRegularFile(run)) {
            return new Stamp(jvm, machine, date, command);
        }
        Map<String, String> f = ResultsPage.fields(run);
        return new Stamp(jvm, f.getOrDefault("machine", machine), f.getOrDefault("date", date),
                f.getOrDefault("command", command));
    }

    private static Path index(Path root, Map<String, ResultsPage> pages, Stamp stamp) throws IOException {
        StringBuilder md = new StringBuilder("# Caldera benchmark results\n\n").append(stamp.markdown()).append('\n');
        md.append("| JVM label | JVM | page |\n|---|---|---|\n");
        pages.forEach((label, page) -> md.append("| ").append(label).append(" | ").append(page.all().get(0).jvm())
                .append(" | [").append(label).append("/RESULTS.md](").append(label).append("/RESULTS.md) |\n"));
        headline(root, pages, stamp, md);
        Path file = root.resolve("RESULTS.md");
        Files.writeString(file, md.toString());
        return file;
    }

    /** The headline configuration of the allocate suite per node count, one column per JVM. */
    private static void headline(Path root, Map<String, ResultsPage> pages, Stamp stamp, StringBuilder md)
            throws IOException {
        Map<Double, Map<String, Double>> rows = new TreeMap<>();
        LineChart chart = new LineChart("AllocateCycle: microseconds per placement vs nodes, per JVM", "nodes",
                "us per placement");
        stamp.lines().forEach(chart::stamp);
        pages.forEach((label, page) -> {
            // the first file's figure wins where two runs measured the same configuration (allocate-nodes first)
            Map<Double, JmhResult> byNodes = new TreeMap<>();
            page.all().stream().filter(JmhResult::isHeadline).forEach(r -> byNodes.putIfAbsent(r.param("nodes"), r));
            byNodes.forEach((nodes, r) -> {
                rows.computeIfAbsent(nodes, k -> new LinkedHashMap<>()).put(label, r.placementsPerSecond());
                chart.point(label, nodes, r.microsPerPlacement());
            });
        });
        if (rows.isEmpty()) {
            return;
        }
        List<String> labels = new ArrayList<>(pages.keySet());
        md.append("\n## Headline: allocate cycle placements per second (10,000 pending tasks)\n\n| nodes | ")
                .append(String.join(" | ", labels)).append(" |\n|---|").append("---|".repeat(labels.size())).append('\n');
        rows.forEach((nodes, byLabel) -> {
            md.append("| ").append(Figures.of(nodes));
            labels.forEach(l -> md.append(" | ").append(Figures.of(byLabel.getOrDefault(l, Double.NaN))));
            md.append(" |\n");
        });
        Path png = root.resolve("charts").resolve("headline-per-jvm.png");
        chart.write(png);
        md.append("\n![headline per JVM](charts/headline-per-jvm.png)\n");
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("Report: expected --root DIR, --command TEXT, --date TEXT or "
                        + "--machine TEXT, got '" + args[i] + "'");
            }
            options.put(args[i], args[++i]);
        }
        return options;
    }
}
