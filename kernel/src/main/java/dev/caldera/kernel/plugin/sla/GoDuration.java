package dev.caldera.kernel.plugin.sla;

/**
 * Go's {@code time.ParseDuration} ("3m", "1h30m", "2.5s", "-1.5h", "150ms"), as Volcano reads sla-waiting-time:
 * an optional sign, then one or more decimal numbers each with a unit (h, m, s, ms, us, µs, μs, ns); "0" alone
 * needs no unit. A duration beyond Go's range (about 292 years, a signed 64-bit count of nanoseconds) is an
 * error, as in Go (Go also takes exactly -2^63 ns, which is refused here).
 * <p>
 * Threading: stateless. Cost: linear in the text.
 */
public final class GoDuration {
    private GoDuration() {
    }

    /** Milliseconds (truncated toward zero), or throws IllegalArgumentException saying what is wrong. */
    public static long parseMs(String text) {
        return parseNs(text) / 1_000_000;
    }

    /** Nanoseconds, or throws IllegalArgumentException saying what is wrong with {@code text}. */
    public static long parseNs(String text) {
        String s = text == null ? "" : text;
        boolean negative = !s.isEmpty() && s.charAt(0) == '-';
        if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
            s = s.substring(1);
        }
        if (s.equals("0")) {
            return 0;
        }
        if (s.isEmpty()) {
            throw invalid(text);
        }
        long total = 0;
        int[] at = {0};
        while (at[0] < s.length()) {
            total = add(total, term(s, at, text), text);
        }
        return negative ? -total : total;
    }

    /** One number with its unit starting at {@code at[0]}, in nanoseconds; {@code at[0]} moves past it. */
    private static long term(String s, int[] at, String text) {
        int i = at[0];
        long whole = 0;
        boolean digits = false;
        while (i < s.length() && isDigit(s.charAt(i))) {
            if (whole > (Long.MAX_VALUE - 9) / 10) {
                throw outOfRange(text);
            }
            whole = whole * 10 + (s.charAt(i++) - '0');
            digits = true;
        }
        long fraction = 0;
        double scale = 1;
        if (i < s.length() && s.charAt(i) == '.') {
            i++;
            while (i < s.length() && isDigit(s.charAt(i))) {
                if (fraction <= (Long.MAX_VALUE - 9) / 10) { // later digits no longer count, as in Go
                    fraction = fraction * 10 + (s.charAt(i) - '0');
                    scale *= 10;
                }
                i++;
                digits = true;
            }
        }
        if (!digits) {
            throw invalid(text);
        }
        int unitStart = i;
        while (i < s.length() && s.charAt(i) != '.' && !isDigit(s.charAt(i))) {
            i++;
        }
        if (unitStart == i) {
            throw new IllegalArgumentException(quote(text) + " is missing a unit (h, m, s, ms, us or ns)");
        }
        long unit = unitNs(s.substring(unitStart, i), text);
        at[0] = i;
        if (whole > Long.MAX_VALUE / unit) {
            throw outOfRange(text);
        }
        return add(whole * unit, (long) (fraction * (unit / scale)), text);
    }

    private static long add(long a, long b, String text) {
        long sum = a + b;
        if (sum < 0) {
            throw outOfRange(text);
        }
        return sum;
    }

    private static long unitNs(String unit, String text) {
        return switch (unit) {
            case "h" -> 3_600_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "s" -> 1_000_000_000L;
            case "ms" -> 1_000_000L;
            case "us", "\u00b5s", "\u03bcs" -> 1_000L;
            case "ns" -> 1L;
            default -> throw new IllegalArgumentException(quote(text) + " has an unknown unit " + quote(unit)
                    + " (use h, m, s, ms, us or ns)");
        };
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException(quote(text) + " is not a duration such as 3m, 1h30m or 90s");
    }

    private static IllegalArgumentException outOfRange(String text) {
        return new IllegalArgumentException(quote(text) + " is beyond Go's duration range (about 292 years)");
    }

    private static String quote(String text) {
        String t = String.valueOf(text);
        return t.length() <= 40 ? "'" + t + "'" : "'" + t.substring(0, 40) + "...' (" + t.length() + " characters)";
    }
}
