package dev.caldera.k8s.convert;

import org.junit.jupiter.api.Test;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The digits shortcut of {@link Timestamps} gives what {@link OffsetDateTime#parse} gives, and leaves the rest to it. */
class TimestampsTest {
    @Test
    void theShortcutAgreesWithOffsetDateTimeOnRandomUtcStamps() {
        Random random = new Random(7);
        int taken = 0;
        for (int i = 0; i < 200_000; i++) {
            String s = String.format("%04d-%02d-%02dT%02d:%02d:%02dZ", random.nextInt(10_000), random.nextInt(14),
                    random.nextInt(33), random.nextInt(26), random.nextInt(62), random.nextInt(62));
            long quick = Timestamps.utcSeconds(s);
            Long full = parsed(s);
            if (quick != Timestamps.NOT_SHORT) {
                taken++;
                assertThat(quick).as(s).isEqualTo(full);
            } else if (full != null) {
                // left to the full parser although it reads the value: allowed, but only at the edges
                assertThat(s).as("a valid stamp the shortcut should take").matches(".*T(2[4-9]|..:6|..:..:6).*");
            }
        }
        assertThat(taken).isGreaterThan(100_000);
    }

    @Test
    void edgesOfTheCalendarAndOtherFormsAsOffsetDateTimeReadsThem() {
        for (String s : new String[] {"2024-02-29T23:59:59Z", "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z",
            "2000-02-29T00:00:00Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1970-01-01T00:00:00Z",
            "2024-04-31T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T23:60:00Z", "2024-01-01T23:59:60Z",
            "2024-01-01t00:00:00z", "2024-01-01T00:00:00+02:00", "2024-01-01T00:00:00.5Z", "2024-1-01T00:00:00Z",
            "2024-01-01 00:00:00Z", "+2024-01-01T00:00:00Z", "2024-01-01T00:00:0xZ", "yesterday"}) {
            Long full = parsed(s);
            long quick = Timestamps.utcSeconds(s);
            if (quick != Timestamps.NOT_SHORT) {
                assertThat(quick).as(s).isEqualTo(full);
            }
            if (full == null) {
                assertThatThrownBy(() -> Timestamps.epochMs(s, "Pod p", "metadata.creationTimestamp")).as(s)
                        .isInstanceOf(ConversionException.class).hasMessageContaining("is not an RFC 3339 time");
            } else {
                assertThat(Timestamps.epochMs(s, "Pod p", "metadata.creationTimestamp")).as(s).isEqualTo(full);
            }
        }
        assertThat(Timestamps.utcSeconds("2024-01-01T00:00:01Z")).isEqualTo(1_704_067_201_000L);
    }

    private static Long parsed(String s) {
        try {
            return OffsetDateTime.parse(s).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
