package dev.caldera.kernel.plugin.sla;

/**
 * Parses Go's time.Duration text ("3m", "1h30m", "2.5s", "150ms") into milliseconds, as Volcano reads
 * sla-waiting-time. Units: h, m, s, ms, us (or µs), ns; fractions allowed; sub-millisecond parts truncate.
 */
public final class GoDuration {
    private GoDuration() {
    }

    /** Milliseconds, or throws IllegalArgumentException saying what is wrong with {@code text}. */
    public static long parseMs(String text) {
        String s = text == null ? "" : text.trim();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty duration");
        }
        double totalNs = 0;
        int i = 0;
        while (i < s.length()) {
            int start = i;
            while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
                i++;
            }
            if (start == i) {
                throw new IllegalArgumentException("'" + text + "' is not a duration such as 3m, 1h30m or 90s");
            }
            double value = Double.parseDouble(s.substring(start, i));
            int unitStart = i;
            while (i < s.length() && !Character.isDigit(s.charAt(i)) && s.charAt(i) != '.') {
                i++;
            }
            totalNs += value * unitNs(s.substring(unitStart, i), text);
        }
        return (long) (totalNs / 1_000_000);
    }

    private static double unitNs(String unit, String text) {
        return switch (unit) {
            case "h" -> 3_600e9;
            case "m" -> 60e9;
            case "s" -> 1e9;
            case "ms" -> 1e6;
            case "us", "µs" -> 1e3;
            case "ns" -> 1;
            default -> throw new IllegalArgumentException("'" + text + "' has unknown unit '" + unit
                    + "' (use h, m, s, ms, us or ns)");
        };
    }
}
