package dev.caldera.bench.report;

import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Where the rows of a replay results directory come from: {@code stamps.csv}, one row per run of
 * {@code bench/replay-figures.sh} that wrote replays (date, command, JVM, machine, how many replays it wrote). The
 * grid is resumable and a later run may redo one policy's rows, so a table can hold rows of several machines and
 * days; the README lists every stamp instead of claiming the last run's for all of them.
 * <p>
 * Threading: any thread. Not on any hot path.
 */
final class ReplayStamps {
    static final String FILE = "stamps.csv";
    private static final CsvSchema SCHEMA = CsvSchema.builder().addColumn("date").addColumn("command")
            .addColumn("jvm").addColumn("machine").addNumberColumn("replays").build();
    private static final CsvMapper CSV = new CsvMapper();

    private ReplayStamps() {
    }

    /** Appends {@code stamp} as a row (with the header when the file is new) when the run wrote any replay. */
    static void record(Path dir, Stamp stamp, int replays) throws IOException {
        if (replays <= 0) {
            return;
        }
        Path file = dir.resolve(FILE);
        boolean fresh = !Files.exists(file) || Files.size(file) == 0;
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND)) {
            CSV.writer(fresh ? SCHEMA.withHeader() : SCHEMA.withoutHeader()).writeValue(out,
                    List.of(stamp.date(), stamp.command(), stamp.jvm(), stamp.machine(), replays));
        }
    }

    /** The markdown table of every recorded stamp, oldest first; a line saying there is none otherwise. */
    static String markdown(Path dir) throws IOException {
        List<Map<String, String>> rows = CsvRows.read(dir.resolve(FILE));
        if (rows.isEmpty()) {
            return "No run is recorded in `" + FILE + "`.\n";
        }
        StringBuilder md = new StringBuilder("Runs that wrote these rows (`" + FILE + "`; a later run's replay "
                + "replaces an earlier one's of the same workload, policy and seed):\n\n"
                + "| date | replays written | command | JVM | machine |\n|---|---|---|---|---|\n");
        for (Map<String, String> row : rows) {
            md.append('|');
            for (String c : List.of("date", "replays", "command", "jvm", "machine")) {
                String v = row.getOrDefault(c, "");
                md.append(' ').append(c.equals("command") ? "`" + v + "`" : v).append(" |");
            }
            md.append('\n');
        }
        return md.toString();
    }

    /**
     * The stamp the charts carry: the current run's date and command, with the JVM and machine of the recorded
     * runs when they all share one, and a pointer to {@code stamps.csv} when the rows come from several.
     */
    static Stamp forCharts(Path dir, Stamp current) throws IOException {
        List<Map<String, String>> rows = CsvRows.read(dir.resolve(FILE));
        TreeSet<String> jvms = new TreeSet<>();
        TreeSet<String> machines = new TreeSet<>();
        for (Map<String, String> row : rows) {
            jvms.add(row.getOrDefault("jvm", ""));
            machines.add(row.getOrDefault("machine", ""));
        }
        if (rows.isEmpty()) {
            return current;
        }
        return new Stamp(jvms.size() == 1 ? jvms.first() : jvms.size() + " JVMs (" + FILE + ")",
                machines.size() == 1 ? machines.first() : machines.size() + " machines (" + FILE + ")",
                current.date(), current.command());
    }
}
