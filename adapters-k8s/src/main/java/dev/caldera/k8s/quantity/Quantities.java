package dev.caldera.k8s.quantity;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Kubernetes quantities ({@code 500m}, {@code 1Gi}, {@code 1e3}, {@code 2.5}) parsed exactly into the kernel's
 * canonical integer units: milli for cpu and every scalar resource ({@code nvidia.com/gpu}, hugepages, ...),
 * bytes for memory, a plain count for pods. Values that are not whole in that unit round up, as Kubernetes'
 * {@code Quantity.MilliValue()} and {@code Value()} do.
 * <p>
 * Grammar (Kubernetes {@code resource.ParseQuantity}): an optional sign, digits with an optional fraction, then
 * a binary suffix (Ki Mi Gi Ti Pi Ei), a decimal suffix (n u m k M G T P E, or none) or a decimal exponent
 * ({@code e3}, {@code E-2}). Suffixes are case-sensitive: {@code 1K} is invalid, {@code 1M} is mega and
 * {@code 1m} milli. Negative values are refused here because no scheduling quantity may be negative.
 * <p>
 * Threading: stateless, any thread.
 */
public final class Quantities {
    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);
    /**
     * The largest amount taken, in canonical units (2^56: 72 trillion cpu in milli-units, 64 PiB of memory): node
     * scores multiply an amount by 100 and cluster totals add many, and both must stay exact in 64 bits.
     */
    public static final long MAX_AMOUNT = 1L << 56;
    private static final BigDecimal MAX = BigDecimal.valueOf(MAX_AMOUNT);
    /** Longer text is cut short in messages. */
    private static final int MAX_QUOTED = 60;
    /** More digits than any quantity that fits 64 bits in milli-units, even with a suffix; refused unparsed. */
    private static final int MAX_DIGITS = 64;

    private Quantities() {
    }

    /**
     * The amount of {@code resource} written as {@code text}, in the kernel's canonical unit.
     *
     * @throws IllegalArgumentException saying why {@code text} is not a usable quantity
     */
    public static long canonical(String resource, String text) {
        long quick = SimpleQuantity.canonical(isMilli(resource), text);
        return quick >= 0 ? quick : exactCanonical(resource, text);
    }

    /** {@link #canonical} by exact decimal arithmetic, for every form ({@link SimpleQuantity} takes the common ones). */
    static long exactCanonical(String resource, String text) {
        BigDecimal value = parse(text);
        if (value.signum() < 0) {
            throw new IllegalArgumentException(quote(text) + " is negative");
        }
        BigDecimal scaled = isMilli(resource) ? value.multiply(THOUSAND) : value;
        BigDecimal whole = scaled.setScale(0, RoundingMode.CEILING);
        if (whole.compareTo(MAX) > 0) {
            throw new IllegalArgumentException(quote(text) + " is too large (more than " + MAX_AMOUNT + " "
                    + unit(resource) + ", so that scores and totals stay exact in 64 bits)");
        }
        return whole.longValueExact();
    }

    /** True for resources counted in milli units: cpu and every scalar resource. */
    public static boolean isMilli(String resource) {
        return !"memory".equals(resource) && !"pods".equals(resource);
    }

    /** The canonical unit of {@code resource}, for messages. */
    public static String unit(String resource) {
        return switch (resource) {
            case "memory" -> "bytes";
            case "pods" -> "pods";
            default -> "milli-units";
        };
    }

    /**
     * A canonical amount written back as Kubernetes would: milli-unit resources as whole units when they are
     * ({@code 4}, else {@code 500m}), memory with the largest exact binary suffix ({@code 8Gi}, else bytes), pods
     * as a count. {@code canonical(resource, text(resource, v)) == v} for every non-negative {@code v}.
     */
    public static String text(String resource, long amount) {
        if (isMilli(resource)) {
            return amount % 1000 == 0 ? Long.toString(amount / 1000) : amount + "m";
        }
        if (!"memory".equals(resource) || amount == 0) {
            return Long.toString(amount);
        }
        String[] suffixes = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
        long v = amount;
        String suffix = "";
        for (String s : suffixes) {
            if (v % 1024 != 0) {
                break;
            }
            v /= 1024;
            suffix = s;
        }
        return v + suffix;
    }

    /**
     * The exact value of a quantity string.
     *
     * @throws IllegalArgumentException when {@code text} does not follow the Kubernetes quantity grammar
     */
    public static BigDecimal parse(String text) {
        if (text == null || text.isEmpty()) {
            throw invalid(text == null ? "" : text);
        }
        int i = 0;
        int n = text.length();
        if (text.charAt(0) == '+' || text.charAt(0) == '-') {
            i++;
        }
        int digitsStart = i;
        int digits = 0;
        while (i < n && isDigit(text.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && text.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(text.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            throw invalid(text);
        }
        if (digits > MAX_DIGITS) {
            throw new IllegalArgumentException(quote(text) + " has more digits than any quantity Caldera can hold");
        }
        BigDecimal number = new BigDecimal(text.substring(0, digitsStart).replace("+", "")
                + normalizeFraction(text.substring(digitsStart, i)));
        return number.multiply(multiplier(text, text.substring(i)));
    }

    /** "1." is a valid Kubernetes number; BigDecimal wants "1" or "1.0", and ".5" as "0.5". */
    private static String normalizeFraction(String number) {
        String s = number.endsWith(".") ? number.substring(0, number.length() - 1) : number;
        return s.startsWith(".") ? "0" + s : s;
    }

    private static BigDecimal multiplier(String text, String suffix) {
        switch (suffix) {
            case "": return BigDecimal.ONE;
            case "n": return BigDecimal.ONE.movePointLeft(9);
            case "u": return BigDecimal.ONE.movePointLeft(6);
            case "m": return BigDecimal.ONE.movePointLeft(3);
            case "k": return BigDecimal.ONE.movePointRight(3);
            case "M": return BigDecimal.ONE.movePointRight(6);
            case "G": return BigDecimal.ONE.movePointRight(9);
            case "T": return BigDecimal.ONE.movePointRight(12);
            case "P": return BigDecimal.ONE.movePointRight(15);
            case "E": return BigDecimal.ONE.movePointRight(18);
            case "Ki": return binary(10);
            case "Mi": return binary(20);
            case "Gi": return binary(30);
            case "Ti": return binary(40);
            case "Pi": return binary(50);
            case "Ei": return binary(60);
            default: return exponent(text, suffix);
        }
    }

    private static BigDecimal binary(int power) {
        return new BigDecimal(BigInteger.ONE.shiftLeft(power));
    }

    private static BigDecimal exponent(String text, String suffix) {
        if (suffix.length() < 2 || (suffix.charAt(0) != 'e' && suffix.charAt(0) != 'E')) {
            throw invalid(text);
        }
        int i = 1;
        if (suffix.charAt(i) == '+' || suffix.charAt(i) == '-') {
            i++;
        }
        if (i == suffix.length()) {
            throw invalid(text);
        }
        for (int k = i; k < suffix.length(); k++) {
            if (!isDigit(suffix.charAt(k))) {
                throw invalid(text);
            }
        }
        String exp = suffix.substring(1);
        if (exp.replace("+", "").replace("-", "").length() > 3) {
            throw new IllegalArgumentException(quote(text) + " has an exponent out of range");
        }
        return BigDecimal.ONE.scaleByPowerOfTen(Integer.parseInt(exp));
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException(quote(text) + " is not a quantity (expected a number with an optional"
                + " suffix such as 500m, 2, 1.5Gi, 128Mi, 1e3)");
    }

    /** The text in quotes, cut short when long: a 5,000-digit quantity is not echoed whole. */
    static String quote(String text) {
        if (text.length() <= MAX_QUOTED) {
            return "'" + text + "'";
        }
        return "'" + text.substring(0, MAX_QUOTED) + "...' (" + text.length() + " characters)";
    }
}
