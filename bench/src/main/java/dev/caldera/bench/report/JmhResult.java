package dev.caldera.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One benchmark result of a JMH {@code -rf json} file (one method with one set of parameters), with the
 * figures the report derives from it: time per operation, placements per second and per operation, bytes
 * allocated per operation ({@code -prof gc}'s {@code gc.alloc.rate.norm}) and per placement.
 *
 * @param suite  the benchmark class's simple name without the {@code Benchmark} suffix
 * @param source the file it was read from (a run segment of a suite)
 */
public record JmhResult(String suite, String method, String mode, Map<String, String> params, Metric primary,
                        Map<String, Metric> secondary, String jdkVersion, String vmName, String vmVersion,
                        List<String> jvmArgs, String source) {

    public static final String PLACEMENTS = "placements";
    public static final String ALLOC_NORM = "gc.alloc.rate.norm";

    public JmhResult {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        secondary = Collections.unmodifiableMap(new LinkedHashMap<>(secondary));
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** Every result of one JMH JSON document. */
    @SuppressWarnings("unchecked")
    public static List<JmhResult> parse(String json, String source) {
        Object doc = Json.parse(json);
        if (!(doc instanceof List<?> list)) {
            throw new IllegalArgumentException(source + ": a JMH result file is a JSON array");
        }
        List<JmhResult> results = new ArrayList<>();
        for (Object o : list) {
            results.add(of((Map<String, Object>) o, source));
        }
        return results;
    }

    @SuppressWarnings("unchecked")
    private static JmhResult of(Map<String, Object> m, String source) {
        String benchmark = text(m, "benchmark", source);
        int dot = benchmark.lastIndexOf('.');
        String cls = benchmark.substring(benchmark.lastIndexOf('.', dot - 1) + 1, dot);
        String suite = cls.endsWith("Benchmark") ? cls.substring(0, cls.length() - "Benchmark".length()) : cls;
        Map<String, String> params = new LinkedHashMap<>();
        Object p = m.get("params");
        if (p instanceof Map<?, ?> map) {
            map.forEach((k, v) -> params.put((String) k, String.valueOf(v)));
        }
        Map<String, Metric> secondary = new LinkedHashMap<>();
        Object s = m.get("secondaryMetrics");
        if (s instanceof Map<?, ?> map) {
            map.forEach((k, v) -> secondary.put((String) k, metric((Map<String, Object>) v, source)));
        }
        List<String> args = new ArrayList<>();
        if (m.get("jvmArgs") instanceof List<?> list) {
            list.forEach(a -> args.add(String.valueOf(a)));
        }
        return new JmhResult(suite, benchmark.substring(dot + 1), text(m, "mode", source), params,
                metric((Map<String, Object>) m.get("primaryMetric"), source), secondary,
                String.valueOf(m.get("jdkVersion")), String.valueOf(m.get("vmName")),
                String.valueOf(m.get("vmVersion")), args, source);
    }

    private static Metric metric(Map<String, Object> m, String source) {
        if (m == null) {
            throw new IllegalArgumentException(source + ": result without primaryMetric");
        }
        return new Metric(number(m.get("score")), number(m.get("scoreError")), String.valueOf(m.get("scoreUnit")));
    }

    /** JMH writes NaN and infinities as strings. */
    private static double number(Object o) {
        if (o instanceof Double d) {
            return d;
        }
        if (o instanceof String s) {
            return Double.parseDouble(s);
        }
        return Double.NaN;
    }

    private static String text(Map<String, Object> m, String key, String source) {
        Object v = m.get(key);
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException(source + ": result without '" + key + "'");
        }
        return s;
    }

    // ---------------------------------------------------------------- derived figures

    public double param(String name) {
        String v = params.get(name);
        return v == null ? Double.NaN : Double.parseDouble(v);
    }

    /** Seconds per operation (a cycle, a task, ...), whichever mode the benchmark ran in. */
    public double secondsPerOp() {
        return primary.isRate() ? 1 / primary.perSecond() : primary.seconds();
    }

    /**
     * Placements per second, or NaN when the benchmark does not count placements. In throughput mode JMH reports
     * the placement counter as a rate ({@code ops/s}); in average-time mode as the time per placement
     * ({@code ms/op}), so the rate is its inverse.
     */
    public double placementsPerSecond() {
        Metric m = secondary.get(PLACEMENTS);
        if (m == null) {
            return Double.NaN;
        }
        return m.isRate() ? m.perSecond() : 1 / m.seconds();
    }

    /** Placements per operation (per cycle), or NaN. */
    public double placementsPerOp() {
        return placementsPerSecond() * secondsPerOp();
    }

    /** Microseconds per placement, or NaN. */
    public double microsPerPlacement() {
        return 1e6 / placementsPerSecond();
    }

    /** Bytes allocated per operation ({@code -prof gc}), or NaN when the profiler was not on. */
    public double bytesPerOp() {
        Metric m = secondary.get(ALLOC_NORM);
        return m == null ? Double.NaN : m.score();
    }

    /** Bytes allocated per placement, or NaN. */
    public double bytesPerPlacement() {
        return bytesPerOp() / placementsPerOp();
    }

    /** A secondary result's score, or NaN. */
    public double secondary(String name) {
        Metric m = secondary.get(name);
        return m == null ? Double.NaN : m.score();
    }

    /**
     * True for the headline configuration of the allocate suite: incremental selector, one filter thread
     * ({@code filterWorkers} absent or 1), 10,000 pending tasks.
     */
    public boolean isHeadline() {
        return suite.equals("AllocateCycle") && "true".equals(params.get("incremental"))
                && "10000".equals(params.get("pendingTasks"))
                && "1".equals(params.getOrDefault("filterWorkers", "1"));
    }

    /** The JVM as people read it: vm name, version and JDK. */
    public String jvm() {
        return vmName + " " + vmVersion + " (JDK " + jdkVersion + ")";
    }
}
