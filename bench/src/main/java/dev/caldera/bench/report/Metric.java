package dev.caldera.bench.report;

/** One JMH score: value, half-width of its 99.9% confidence interval (NaN with a single iteration), unit. */
public record Metric(double score, double error, String unit) {

    /** The score as operations per second, for throughput units ({@code ops/s}, {@code ops/ms}, ...). */
    public double perSecond() {
        return score / secondsIn(unit.substring(unit.indexOf('/') + 1));
    }

    /** The score as seconds per operation, for time units ({@code ms/op}, {@code us/op}, ...). */
    public double seconds() {
        return score * secondsIn(unit.substring(0, unit.indexOf('/')));
    }

    public boolean isRate() {
        return unit.startsWith("ops/");
    }

    private static double secondsIn(String unit) {
        return switch (unit) {
            case "s" -> 1;
            case "ms" -> 1e-3;
            case "us" -> 1e-6;
            case "ns" -> 1e-9;
            case "min" -> 60;
            default -> throw new IllegalArgumentException("JMH unit: unknown time unit '" + unit + "'");
        };
    }
}
