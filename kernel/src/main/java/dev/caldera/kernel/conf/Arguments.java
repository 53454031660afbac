package dev.caldera.kernel.conf;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code arguments} map of a plugin or action. Volcano accepts numbers written as numbers or as
 * strings, so the typed getters do too; a value of the wrong shape is a {@link ConfException} naming the
 * owner and the key. Values are what {@link ConfParser} read: Boolean, Long, Double, String, null, or
 * unmodifiable List and Map for nested values.
 */
public final class Arguments {
    public static final Arguments NONE = new Arguments("", Map.of());

    private final String owner;
    private final Map<String, Object> values;

    public Arguments(String owner, Map<String, Object> values) {
        this.owner = owner;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public Map<String, Object> asMap() {
        return values;
    }

    public Set<String> keys() {
        return values.keySet();
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    public int getInt(String key, int defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Number n) {
            double d = n.doubleValue();
            if (d != Math.rint(d) || d < Integer.MIN_VALUE || d > Integer.MAX_VALUE) {
                throw bad(key, v, "an integer");
            }
            return n.intValue();
        }
        try {
            return Integer.parseInt(v.toString().trim());
        } catch (NumberFormatException e) {
            throw bad(key, v, "an integer");
        }
    }

    public double getDouble(String key, double defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        try {
            return Double.parseDouble(v.toString().trim());
        } catch (NumberFormatException e) {
            throw bad(key, v, "a number");
        }
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        String s = v.toString().trim();
        if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(s);
        }
        throw bad(key, v, "true or false");
    }

    public String getString(String key, String defaultValue) {
        Object v = values.get(key);
        return v == null ? defaultValue : v.toString();
    }

    /** Equal when the values are: the owner only labels error messages. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Arguments a && values.equals(a.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }

    private ConfException bad(String key, Object value, String expected) {
        return new ConfException(owner + ": argument '" + key + "' must be " + expected + ", got '" + value + "'");
    }
}
