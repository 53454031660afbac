package dev.caldera.k8s.manifest.token;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.constructor.Construct;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

import java.math.BigInteger;

/**
 * Scalars as YAML 1.1 reads them, decided by SnakeYAML: its {@link Resolver} says what a plain (unquoted)
 * scalar is ({@code yes}, {@code on}, {@code true} booleans; {@code ~}, {@code null} and nothing null;
 * {@code 0x1F}, {@code 017}, {@code 1_000} integers; {@code 1e3}, {@code .5} floats; everything else, timestamps
 * and quantities such as {@code 500m} included, text), the YAML 1.1 rules that the Kubernetes tools' go-yaml
 * follows too, and its constructors give integers and booleans their values. A quoted scalar is always text.
 * <p>
 * Threading: any thread (SnakeYAML's resolver and these constructors keep no state between calls).
 */
public final class YamlScalars {
    private static final Resolver RESOLVER = new Resolver();
    private static final SafeConstructor CONSTRUCTOR = new SafeConstructor(new LoaderOptions());
    private static final Construct INT = CONSTRUCTOR.new ConstructYamlInt();
    private static final Construct BOOL = CONSTRUCTOR.new ConstructYamlBool();
    private static final Construct FLOAT = CONSTRUCTOR.new ConstructYamlFloat();
    private static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    private static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    /** The letters the resolver's boolean and null expressions are tried for (its first characters for them). */
    private static final String BOOL_OR_NULL_FIRST = "yYnNtTfFoO";

    private YamlScalars() {
    }

    /**
     * The type of a plain scalar written as {@code text} (no tag). The forms that fill a dump (names, quantities
     * such as {@code 500m}, decimal integers, short words such as {@code v1}, {@code Pod} or {@code low}) are
     * answered before SnakeYAML's regular expressions, which no such form can match; {@code YamlScalarsTest}
     * holds the shortcut to the resolver's answers.
     */
    public static ScalarType plain(String text) {
        ScalarType quick = shortcut(text);
        return quick != null ? quick : resolved(RESOLVER.resolve(NodeId.scalar, text, true), text);
    }

    /** The type of a common form, or null to ask the resolver. */
    static ScalarType shortcut(String text) {
        if (text.isEmpty()) {
            return ScalarType.NULL;
        }
        char c = text.charAt(0);
        if (isLetter(c)) {
            // the YAML 1.1 booleans and nulls are 5 characters at most, and each starts with one of these
            return text.length() > 5 || BOOL_OR_NULL_FIRST.indexOf(c) < 0 ? ScalarType.STRING : null;
        }
        return c >= '0' && c <= '9' ? number(text) : null;
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
        boolean exponentOrPrefix = next == 'e' || next == 'E' || next == 'x' || next == 'b' || next == 'o';
        return isLetter(next) && !exponentOrPrefix ? ScalarType.STRING : null;
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /**
     * The type of a scalar the composer tagged {@code tag}: resolved from its text ({@code implicit}) or written
     * with an explicit tag ({@code !!int "5"}), which decides unless the text cannot be read as it says (then it
     * is text).
     */
    public static ScalarType ofTag(Tag tag, String text, boolean implicit) {
        if (implicit || Tag.STR.equals(tag) || Tag.NULL.equals(tag) || Tag.BOOL.equals(tag)) {
            return resolved(tag, text);
        }
        if (Tag.INT.equals(tag)) {
            return constructs(() -> integer(text)) ? ScalarType.INT : ScalarType.STRING;
        }
        if (Tag.FLOAT.equals(tag)) {
            return constructs(() -> decimal(text)) ? ScalarType.FLOAT : ScalarType.STRING;
        }
        return ScalarType.STRING;
    }

    private static boolean constructs(Runnable construct) {
        try {
            construct.run();
            return true;
        } catch (RuntimeException notANumber) {
            return false;
        }
    }

    private static ScalarType resolved(Tag tag, String text) {
        if (Tag.NULL.equals(tag)) {
            return ScalarType.NULL;
        }
        if (Tag.BOOL.equals(tag)) {
            Object b = BOOL.construct(node(Tag.BOOL, text));
            return b == null ? ScalarType.STRING : (Boolean) b ? ScalarType.TRUE : ScalarType.FALSE;
        }
        if (Tag.INT.equals(tag)) {
            return ScalarType.INT;
        }
        return Tag.FLOAT.equals(tag) ? ScalarType.FLOAT : ScalarType.STRING;
    }

    /** The value of an {@link ScalarType#INT} scalar (decimal, octal {@code 017}, {@code 0x}, {@code 0b}, {@code 1:30}). */
    public static BigInteger integer(String text) {
        Number n = (Number) INT.construct(node(Tag.INT, text));
        return n instanceof BigInteger b ? b : BigInteger.valueOf(n.longValue());
    }

    /** The value of an INT scalar as an int, or null when it does not fit 32 bits. */
    public static Integer int32(String text) {
        BigInteger v = integer(text);
        return v.compareTo(INT_MIN) < 0 || v.compareTo(INT_MAX) > 0 ? null : v.intValue();
    }

    /** The value of a {@link ScalarType#FLOAT} scalar ({@code 1.5}, {@code 1e3}, {@code .inf}, {@code 1_000.5}). */
    public static double decimal(String text) {
        return ((Number) FLOAT.construct(node(Tag.FLOAT, text))).doubleValue();
    }

    private static ScalarNode node(Tag tag, String text) {
        return new ScalarNode(tag, text, null, null, DumperOptions.ScalarStyle.PLAIN);
    }
}
