package dev.caldera.kernel.conf;

import org.slf4j.LoggerFactory;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The {@code arguments} map of a plugin or action, read the way current Volcano's
 * {@code framework.Arguments} reads it ({@code pkg/scheduler/framework/arguments.go}):
 * <ul>
 *   <li>{@link #getInt}, {@link #getDouble}, {@link #getBoolean}, {@link #getString} (Volcano's {@code GetInt},
 *       {@code GetFloat64}, {@code GetBool}, {@code GetString}): a value of the wrong YAML type is ignored with
 *       a warning naming the key and the default that stays in force. {@code GetInt} takes only YAML integers
 *       (not {@code "10"}, not {@code 2.0}); {@code GetFloat64} integers and floats; {@code GetBool} booleans and
 *       the strings Go's {@code strconv.ParseBool} takes; {@code GetString} only strings.</li>
 *   <li>{@link #decodeInt}, {@link #decodeLong} (Volcano's generic {@code Get[T]}, which stops the scheduler
 *       with {@code klog.Fatalf} when the value does not decode): a wrong type is a {@link ConfException}.</li>
 *   <li>{@link #warn} and {@link #error}: a plugin's own range checks, in the same shape.</li>
 * </ul>
 * Values are what {@link ConfParser} read: Boolean, Long, Double, String, null, or unmodifiable List and Map.
 * Messages name the file, key path and line when the arguments were read from a file, else the owner.
 * Warnings go to the sink the configuration was parsed with (a WARN log line by default).
 * <p>
 * Threading: immutable; warnings are sent on the calling thread (plugin construction).
 */
public final class Arguments {
    public static final Arguments NONE = new Arguments("", Map.of());
    private static final Consumer<String> LOG = LoggerFactory.getLogger(Arguments.class)::warn;
    /** Longest value text quoted back in a message. */
    private static final int QUOTED_CHARS = 40;

    private final String owner;
    private final Map<String, Object> values;
    private final Map<String, Origin> origins;
    private final Consumer<String> warnings;

    /** Arguments built in code: messages name {@code owner} (e.g. {@code plugin 'binpack'}); warnings are logged. */
    public Arguments(String owner, Map<String, Object> values) {
        this(owner, values, Map.of(), LOG);
    }

    /** Arguments read from a file: {@code origins} says where each key was written. */
    public Arguments(String owner, Map<String, Object> values, Map<String, Origin> origins,
                     Consumer<String> warnings) {
        this.owner = owner;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.origins = Map.copyOf(origins);
        this.warnings = warnings;
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

    /** Volcano's {@code GetInt}: a YAML integer, else {@code defaultValue} (with a warning when set). */
    public int getInt(String key, int defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        Long whole = integral(v);
        if (whole != null && whole >= Integer.MIN_VALUE && whole <= Integer.MAX_VALUE) {
            return whole.intValue();
        }
        if (whole != null) {
            ignored(key, v, "is outside the 32-bit range Caldera keeps weights in", defaultValue);
        } else {
            ignored(key, v, "is not an integer", defaultValue);
        }
        return defaultValue;
    }

    /** Volcano's {@code GetFloat64}: a YAML integer or float, else {@code defaultValue} (with a warning). */
    public double getDouble(String key, double defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (integral(v) != null || v instanceof Double || v instanceof Float) {
            return ((Number) v).doubleValue();
        }
        ignored(key, v, "is not a number", defaultValue);
        return defaultValue;
    }

    /** Volcano's {@code GetBool}: a YAML boolean or a Go boolean string, else {@code defaultValue} (warning). */
    public boolean getBoolean(String key, boolean defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        Boolean parsed = v instanceof String s ? goBool(s) : null;
        if (parsed == null) {
            ignored(key, v, "is not true or false", defaultValue);
            return defaultValue;
        }
        return parsed;
    }

    /** Volcano's {@code GetString}: a YAML string, else {@code defaultValue} (with a warning when set). */
    public String getString(String key, String defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof String s) {
            return s;
        }
        ignored(key, v, "is not a string", defaultValue);
        return defaultValue;
    }

    /**
     * A list of strings (an argument of Caldera's own, without a Volcano reading to follow): a YAML list of
     * strings, or one string for a list of one; {@code defaultValue} when unset. Anything else is refused.
     */
    public java.util.List<String> getStrings(String key, java.util.List<String> defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof String s) {
            return java.util.List.of(s);
        }
        if (v instanceof java.util.List<?> list) {
            java.util.List<String> out = new java.util.ArrayList<>();
            for (Object item : list) {
                if (!(item instanceof String s)) {
                    throw error(key, quote(item) + " is not a string (a list of names is expected)");
                }
                out.add(s);
            }
            return java.util.List.copyOf(out);
        }
        throw error(key, quote(v) + " is not a list of names");
    }

    /**
     * Volcano's {@code Get[int]}: an integer (a float is truncated, as mapstructure does), null when unset;
     * any other type is an error, because Volcano stops with a fatal error there.
     */
    public Integer decodeInt(String key) {
        Long v = decodeLong(key);
        if (v != null && (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE)) {
            throw error(key, quote(v) + " is outside the integer range");
        }
        return v == null ? null : v.intValue();
    }

    /** Volcano's {@code Get[int64]}; see {@link #decodeInt}. */
    public Long decodeLong(String key) {
        Object v = values.get(key);
        if (v == null) {
            return null;
        }
        Long whole = integral(v);
        if (whole != null) {
            return whole;
        }
        if ((v instanceof Double || v instanceof Float) && Math.abs(((Number) v).doubleValue()) < 0x1p63) {
            return (long) ((Number) v).doubleValue();
        }
        throw error(key, quote(v) + " is not an integer (Volcano stops with a fatal error on it)");
    }

    /** A warning about {@code key}, naming where it was written. */
    public void warn(String key, String why) {
        warnings.accept(message(key, why));
    }

    /** A refusal of {@code key}, naming where it was written. */
    public ConfException error(String key, String why) {
        return new ConfException(message(key, why));
    }

    /** {@code value} quoted for a message, cut short when long: {@code '10'}, {@code 'aaaa...' (5000 characters)}. */
    public static String quote(Object value) {
        String text = String.valueOf(value);
        if (text.length() <= QUOTED_CHARS) {
            return "'" + text + "'";
        }
        return "'" + text.substring(0, QUOTED_CHARS) + "...' (" + text.length() + " characters)";
    }

    /** Equal when the values are: owner, origins and the warning sink only label messages. */
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

    private void ignored(String key, Object value, String why, Object defaultValue) {
        String hint = value instanceof String s && looksNumeric(s) ? " (it is written as a string; drop the quotes)"
                : "";
        boolean none = defaultValue == null || "".equals(defaultValue);
        warn(key, quote(value) + " " + why + hint + "; ignored as Volcano does"
                + (none ? "" : ", the default " + defaultValue + " is used"));
    }

    private String message(String key, String why) {
        Origin at = origins.get(key);
        if (at == null) {
            return owner + ": argument '" + key + "': " + why;
        }
        return at.at() + " (" + owner + "): " + why + at.where();
    }

    /** A YAML integer (Long from the parser; Integer, Short, Byte from code), else null. */
    private static Long integral(Object v) {
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        return null;
    }

    /** Go's {@code strconv.ParseBool}. */
    private static Boolean goBool(String s) {
        return switch (s) {
            case "1", "t", "T", "true", "TRUE", "True" -> Boolean.TRUE;
            case "0", "f", "F", "false", "FALSE", "False" -> Boolean.FALSE;
            default -> null;
        };
    }

    private static boolean looksNumeric(String s) {
        try {
            Double.parseDouble(s.trim());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
