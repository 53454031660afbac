package dev.caldera.k8s.manifest.token;

import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

import java.math.BigInteger;

/**
 * What a plain (unquoted) YAML scalar is, by YAML 1.1 as SnakeYAML's {@link Resolver} decides it (the rules the
 * Kubernetes tools' go-yaml follows too): {@code yes}, {@code on}, {@code true} are booleans, {@code ~} and
 * {@code null} null, {@code 0x1F}, {@code 017}, {@code 1_000} integers, {@code 1e3}, {@code .5} floats, and
 * everything else, timestamps included, text. Common cases (names, quantities such as {@code 500m}, decimal
 * numbers) are decided without a regular expression; the rest is asked of SnakeYAML's resolver, and a test holds
 * the two to the same answers.
 * <p>
 * Threading: stateless, any thread.
 */
public final class ScalarResolver {
    private static final Resolver SNAKEYAML = new Resolver();
    private static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    private static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);

    private ScalarResolver() {
    }

    /** The type of a plain scalar written as {@code text}. */
    public static ScalarType resolve(String text) {
        if (text.isEmpty()) {
            return ScalarType.NULL;
        }
        char c = text.charAt(0);
        if (isLetter(c)) {
            return word(text);
        }
        if (c >= '0' && c <= '9') {
            ScalarType quick = number(text);
            if (quick != null) {
                return quick;
            }
        }
        return ofTag(SNAKEYAML.resolve(NodeId.scalar, text, true), text);
    }

    /** The value of an {@link ScalarType#INT} scalar, by YAML 1.1 (SnakeYAML's ConstructYamlInt). */
    public static BigInteger integer(String text) {
        String s = text.replace("_", "");
        int sign = 1;
        if (s.startsWith("-")) {
            sign = -1;
            s = s.substring(1);
        } else if (s.startsWith("+")) {
            s = s.substring(1);
        }
        BigInteger value;
        if (s.equals("0")) {
            value = BigInteger.ZERO;
        } else if (s.startsWith("0b")) {
            value = new BigInteger(s.substring(2), 2);
        } else if (s.startsWith("0x")) {
            value = new BigInteger(s.substring(2), 16);
        } else if (s.startsWith("0")) {
            value = new BigInteger(s.substring(1), 8);
        } else if (s.indexOf(':') >= 0) {
            value = sexagesimal(s);
        } else {
            value = new BigInteger(s);
        }
        return sign < 0 ? value.negate() : value;
    }

    /** The value of an INT scalar as an int, or null when it does not fit 32 bits. */
    public static Integer int32(String text) {
        BigInteger v = integer(text);
        return v.compareTo(INT_MIN) < 0 || v.compareTo(INT_MAX) > 0 ? null : v.intValue();
    }

    private static BigInteger sexagesimal(String s) {
        BigInteger value = BigInteger.ZERO;
        for (String part : s.split(":")) {
            value = value.multiply(BigInteger.valueOf(60)).add(new BigInteger(part));
        }
        return value;
    }

    /** Words: only the YAML 1.1 booleans and nulls are not text. */
    private static ScalarType word(String text) {
        if (text.length() > 5) {
            return ScalarType.STRING;
        }
        return switch (text) {
            case "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON" -> ScalarType.TRUE;
            case "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF" -> ScalarType.FALSE;
            case "null", "Null", "NULL" -> ScalarType.NULL;
            default -> ScalarType.STRING;
        };
    }

    /**
     * Decimal integers without a leading zero, and digits followed by a unit letter ({@code 500m},
     * {@code 128Mi}), which no YAML 1.1 number or timestamp matches; null for anything else.
     */
    private static ScalarType number(String text) {
        int i = 0;
        int n = text.length();
        while (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
            i++;
        }
        if (i == n) {
            return text.charAt(0) != '0' || n == 1 ? ScalarType.INT : null;
        }
        char next = text.charAt(i);
        boolean exponentOrPrefix = next == 'e' || next == 'E' || next == 'x' || next == 'b';
        return isLetter(next) && !exponentOrPrefix ? ScalarType.STRING : null;
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static ScalarType ofTag(Tag tag, String text) {
        if (Tag.NULL.equals(tag)) {
            return ScalarType.NULL;
        }
        if (Tag.BOOL.equals(tag)) {
            String v = text.toLowerCase(java.util.Locale.ROOT);
            return v.equals("yes") || v.equals("true") || v.equals("on") ? ScalarType.TRUE : ScalarType.FALSE;
        }
        if (Tag.INT.equals(tag)) {
            return ScalarType.INT;
        }
        if (Tag.FLOAT.equals(tag)) {
            return ScalarType.FLOAT;
        }
        return ScalarType.STRING;
    }

    /** A scalar carrying an explicit tag ({@code !!str 5}): the tag decides, as YAML says. */
    public static ScalarType ofExplicitTag(Tag tag, String text) {
        return ofTag(tag, text);
    }
}
