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
 * Turns an {@code arguments} value into what {@link Arguments} keeps: Boolean for YAML booleans, Long and
 * Double for plain decimal numbers, the text as written for every other scalar (hex, sexagesimal, dates,
 * quoted values: Volcano v1.7 kept every argument as its text), null for an empty value, and unmodifiable
 * lists and maps for nested values (current Volcano accepts them).
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
        return text;
    }

    /** A plain decimal integer as Long; any other integer form stays text. */
    private static Object decimalLong(String text) {
        try {
            return Long.parseLong(text.replace("_", ""));
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
