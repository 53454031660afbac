package dev.caldera.k8s.manifest.read;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.caldera.k8s.manifest.token.Quote;

import java.util.Collection;
import java.util.Map;

/**
 * Jackson binding errors in the words of a manifest: the field path ({@code spec.affinity.podAffinity}) and
 * what was expected and found ({@code expected a list, got a mapping}), never Java class names or parser
 * internals.
 * <p>
 * Threading: stateless.
 */
public final class JacksonMessages {
    private JacksonMessages() {
    }

    /** The field path of a binding error, e.g. {@code spec.containers[0].ports}; empty at the top. */
    public static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                sb.append(sb.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    /** "expected an integer, got the string 'abc'", or the first line of anything else, cleaned. */
    public static String simplify(JsonProcessingException e) {
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            String got = e instanceof InvalidFormatException f ? (f.getValue() instanceof String ? "the string "
                    : "the value ") + Quote.of(String.valueOf(f.getValue())) : found(m);
            return "expected " + expected(m.getTargetType()) + (got == null ? "" : ", got " + got);
        }
        String m = e.getOriginalMessage() == null ? "not readable" : e.getOriginalMessage();
        int nl = m.indexOf('\n');
        m = nl < 0 ? m : m.substring(0, nl);
        m = m.replaceAll("`[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*\\.([A-Za-z0-9$]+)(<[^`]*>)?`", "$2")
                .replaceAll("\\(class [^)]*\\)", "")
                .replaceAll("JsonToken\\.([A-Z_]+)", "$1");
        return Quote.bare(m.trim());
    }

    private static String expected(Class<?> type) {
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class
                || type == Short.class || type == short.class) {
            return "an integer";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        return "a mapping";
    }

    private static String found(MismatchedInputException m) {
        if (!(m.getProcessor() instanceof JsonParser p)) {
            return null;
        }
        JsonToken t = p.currentToken();
        if (t == null) {
            return null;
        }
        try {
            return switch (t) {
                case START_ARRAY -> "a list";
                case START_OBJECT, FIELD_NAME -> "a mapping";
                case VALUE_STRING -> "the string " + Quote.of(p.getText());
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + Quote.bare(p.getText());
                case VALUE_TRUE, VALUE_FALSE -> "the boolean " + p.getText();
                case VALUE_NULL -> "nothing";
                default -> null;
            };
        } catch (java.io.IOException e) {
            return null;
        }
    }
}
