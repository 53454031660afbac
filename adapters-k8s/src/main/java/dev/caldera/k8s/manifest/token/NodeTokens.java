package dev.caldera.k8s.manifest.token;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.resolver.Resolver;

import java.io.Reader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * {@link Tokens} over YAML composed by SnakeYAML one document at a time: the complete YAML reader, for input
 * that {@link YamlTokens} leaves to the composer (anchors and aliases, merge keys, explicit tags, keys that are
 * collections) and for the tree-building path ({@code ManifestReader#read}). Aliases and merge keys are resolved
 * as the configuration reader resolves them, with SnakeYAML's limits (at most 50 aliases of lists or maps per
 * document, nesting at most 50 deep), so a small file cannot expand into a huge one. Only one document's tree is
 * held at a time.
 * <p>
 * Threading: one thread.
 */
public final class NodeTokens implements Tokens {
    private static final Resolver RESOLVER = new Resolver();
    /** Deeper than any manifest; a recursive alias ({@code &a [*a]}) would otherwise never end. */
    private static final int MAX_DEPTH = 100;
    /** Tokens a document may yield: aliases may repeat parts of it, but not blow it up. */
    private static final long MIN_BUDGET = 100_000;
    private static final long TOKENS_PER_CHAR = 4;

    private final Iterator<Node> documents;
    private final Reader reader;
    private final String source;
    /** Pending work of the current document, innermost last: nodes to open and tuple/item iterators. */
    private final Deque<Object> stack = new ArrayDeque<>();
    private Token current;
    private Node node;
    private String text;
    private long budget;

    public NodeTokens(Reader reader, String source) {
        LoaderOptions options = new LoaderOptions();
        options.setMergeOnCompose(true);
        options.setCodePointLimit(Integer.MAX_VALUE);
        this.documents = new Yaml(options).composeAll(reader).iterator();
        this.reader = reader;
        this.source = source;
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public Token next() {
        try {
            return advance();
        } catch (YAMLException e) {
            throw SyntaxErrors.yaml(source, e, 0);
        }
    }

    private Token advance() {
        while (stack.isEmpty()) {
            if (!documents.hasNext()) {
                return set(Token.END, null, null);
            }
            Node root = documents.next();
            budget = Math.max(MIN_BUDGET,
                    TOKENS_PER_CHAR * (root.getEndMark().getIndex() - root.getStartMark().getIndex()));
            stack.push(root);
        }
        if (--budget < 0) {
            throw new dev.caldera.k8s.manifest.ManifestException(source + ":" + line() + ": aliases expand this"
                    + " document far beyond its own size; refused");
        }
        Object top = stack.peek();
        if (top instanceof Node n) {
            stack.pop();
            return open(n);
        }
        if (top instanceof MappingWalk m) {
            if (!m.tuples.hasNext()) {
                stack.pop();
                return set(Token.END_MAP, m.node, null);
            }
            NodeTuple t = m.tuples.next();
            stack.push(t.getValueNode());
            return set(Token.FIELD, t.getKeyNode(), keyText(t.getKeyNode()));
        }
        ListWalk l = (ListWalk) top;
        if (!l.items.hasNext()) {
            stack.pop();
            return set(Token.END_LIST, l.node, null);
        }
        return open(l.items.next());
    }

    private Token open(Node n) {
        if (stack.size() > MAX_DEPTH) {
            throw new dev.caldera.k8s.manifest.ManifestException(source + ":" + (n.getStartMark().getLine() + 1)
                    + ": nested deeper than " + MAX_DEPTH + " levels (a recursive alias?)");
        }
        if (n instanceof MappingNode m) {
            stack.push(new MappingWalk(m));
            return set(Token.START_MAP, m, null);
        }
        if (n instanceof SequenceNode s) {
            stack.push(new ListWalk(s));
            return set(Token.START_LIST, s, null);
        }
        return set(Token.SCALAR, n, ((ScalarNode) n).getValue());
    }

    private Token set(Token t, Node n, String value) {
        current = t;
        node = n;
        text = value;
        return t;
    }

    /** A key that is itself a list or mapping is written as YAML shows it; plain keys as their text. */
    private static String keyText(Node key) {
        return key instanceof ScalarNode s ? s.getValue() : "<" + key.getNodeId() + " key>";
    }

    @Override
    public Token current() {
        return current;
    }

    @Override
    public String text() {
        return text;
    }

    /** As the composer tagged it: by YAML 1.1's rules for plain text, or by its explicit tag. */
    @Override
    public ScalarType scalarType() {
        ScalarNode s = (ScalarNode) node;
        boolean implicit = s.getTag().equals(RESOLVER.resolve(NodeId.scalar, s.getValue(), true));
        return YamlScalars.ofTag(s.getTag(), s.getValue(), implicit);
    }

    @Override
    public int line() {
        if (node == null) {
            return 0;
        }
        boolean end = current == Token.END_MAP || current == Token.END_LIST;
        return (end ? node.getEndMark() : node.getStartMark()).getLine() + 1;
    }

    private static final class MappingWalk {
        final MappingNode node;
        final Iterator<NodeTuple> tuples;

        MappingWalk(MappingNode node) {
            this.node = node;
            this.tuples = node.getValue().iterator();
        }
    }

    private static final class ListWalk {
        final SequenceNode node;
        final Iterator<Node> items;

        ListWalk(SequenceNode node) {
            this.node = node;
            this.items = node.getValue().iterator();
        }
    }
}
