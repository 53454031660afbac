package dev.caldera.bench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JMH's JSON result files as plain values, parsed by Jackson: objects become {@code LinkedHashMap<String, Object>}
 * (key order kept), arrays {@code List<Object>}, every number a {@code Double}, plus {@code String},
 * {@code Boolean} and null.
 * <p>
 * Threading: any thread (the mapper is only read).
 */
public final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    /** Parses one JSON document; errors name the line and column and what was found. */
    public static Object parse(String text) {
        try {
            JsonNode root = MAPPER.readTree(text);
            if (root.isMissingNode()) {
                throw new IllegalArgumentException("JSON: no content");
            }
            return plain(root);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("JSON: " + e.getOriginalMessage() + " at line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr(), e);
        }
    }

    private static Object plain(JsonNode n) {
        if (n.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            n.properties().forEach(e -> map.put(e.getKey(), plain(e.getValue())));
            return map;
        }
        if (n.isArray()) {
            List<Object> list = new ArrayList<>(n.size());
            n.forEach(v -> list.add(plain(v)));
            return list;
        }
        if (n.isNumber()) {
            return n.doubleValue();
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        return n.isNull() || n.isMissingNode() ? null : n.textValue();
    }
}
