package dev.caldera.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The before/after table of {@code bench/side-by-side.sh}: two builds of the benchmarks (two commits) ran the same
 * benchmark in alternating order, round after round, each run in its own JSON file named
 * {@code <before|after>-<param>-r<round>.json}. Per parameter value this prints, for each side, the median over the
 * rounds of placements per second and of bytes allocated per cycle, and the median of the per-round ratios
 * after/before (rounds pair the two sides run next to each other, so slow drift of a busy machine cancels): a
 * ratio below {@code 1 - tolerance} in placements per second is a regression.
 * <p>
 * Usage: {@code SideBySide DIR PARAM TOLERANCE_PERCENT STAMP_LINE...} writes {@code DIR/RESULTS.md} and prints it.
 */
public final class SideBySide {
    private SideBySide() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: SideBySide DIR PARAM TOLERANCE_PERCENT [STAMP_LINE...]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        String table = table(read(dir), args[1], Double.parseDouble(args[2]) / 100,
                List.of(args).subList(3, args.length));
        Files.writeString(dir.resolve("RESULTS.md"), table);
        System.out.print(table);
    }

    /** Every result file of {@code dir}, keyed by its name without {@code .json}. */
    static Map<String, JmhResult> read(Path dir) throws IOException {
        Map<String, JmhResult> out = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                String name = f.getFileName().toString();
                if (name.endsWith(".json") && (name.startsWith("before-") || name.startsWith("after-"))) {
                    List<JmhResult> results = JmhResult.parse(Files.readString(f), name);
                    if (results.size() != 1) {
                        throw new IllegalArgumentException(name + ": expected one result, found " + results.size());
                    }
                    out.put(name.substring(0, name.length() - ".json".length()), results.get(0));
                }
            }
        }
        return out;
    }

    /** The markdown table over {@code runs} (names {@code side-value-rN}), one row per value of {@code param}. */
    static String table(Map<String, JmhResult> runs, String param, double tolerance, List<String> stamp) {
        Map<String, List<double[]>> rounds = new TreeMap<>((a, b) -> compareValues(a, b));
        for (var e : runs.entrySet()) {
            String[] parts = e.getKey().split("-");
            if (!parts[0].equals("after")) {
                continue;
            }
            String value = e.getValue().params().get(param);
            JmhResult before = runs.get("before-" + parts[1] + "-" + parts[2]);
            if (before == null) {
                throw new IllegalArgumentException(e.getKey() + " has no before run of the same round");
            }
            rounds.computeIfAbsent(value, k -> new ArrayList<>()).add(new double[] {
                before.placementsPerSecond(), e.getValue().placementsPerSecond(), before.bytesPerOp(),
                e.getValue().bytesPerOp()});
        }
        StringBuilder sb = new StringBuilder("# Side by side: before and after\n\n");
        stamp.forEach(line -> sb.append("- ").append(line).append('\n'));
        sb.append('\n').append("| ").append(param).append(" | rounds | before placements/s | after placements/s "
                + "| after/before (median of rounds) | per-round ratios | before B/cycle | after B/cycle | verdict |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|\n");
        for (var e : rounds.entrySet()) {
            List<double[]> r = e.getValue();
            double[] ratios = r.stream().mapToDouble(x -> x[1] / x[0]).toArray();
            double ratio = median(ratios);
            sb.append(String.format(Locale.ROOT, "| %s | %d | %,.0f | %,.0f | %.4f | %s | %,.0f | %,.0f | %s |%n",
                    e.getKey(), r.size(), median(column(r, 0)), median(column(r, 1)), ratio, list(ratios),
                    median(column(r, 2)), median(column(r, 3)),
                    ratio >= 1 - tolerance ? "within " + percent(tolerance) : "REGRESSION beyond " + percent(tolerance)));
        }
        return sb.toString();
    }

    private static int compareValues(String a, String b) {
        try {
            return Double.compare(Double.parseDouble(a), Double.parseDouble(b));
        } catch (NumberFormatException e) {
            return a.compareTo(b);
        }
    }

    private static double[] column(List<double[]> rows, int i) {
        return rows.stream().mapToDouble(x -> x[i]).toArray();
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    private static String list(double[] ratios) {
        StringBuilder sb = new StringBuilder();
        for (double r : ratios) {
            sb.append(sb.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.3f", r));
        }
        return sb.toString();
    }

    private static String percent(double tolerance) {
        return String.format(Locale.ROOT, "%.0f%%", tolerance * 100);
    }
}
