package dev.caldera.kernel.conf;

import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns an {@code arguments} value into what {@link Arguments} keeps, with the types Volcano's YAML decoder
 * (gopkg.in/yaml.v2 into {@code map[string]interface{}}) gives: Boolean for YAML booleans, Long for integers
 * (decimal, and the {@code 0x}, {@code 0o}, {@code 0b} and leading-zero octal forms Go's
 * {@code strconv.ParseInt} takes), Double for finite floats, the text as written for every other scalar
 * (quoted values, sexagesimal, dates, {@code .inf}), null for an empty value, and unmodifiable lists and maps
 * for nested values.
 */
final class ArgumentValues {
    /** Deeper nesting than any real plugin argument; guards against recursive aliases. */
    private static final int MAX_DEPTH = 32;

    private ArgumentValues() {
    }

    static Object of(ConfNode value) {
        return of(value, value.node, 0);
    }

    private static Object of(ConfNode owner, Node n, int depth) {
        if (depth > MAX_DEPTH) {
            throw owner.error("nested deeper than " + MAX_DEPTH + " levels");
        }
        if (n instanceof ScalarNode s) {
            return scalar(s);
        }
        if (n instanceof SequenceNode seq) {
            List<Object> items = new ArrayList<>(seq.getValue().size());
            for (Node item : seq.getValue()) {
                items.add(of(owner, item, depth + 1));
            }
            return Collections.unmodifiableList(items);
        }
        Map<String, Object> entries = new LinkedHashMap<>();
        for (NodeTuple t : ((MappingNode) n).getValue()) {
            entries.put(keyText(owner, t.getKeyNode()), of(owner, t.getValueNode(), depth + 1));
        }
        return Collections.unmodifiableMap(entries);
    }

    private static Object scalar(ScalarNode s) {
        String text = s.getValue();
        Tag tag = s.getTag();
        if (tag.equals(Tag.NULL)) {
            return null;
        }
        if (tag.equals(Tag.BOOL)) {
            String v = text.toLowerCase(Locale.ROOT);
            return v.equals("true") || v.equals("yes") || v.equals("on");
        }
        if (tag.equals(Tag.INT)) {
            return decimalLong(text);
        }
        if (tag.equals(Tag.FLOAT)) {
            return decimalDouble(text);
        }
        if (s.isPlain() && text.matches("[-+]?0[oO][0-7_]+")) {
            return decimalLong(text); // YAML 1.2's octal, which Go's ParseInt also takes
        }
        return text;
    }

    /** An integer as Go's {@code strconv.ParseInt(text, 0, 64)} reads it, as Long; other forms stay text. */
    private static Object decimalLong(String text) {
        String t = text.replace("_", "");
        boolean negative = t.startsWith("-");
        String digits = negative || t.startsWith("+") ? t.substring(1) : t;
        int radix = 10;
        if (digits.startsWith("0x") || digits.startsWith("0X")) {
            radix = 16;
            digits = digits.substring(2);
        } else if (digits.startsWith("0b") || digits.startsWith("0B")) {
            radix = 2;
            digits = digits.substring(2);
        } else if (digits.startsWith("0o") || digits.startsWith("0O")) {
            radix = 8;
            digits = digits.substring(2);
        } else if (digits.length() > 1 && digits.startsWith("0")) {
            radix = 8;
            digits = digits.substring(1);
        }
        try {
            return Long.parseLong((negative ? "-" : "") + digits, radix);
        } catch (NumberFormatException e) {
            return text;
        }
    }

    /** A finite decimal float as Double; .inf, .nan and sexagesimal forms stay text. */
    private static Object decimalDouble(String text) {
        try {
            double d = Double.parseDouble(text.replace("_", ""));
            return Double.isFinite(d) ? d : text;
        } catch (NumberFormatException e) {
            return text;
        }
    }

    private static String keyText(ConfNode owner, Node key) {
        if (key instanceof ScalarNode s) {
            return s.getValue();
        }
        throw owner.error("argument keys must be plain names, got " + ConfNode.describe(key));
    }
}
