package dev.caldera.kernel.plugin;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.ConfException;

import java.util.Collection;
import java.util.Map;

/**
 * Typed reads of one plugin's {@code arguments}, checked when the plugin is built: a value of the wrong
 * type, or a negative weight, is a {@link ConfException} naming the plugin, the key and why. Numbers may be
 * written as YAML numbers or as strings; unknown keys are left alone (Volcano ignores them too).
 * <p>
 * Threading: construction time only.
 */
public final class PluginArguments {
    private final String plugin;
    private final Arguments arguments;

    public PluginArguments(String plugin, Arguments arguments) {
        this.plugin = plugin;
        this.arguments = arguments == null ? Arguments.NONE : arguments;
    }

    public Arguments raw() {
        return arguments;
    }

    public boolean has(String key) {
        return arguments.has(key);
    }

    /** An integer that must not be negative (a weight), or {@code defaultValue} when unset. */
    public int weight(String key, int defaultValue) {
        int value = integer(key, defaultValue);
        if (value < 0) {
            throw error(key, value, "must not be negative (it is a weight)");
        }
        return value;
    }

    /** A whole number in int range, or {@code defaultValue} when unset. */
    public int integer(String key, int defaultValue) {
        Object v = arguments.asMap().get(key);
        if (v == null) {
            return defaultValue;
        }
        Long whole = wholeNumber(v);
        if (whole == null || whole < Integer.MIN_VALUE || whole > Integer.MAX_VALUE) {
            throw error(key, v, "must be an integer");
        }
        return whole.intValue();
    }

    /** A number, or {@code defaultValue} when unset. */
    public double number(String key, double defaultValue) {
        Object v = arguments.asMap().get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof String s) {
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                throw error(key, v, "must be a number");
            }
        }
        throw error(key, v, "must be a number");
    }

    /** {@code true} or {@code false} (also as strings), or {@code defaultValue} when unset. */
    public boolean flag(String key, boolean defaultValue) {
        Object v = arguments.asMap().get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof String s && (s.trim().equalsIgnoreCase("true") || s.trim().equalsIgnoreCase("false"))) {
            return Boolean.parseBoolean(s.trim());
        }
        throw error(key, v, "must be true or false");
    }

    /** A scalar written as text (a list or map is the wrong type), or {@code defaultValue} when unset. */
    public String text(String key, String defaultValue) {
        Object v = arguments.asMap().get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Collection<?> || v instanceof Map<?, ?>) {
            throw error(key, v, "must be a single value, not a list or map");
        }
        return v.toString();
    }

    /** A configuration error about {@code key} of this plugin. */
    public ConfException error(String key, Object value, String why) {
        return new ConfException(plugin + ": argument '" + key + "' " + why + ", got '" + value + "'");
    }

    private static Long wholeNumber(Object v) {
        if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
            return ((Number) v).longValue();
        }
        if (v instanceof Number n) {
            double d = n.doubleValue();
            return d == Math.rint(d) && Math.abs(d) < 0x1p62 ? (long) d : null;
        }
        if (v instanceof String s) {
            try {
                return Long.parseLong(s.trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }
}
