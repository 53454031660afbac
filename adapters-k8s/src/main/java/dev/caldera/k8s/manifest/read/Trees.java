package dev.caldera.k8s.manifest.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caldera.k8s.manifest.token.YamlScalars;
import dev.caldera.k8s.manifest.token.Token;
import dev.caldera.k8s.manifest.token.Tokens;

/**
 * Jackson trees from a token stream, for what is read whole: rare kinds handed over as trees, and the fabric8
 * decoding path ({@code ManifestReader#read}). Scalars keep the type YAML gives them.
 * <p>
 * Threading: stateless.
 */
public final class Trees {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Trees() {
    }

    /** The current value of {@code t} as a tree; the stream ends on the value's last token. */
    public static JsonNode value(Tokens t) {
        return switch (t.current()) {
            case START_MAP -> {
                ObjectNode o = NODES.objectNode();
                while (t.next() == Token.FIELD) {
                    String key = t.text();
                    t.next();
                    o.set(key, value(t));
                }
                yield o;
            }
            case START_LIST -> {
                ArrayNode a = NODES.arrayNode();
                while (t.next() != Token.END_LIST) {
                    a.add(value(t));
                }
                yield a;
            }
            default -> scalar(t);
        };
    }

    private static JsonNode scalar(Tokens t) {
        String text = t.text();
        return switch (t.scalarType()) {
            case INT -> NODES.numberNode(YamlScalars.integer(text));
            case FLOAT -> {
                double d = YamlScalars.decimal(text);
                yield Double.isFinite(d) ? NODES.numberNode(d) : NODES.textNode(text);
            }
            case TRUE -> NODES.booleanNode(true);
            case FALSE -> NODES.booleanNode(false);
            case NULL -> NODES.nullNode();
            default -> NODES.textNode(text);
        };
    }
}
