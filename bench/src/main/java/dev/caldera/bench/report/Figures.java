package dev.caldera.bench.report;

import java.util.Locale;

/** Number formats for tables: thousands separators for large values, three significant digits for small ones. */
final class Figures {
    private Figures() {
    }

    static String of(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        double a = Math.abs(v);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a == 0) {
            return "0";
        }
        return String.format(Locale.ROOT, a >= 1 ? "%.3g" : "%.2g", v);
    }

    /** Score with its error when JMH computed one. */
    static String withError(Metric m) {
        return Double.isNaN(m.error()) ? of(m.score()) : of(m.score()) + " ± " + of(m.error());
    }
}
