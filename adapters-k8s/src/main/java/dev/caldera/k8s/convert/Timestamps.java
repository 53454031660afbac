package dev.caldera.k8s.convert;

import dev.caldera.k8s.manifest.token.Quote;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** RFC 3339 timestamps ({@code metadata.creationTimestamp}) to epoch milliseconds; absent is 0. */
final class Timestamps {
    private Timestamps() {
    }

    static long epochMs(String text, String object, String field) {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        try {
            return OffsetDateTime.parse(text).toInstant().toEpochMilli();
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new ConversionException(object, field, Quote.of(text) + " is not an RFC 3339 time such as"
                    + " 2024-01-01T00:00:00Z");
        }
    }
}
