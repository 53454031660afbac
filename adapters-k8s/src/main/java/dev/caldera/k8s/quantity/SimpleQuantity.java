package dev.caldera.k8s.quantity;

/**
 * The quantities that fill a dump ({@code 750m}, {@code 32}, {@code 1024Mi}, {@code 110}) in canonical units by
 * integer arithmetic: up to 15 digits and one of the suffixes below, no sign, fraction or exponent; anything else,
 * and any amount above {@link Quantities#MAX_AMOUNT}, is left to the exact decimal path, which gives the same
 * amounts ({@code QuantitiesTest} holds the two together) and the messages.
 * <p>
 * Threading: stateless, any thread. Cost: one pass over the text, no allocation.
 */
final class SimpleQuantity {
    /** Not taken here: the caller parses the text exactly. */
    static final long NOT_SIMPLE = -1;
    private static final int MAX_DIGITS = 15;
    private static final long KI = 1L << 10;

    private SimpleQuantity() {
    }

    /** The amount in milli-units ({@code milli}) or whole units, or {@link #NOT_SIMPLE}. */
    static long canonical(boolean milli, String text) {
        int n = text.length();
        int i = 0;
        long value = 0;
        while (i < n && i <= MAX_DIGITS) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                break;
            }
            value = value * 10 + (c - '0');
            i++;
        }
        if (i == 0 || i > MAX_DIGITS) {
            return NOT_SIMPLE;
        }
        long amount = scaled(milli, value, text, i);
        return amount > Quantities.MAX_AMOUNT ? NOT_SIMPLE : amount;
    }

    /** {@code value} times the suffix that starts at {@code at}, in the canonical unit; NOT_SIMPLE on overflow. */
    private static long scaled(boolean milli, long value, String text, int at) {
        int rest = text.length() - at;
        if (rest == 0) {
            return milli ? times(value, 1000) : value;
        }
        char c = text.charAt(at);
        if (rest == 1) {
            return switch (c) {
                case 'm' -> milli ? value : (value + 999) / 1000;
                case 'k' -> times(value, milli ? 1_000_000L : 1000);
                case 'M' -> times(value, milli ? 1_000_000_000L : 1_000_000L);
                case 'G' -> times(value, milli ? 1_000_000_000_000L : 1_000_000_000L);
                default -> NOT_SIMPLE;
            };
        }
        if (rest != 2 || text.charAt(at + 1) != 'i') {
            return NOT_SIMPLE;
        }
        long unit = switch (c) {
            case 'K' -> KI;
            case 'M' -> KI * KI;
            case 'G' -> KI * KI * KI;
            case 'T' -> KI * KI * KI * KI;
            default -> NOT_SIMPLE;
        };
        return unit == NOT_SIMPLE ? NOT_SIMPLE : times(times(value, unit), milli ? 1000 : 1);
    }

    private static long times(long a, long b) {
        if (a == NOT_SIMPLE) {
            return NOT_SIMPLE;
        }
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return high != 0 || low < 0 ? NOT_SIMPLE : low;
    }
}
