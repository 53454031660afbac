package dev.caldera.k8s.manifest.read;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caldera.k8s.convert.fields.MetaFields;
import dev.caldera.k8s.manifest.Location;
import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.manifest.token.RecordedTokens;
import dev.caldera.k8s.manifest.token.ScalarType;
import dev.caldera.k8s.manifest.token.Token;
import dev.caldera.k8s.manifest.token.Tokens;

import java.util.function.Consumer;

/**
 * Reads Kubernetes objects from a token stream, document by document, and hands each to an
 * {@link ObjectHandler}: the object's {@code apiVersion} and {@code kind} choose its reader (usually they come
 * first; fields before them are recorded and replayed), a {@code kind: ...List} document stands for its
 * {@code items} (each item keeps its own line), and an object with a wrong value is refused with file, line,
 * object, field and why.
 * <p>
 * Threading: one instance per thread.
 */
public final class ObjectReader<R> {
    private final ObjectHandler<R> handler;
    private final String source;
    /** Strings many objects repeat, shared by every object this reader reads. */
    private final SharedStrings shared = new SharedStrings();

    public ObjectReader(ObjectHandler<R> handler, String source) {
        this.handler = handler;
        this.source = source;
    }

    /** Every document of {@code t}, each result to {@code out}. */
    public void documents(Tokens t, Consumer<R> out) {
        while (t.next() != Token.END) {
            document(t, out);
        }
    }

    /** One document whose root is the current token: an object, a List of them, or nothing. */
    public void document(Tokens t, Consumer<R> out) {
        Token root = t.current();
        if (root == Token.SCALAR && (t.scalarType() == ScalarType.NULL || t.text().isEmpty())) {
            return; // an empty document ("---" followed by nothing or comments)
        }
        if (root != Token.START_MAP) {
            int line = t.line();
            String found = describe(t);
            t.skipValue();
            throw new ManifestException(source + ":" + line + ": expected a Kubernetes object (a mapping with"
                    + " apiVersion and kind), found " + found);
        }
        object(t, true, out);
    }

    /**
     * A part of a List's items read on its own: one document that is a sequence of objects. False, with nothing
     * delivered that counts, when the input is not shaped so (the caller reads the whole file instead).
     */
    public boolean itemsPart(Tokens t, Consumer<R> out) {
        if (t.next() != Token.START_LIST) {
            return false;
        }
        items(t, out);
        return t.next() == Token.END;
    }

    /** One item of a List whose root is the current token. */
    private void item(Tokens t, Consumer<R> out) {
        if (t.current() == Token.START_MAP) {
            object(t, false, out);
        } else if (t.current() != Token.SCALAR || t.scalarType() != ScalarType.NULL) {
            throw new ManifestException(source + ":" + t.line() + ": expected a Kubernetes object in items, found "
                    + describe(t));
        }
    }

    private void object(Tokens t, boolean topLevel, Consumer<R> out) {
        Location at = new Location(source, t.line());
        Values v = new Values(t, shared);
        Header h = new Header();
        String key;
        while ((key = v.nextField()) != null) {
            if (key.equals("apiVersion")) {
                h.apiVersion = v.string("apiVersion");
            } else if (key.equals("kind")) {
                h.kind = v.string("kind");
            } else if (key.equals("items") && topLevel && (h.kind == null || h.kind.endsWith("List"))
                    && t.current() == Token.START_LIST) {
                items(t, out);
                h.items = true;
            } else if (h.apiVersion == null || h.kind == null) {
                h.record(key, t);
            } else {
                h.reader(v).field(key, v);
            }
        }
        finish(h, at, v, topLevel, out);
    }

    private void items(Tokens t, Consumer<R> out) {
        while (t.next() != Token.END_LIST) {
            item(t, out);
        }
    }

    private void finish(Header h, Location at, Values v, boolean topLevel, Consumer<R> out) {
        if (h.apiVersion == null || h.kind == null) {
            String why = v.problem() != null ? v.problem()
                    : (h.apiVersion == null ? "apiVersion" : "kind") + " is required";
            throw new ManifestException(at + ": " + h.describeUnread() + ": " + why);
        }
        if (h.items && !h.kind.endsWith("List")) {
            throw new ManifestException(at + ": " + h.kind + ": has a top-level items list, which only a List (a"
                    + " kind ending in List) may have");
        }
        if (topLevel && h.kind.endsWith("List")) {
            return; // a List stands for its items
        }
        KindReader reader = h.reader(v);
        if (v.problem() != null) {
            throw new ManifestException(at + ": " + h.describe() + ": " + v.problem());
        }
        R result = deliver(h, reader, at);
        if (result != null) {
            out.accept(result);
        }
    }

    private R deliver(Header h, KindReader reader, Location at) {
        if (reader instanceof PodReader r) {
            return handler.pod(r.fields(), at);
        }
        if (reader instanceof NodeReader r) {
            return handler.node(r.fields(), at);
        }
        if (reader instanceof PodGroupReader r) {
            return handler.podGroup(r.fields(), at);
        }
        if (reader instanceof QueueReader r) {
            return handler.queue(r.fields(), at);
        }
        if (reader instanceof PriorityClassReader r) {
            return handler.priorityClass(r.fields(), at);
        }
        if (reader instanceof TreeReader r) {
            return handler.tree(h.kind, h.apiVersion, r.tree(h), at);
        }
        return handler.other(h.kind, h.apiVersion, ManifestKinds.why(h.kind), at);
    }

    static String describe(Tokens t) {
        return switch (t.current()) {
            case START_LIST -> "a list";
            case START_MAP -> "a mapping";
            case SCALAR -> t.scalarType() == ScalarType.STRING ? "a plain string" : t.scalarType() == ScalarType.INT
                    || t.scalarType() == ScalarType.FLOAT ? "a number" : t.scalarType() == ScalarType.NULL ? "nothing"
                    : "a boolean";
            default -> "nothing";
        };
    }

    /** What is known of an object while its fields are read. */
    private static final class Header {
        String apiVersion;
        String kind;
        boolean items;
        RecordedTokens recorded;
        KindReader reader;

        /** A field met before apiVersion and kind: kept to replay once the reader is known. */
        void record(String key, Tokens t) {
            if (recorded == null) {
                recorded = new RecordedTokens();
            }
            recorded.copyField(key, t);
        }

        /** The reader for this object, created (and given the recorded fields) on first use. */
        KindReader reader(Values live) {
            if (reader != null) {
                return reader;
            }
            String group = ManifestKinds.group(apiVersion);
            reader = ManifestKinds.bulk(kind, group);
            if (reader == null) {
                reader = ManifestKinds.isTree(kind, group) ? new TreeReader() : new SkipReader();
            }
            if (recorded != null) {
                Tokens stream = live.tokens();
                recorded.rewind();
                live.on(recorded);
                while (recorded.next() == Token.FIELD) {
                    String key = recorded.text();
                    recorded.next();
                    reader.field(key, live);
                }
                live.on(stream);
            }
            return reader;
        }

        /** "Pod ns/name", "Node n1", "Deployment web". */
        String describe() {
            MetaFields meta = reader instanceof PodReader r ? r.fields().meta : reader instanceof NodeReader r
                    ? r.fields().meta : reader instanceof PodGroupReader r ? r.fields().meta
                    : reader instanceof QueueReader r ? r.fields().meta : reader instanceof PriorityClassReader r
                    ? r.fields().meta : null;
            if (meta == null) {
                return kind;
            }
            String name = meta.name == null || meta.name.isEmpty() ? "<unnamed>" : meta.name;
            if (ManifestKinds.namespaced(kind)) {
                String ns = meta.namespace == null || meta.namespace.isEmpty() ? "default" : meta.namespace;
                return kind + " " + ns + "/" + name;
            }
            return kind + " " + name;
        }

        /** An object whose kind or apiVersion is missing: "object x", "Pod without metadata.name". */
        String describeUnread() {
            MetaFields meta = new MetaFields();
            if (recorded != null) {
                recorded.rewind();
                Values v = new Values(recorded);
                while (recorded.next() == Token.FIELD) {
                    String key = recorded.text();
                    recorded.next();
                    if (key.equals("metadata")) {
                        MetaReader.read(v, meta);
                    } else {
                        v.skip();
                    }
                }
            }
            String what = kind == null ? "object" : kind;
            if (meta.name == null || meta.name.isEmpty()) {
                return what + " without metadata.name";
            }
            return what + " " + (meta.namespace == null || meta.namespace.isEmpty() ? "" : meta.namespace + "/")
                    + meta.name;
        }
    }

    /** Skips every field of a kind that is not read. */
    private static final class SkipReader implements KindReader {
        @Override
        public void field(String key, Values v) {
            v.skip();
        }
    }

    /** Reads a rare kind whole, as a Jackson tree. */
    private static final class TreeReader implements KindReader {
        private final ObjectNode tree = JsonNodeFactory.instance.objectNode();

        @Override
        public void field(String key, Values v) {
            tree.set(key, Trees.value(v.tokens()));
        }

        ObjectNode tree(Header h) {
            tree.put("apiVersion", h.apiVersion);
            tree.put("kind", h.kind);
            return tree;
        }
    }
}
