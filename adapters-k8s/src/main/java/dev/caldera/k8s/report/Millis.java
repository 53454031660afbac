package dev.caldera.k8s.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Nanoseconds as milliseconds with three decimals at most, written plainly ({@code 1.84}, {@code 0.002}). */
final class Millis {
    private Millis() {
    }

    static String of(long nanos) {
        BigDecimal ms = BigDecimal.valueOf(nanos).movePointLeft(6).setScale(3, RoundingMode.HALF_UP);
        String plain = ms.stripTrailingZeros().toPlainString();
        return plain.equals("0.000") ? "0" : plain;
    }
}
