package dev.caldera.k8s.convert;

import dev.caldera.k8s.manifest.token.Quote;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * RFC 3339 timestamps ({@code metadata.creationTimestamp}) to epoch milliseconds; absent is 0. The form the API
 * server writes ({@code 2024-01-01T00:00:00Z}: UTC, whole seconds) is valued from its digits, with the calendar
 * checked by {@link LocalDate}, before {@link OffsetDateTime#parse}, which reads every other form and refuses the
 * bad ones (on a 40,000-pod dump its formatter cost about 130 ms of CPU on a cold JVM). {@code TimestampsTest}
 * holds the shortcut to {@code OffsetDateTime.parse} on every value it takes and on the ones it leaves.
 * <p>
 * Threading: stateless. No allocation on the shortcut.
 */
final class Timestamps {
    private Timestamps() {
    }

    static long epochMs(String text, String object, String field) {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        long quick = utcSeconds(text);
        if (quick != NOT_SHORT) {
            return quick;
        }
        try {
            return OffsetDateTime.parse(text).toInstant().toEpochMilli();
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new ConversionException(object, field, Quote.of(text) + " is not an RFC 3339 time such as"
                    + " 2024-01-01T00:00:00Z");
        }
    }

    /** What {@link #utcSeconds} returns for text it leaves to {@link OffsetDateTime#parse}. */
    static final long NOT_SHORT = Long.MIN_VALUE;

    /**
     * Epoch milliseconds of {@code yyyy-MM-ddTHH:mm:ssZ} with a valid date, hour 0 to 23, minute and second 0 to
     * 59; {@link #NOT_SHORT} for anything else (other forms, and values the full parser is to judge).
     */
    static long utcSeconds(String s) {
        if (s.length() != 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T'
                || s.charAt(13) != ':' || s.charAt(16) != ':' || s.charAt(19) != 'Z') {
            return NOT_SHORT;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 2);
        int day = digits(s, 8, 2);
        int hour = digits(s, 11, 2);
        int minute = digits(s, 14, 2);
        int second = digits(s, 17, 2);
        if ((year | month | day | hour | minute | second) < 0 || month < 1 || month > 12 || day < 1
                || hour > 23 || minute > 59 || second > 59
                || day > LocalDate.of(year, month, 1).lengthOfMonth()) {
            return NOT_SHORT;
        }
        long epochDay = LocalDate.of(year, month, day).toEpochDay();
        return (epochDay * 86_400L + hour * 3_600L + minute * 60L + second) * 1_000L;
    }

    /** The value of {@code n} ASCII digits at {@code from}, or -1 when one is not a digit. */
    private static int digits(String s, int from, int n) {
        int v = 0;
        for (int i = from; i < from + n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
