package dev.caldera.kernel.conf;

import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A node of the composed YAML with its source and key path ({@code tiers[1].plugins[2].enableNodeOrder}),
 * so that every error and warning can say where it is, down to line and column.
 */
final class ConfNode {
    final String source;
    final String path;
    final Node node;

    ConfNode(String source, String path, Node node) {
        this.source = source;
        this.path = path;
        this.node = node;
    }

    /** An absent value: {@code key:} with nothing after it, {@code ~} or {@code null}. */
    boolean isNull() {
        return node instanceof ScalarNode && node.getTag().equals(Tag.NULL);
    }

    /**
     * The entries of a mapping in file order. A repeated key keeps its last value, as Volcano's YAML
     * decoder does, and is reported to {@code warnings}.
     */
    Map<String, ConfNode> mapping(String expected, Consumer<String> warnings) {
        if (!(node instanceof MappingNode m)) {
            throw error("expected " + expected + ", got " + describe(node));
        }
        Map<String, ConfNode> entries = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            String key = key(t.getKeyNode());
            ConfNode value = child(key, t.getValueNode());
            ConfNode previous = entries.put(key, value);
            if (previous != null) {
                warnings.accept(value.at() + ": repeated key; the last value wins, as in Volcano (first at line "
                        + line(previous.node.getStartMark()) + ")");
            }
        }
        return entries;
    }

    /** The items of a list. */
    List<ConfNode> sequence(String expected) {
        if (!(node instanceof SequenceNode s)) {
            throw error("expected " + expected + ", got " + describe(node));
        }
        List<ConfNode> items = new ArrayList<>(s.getValue().size());
        for (Node item : s.getValue()) {
            items.add(new ConfNode(source, path + "[" + items.size() + "]", item));
        }
        return items;
    }

    /** The text of a scalar, as written (Volcano reads such fields as strings). */
    String scalar(String expected) {
        if (!(node instanceof ScalarNode s)) {
            throw error("expected " + expected + ", got " + describe(node));
        }
        return s.getValue();
    }

    /** A YAML boolean: true/false (and the YAML 1.1 forms yes/no/on/off Volcano's decoder also takes). */
    boolean bool() {
        if (node instanceof ScalarNode s && s.getTag().equals(Tag.BOOL)) {
            String v = s.getValue().toLowerCase(Locale.ROOT);
            return v.equals("true") || v.equals("yes") || v.equals("on");
        }
        if (node instanceof ScalarNode s && !s.isPlain()) {
            throw error("must be true or false without quotes, got the string '" + s.getValue() + "'");
        }
        throw error("must be true or false, got " + describe(node));
    }

    ConfNode child(String key, Node value) {
        return new ConfNode(source, path.isEmpty() ? key : path + "." + key, value);
    }

    /** "source: path" for messages. */
    String at() {
        return path.isEmpty() ? source : source + ": " + path;
    }

    /** "(line 3, column 5)", 1-based. */
    String where() {
        Mark m = node.getStartMark();
        return m == null ? "" : " (line " + line(m) + ", column " + (m.getColumn() + 1) + ")";
    }

    ConfException error(String why) {
        return origin().error(why);
    }

    /**
     * Where character {@code offset} of this scalar's text was written: exact for a single-line plain or
     * quoted scalar, the scalar's start otherwise.
     */
    Origin originOf(int offset) {
        Mark m = node.getStartMark();
        if (m == null || !(node instanceof ScalarNode s) || s.getValue().contains("\n")
                || node.getEndMark() == null || node.getEndMark().getLine() != m.getLine()) {
            return origin();
        }
        int quote = s.isPlain() ? 0 : 1;
        if (quote == 1 && node.getEndMark().getColumn() - m.getColumn() != s.getValue().length() + 2) {
            return origin(); // escapes: text offsets are not columns
        }
        return new Origin(at(), " (line " + line(m) + ", column " + (m.getColumn() + 1 + quote + offset) + ")");
    }

    /** Where this node is, for messages kept beyond parsing. */
    Origin origin() {
        return new Origin(at(), where());
    }

    private String key(Node keyNode) {
        if (keyNode instanceof ScalarNode s) {
            return s.getValue();
        }
        throw new ConfNode(source, path, keyNode).error("keys must be plain names, got " + describe(keyNode));
    }

    static String describe(Node n) {
        if (n instanceof MappingNode) {
            return "a mapping";
        }
        if (n instanceof SequenceNode) {
            return "a list";
        }
        if (n.getTag().equals(Tag.NULL)) {
            return "nothing";
        }
        return "'" + ((ScalarNode) n).getValue() + "'";
    }

    static int line(Mark m) {
        return m.getLine() + 1;
    }
}
