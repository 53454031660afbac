package dev.caldera.k8s.manifest.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import dev.caldera.k8s.manifest.token.YamlScalars;
import dev.caldera.k8s.manifest.token.Token;
import dev.caldera.k8s.manifest.token.Tokens;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Rare, deeply nested values decoded into fabric8 model classes with Jackson (pod affinity terms, topology
 * spread constraints), so that their rules are written once against fabric8 types. The subtree is copied from
 * the token stream into a Jackson token buffer and bound; Jackson and the fabric8 classes are loaded only when
 * a manifest has such a value. Binding errors become the object's problem with the field path.
 * <p>
 * Threading: any thread (the mapper is thread-safe once built).
 */
public final class Fabric8Values {
    private Fabric8Values() {
    }

    /** The current value as a {@code type}, or null (absent, or a problem recorded in {@code v}). */
    public static <T> T read(Values v, String path, Class<T> type) {
        TokenBuffer buffer = copy(v.tokens());
        try {
            return Holder.MAPPER.readValue(buffer.asParser(), type);
        } catch (JsonMappingException e) {
            String at = JacksonMessages.path(e);
            v.problem(path + (at.isEmpty() ? "" : "." + at), JacksonMessages.simplify(e));
            return null;
        } catch (JsonProcessingException e) {
            v.problem(path, JacksonMessages.simplify(e));
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A rare kind's tree (from {@code ObjectHandler.tree}) as a {@code type}; a binding error is a
     * {@code ManifestException} naming the file, line, object and field.
     */
    public static <T> T decode(com.fasterxml.jackson.databind.JsonNode tree, Class<T> type, String kind,
                               dev.caldera.k8s.manifest.Location at) {
        try {
            return Holder.MAPPER.treeToValue(tree, type);
        } catch (JsonMappingException e) {
            String path = JacksonMessages.path(e);
            throw new dev.caldera.k8s.manifest.ManifestException(at + ": " + kind + " " + name(tree) + ": "
                    + (path.isEmpty() ? "" : path + ": ") + JacksonMessages.simplify(e), e);
        } catch (JsonProcessingException e) {
            throw new dev.caldera.k8s.manifest.ManifestException(at + ": " + kind + " " + name(tree) + ": "
                    + JacksonMessages.simplify(e), e);
        }
    }

    private static String name(com.fasterxml.jackson.databind.JsonNode tree) {
        String n = tree.path("metadata").path("name").asText("");
        return n.isEmpty() ? "<unnamed>" : n;
    }

    /** The current value of {@code t} (to its last token) as Jackson tokens, with scalars typed as YAML types them. */
    static TokenBuffer copy(Tokens t) {
        TokenBuffer b = new TokenBuffer(null, false);
        int depth = 0;
        try {
            do {
                Token k = t.current();
                switch (k) {
                    case START_MAP -> { b.writeStartObject(); depth++; }
                    case END_MAP -> { b.writeEndObject(); depth--; }
                    case START_LIST -> { b.writeStartArray(); depth++; }
                    case END_LIST -> { b.writeEndArray(); depth--; }
                    case FIELD -> b.writeFieldName(t.text());
                    case SCALAR -> scalar(b, t);
                    default -> depth = 0;
                }
            } while (depth > 0 && t.next() != Token.END);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b;
    }

    private static void scalar(TokenBuffer b, Tokens t) throws IOException {
        String text = t.text();
        switch (t.scalarType()) {
            case INT -> b.writeNumber(YamlScalars.integer(text));
            case FLOAT -> {
                double d = YamlScalars.decimal(text);
                if (Double.isFinite(d)) {
                    b.writeNumber(d);
                } else {
                    b.writeString(text);
                }
            }
            case TRUE -> b.writeBoolean(true);
            case FALSE -> b.writeBoolean(false);
            case NULL -> b.writeNull();
            default -> b.writeString(text);
        }
    }

    /** Built on first use: a manifest without rare values never loads Jackson's databind. */
    private static final class Holder {
        static final ObjectMapper MAPPER = new ObjectMapper()
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                .configure(DeserializationFeature.ACCEPT_FLOAT_AS_INT, false);
    }
}
