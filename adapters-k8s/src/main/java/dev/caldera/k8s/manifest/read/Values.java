package dev.caldera.k8s.manifest.read;

import dev.caldera.k8s.manifest.token.Quote;
import dev.caldera.k8s.manifest.token.YamlScalars;
import dev.caldera.k8s.manifest.token.ScalarType;
import dev.caldera.k8s.manifest.token.Token;
import dev.caldera.k8s.manifest.token.Tokens;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Typed reads of one object's values from a {@link Tokens} stream, with the field path for messages. The
 * current token is the value to read; each read leaves the stream on the value's last token. A value of the
 * wrong type is what the API server would refuse: the first one is kept as the object's {@link #problem()}, the
 * value is skipped, and reading goes on, so the message can name the object even when its name comes later.
 * <p>
 * Types as the API server takes them from JSON: a string field takes a string (a plain YAML scalar that YAML
 * reads as a number or boolean must be quoted, as {@code kubectl} requires), an integer field a whole number in
 * 32 bits, a boolean field a boolean; a quantity takes a string or a number.
 * <p>
 * Threading: one thread.
 */
public final class Values {
    private Tokens t;
    private String problem;
    private final SharedStrings shared;

    Values(Tokens tokens) {
        this(tokens, new SharedStrings());
    }

    /** Reads from {@code tokens}, sharing repeated strings through {@code shared} (one table per thread). */
    Values(Tokens tokens, SharedStrings shared) {
        this.t = tokens;
        this.shared = shared;
    }

    /** Reads from {@code tokens} from now on (recorded fields, then the live stream). */
    void on(Tokens tokens) {
        this.t = tokens;
    }

    public Tokens tokens() {
        return t;
    }

    /** The first wrong value met, as {@code path: why}, or null. */
    public String problem() {
        return problem;
    }

    /** Records a problem at {@code path} (the first one wins) and skips the current value. */
    public void problem(String path, String why) {
        if (problem == null) {
            problem = path + ": " + why;
        }
        t.skipValue();
    }

    public String string(String path) {
        if (t.current() != Token.SCALAR) {
            return wrong(path, "a string");
        }
        ScalarType type = t.scalarType();
        if (type == ScalarType.STRING) {
            return t.text();
        }
        if (type == ScalarType.NULL) {
            return null;
        }
        problem(path, "expected a string, got " + type.describe(t.text()) + " (quote it)");
        return null;
    }

    /** {@link #string(String)} at the path {@code parent + field}, which is put together only to name a wrong value. */
    public String string(String parent, String field) {
        return isString() ? t.text() : string(parent + field);
    }

    /**
     * {@link #string}, for a value many objects repeat (a namespace, a priority class, a node name, a phase): equal
     * values read on this thread are one object.
     */
    public String sharedString(String path) {
        return shared.of(string(path));
    }

    public Integer integer(String path) {
        if (t.current() != Token.SCALAR) {
            return wrong(path, "an integer");
        }
        ScalarType type = t.scalarType();
        if (type == ScalarType.NULL) {
            return null;
        }
        if (type != ScalarType.INT) {
            problem(path, "expected an integer, got " + type.describe(t.text()));
            return null;
        }
        Integer v = YamlScalars.int32(t.text());
        if (v == null) {
            problem(path, Quote.bare(t.text()) + " does not fit a 32-bit integer");
        }
        return v;
    }

    public Boolean bool(String path) {
        if (t.current() != Token.SCALAR) {
            return wrong(path, "true or false");
        }
        ScalarType type = t.scalarType();
        if (type == ScalarType.TRUE || type == ScalarType.FALSE) {
            return type == ScalarType.TRUE;
        }
        if (type != ScalarType.NULL) {
            problem(path, "expected true or false, got " + type.describe(t.text()));
        }
        return null;
    }

    /** A quantity as written: a string, or a number (an integer in its decimal form). */
    public String quantity(String path) {
        if (t.current() != Token.SCALAR) {
            return wrong(path, "a quantity");
        }
        return switch (t.scalarType()) {
            case STRING -> t.text();
            case INT -> YamlScalars.integer(t.text()).toString();
            case FLOAT -> t.text().replace("_", "");
            case NULL -> null;
            default -> {
                problem(path, "expected a quantity such as 500m or 2Gi, got " + t.scalarType().describe(t.text()));
                yield null;
            }
        };
    }

    /** Whether the value is a mapping (then read its fields with {@link #nextField()}); null is not. */
    public boolean map(String path) {
        if (t.current() == Token.START_MAP) {
            return true;
        }
        if (!isNull()) {
            wrong(path, "a mapping");
        }
        return false;
    }

    /** {@link #map(String)} at the path {@code parent + field}, which is put together only to name a wrong value. */
    public boolean map(String parent, String field) {
        return t.current() == Token.START_MAP || map(parent + field);
    }

    /** On a mapping: the next key with the stream on its value, or null at the mapping's end. */
    public String nextField() {
        if (t.next() != Token.FIELD) {
            return null;
        }
        String key = t.text();
        t.next();
        return key;
    }

    /** A mapping of strings (labels, annotations, a node selector): keys and values shared as {@link #sharedString}. */
    public Map<String, String> stringMap(String path) {
        return entries(path, null, (v, parent, field, key) -> v.isString() ? v.shared.of(v.t.text())
                : v.sharedString(entryPath(parent, field, key)));
    }

    public Map<String, String> quantityMap(String path) {
        return quantityMap(path, null);
    }

    /**
     * {@link #quantityMap(String)} at the path {@code parent + field} ({@code field} null: {@code parent}), which is
     * put together only to name a wrong value.
     */
    public Map<String, String> quantityMap(String parent, String field) {
        return entries(parent, field, (v, p, f, key) -> v.isString() ? v.t.text() : v.quantity(entryPath(p, f, key)));
    }

    /**
     * Whether the current value is a string, read as {@link #string} reads it: the common case of a map entry or a
     * list item, read without putting its path together (a path names only a wrong value; building one for every
     * value was about 6% of reading a 40,000-pod dump, async-profiler).
     */
    private boolean isString() {
        return t.current() == Token.SCALAR && t.scalarType() == ScalarType.STRING;
    }

    public Map<String, Integer> integerMap(String path) {
        return entries(path, null, (v, parent, field, key) -> v.integer(entryPath(parent, field, key)));
    }

    /** Reads one entry's value of a mapping at {@code parent + field}: its path is put together only when needed. */
    private interface Entry<V> {
        V read(Values v, String parent, String field, String key);
    }

    /**
     * The mapping at the path {@code parent + field} ({@code field} null: {@code parent}) read entry by entry with
     * {@code value}; the keys are shared as {@link #sharedString} (resource names, label and annotation keys repeat in
     * every object). Null when the value is null or not a mapping (then a problem names its path).
     */
    private <V> Map<String, V> entries(String parent, String field, Entry<V> value) {
        if (t.current() != Token.START_MAP && !map(field == null ? parent : parent + field)) {
            return null;
        }
        Map<String, V> out = new LinkedHashMap<>();
        String key;
        while ((key = nextField()) != null) {
            out.put(shared.of(key), value.read(this, parent, field, key));
        }
        return out;
    }

    private static String entryPath(String parent, String field, String key) {
        return (field == null ? parent : parent + field) + "." + key;
    }

    /**
     * A list read item by item with {@code item} (given these values and the item's path). The item reader takes
     * the values rather than capturing them so that readers pass a method reference that captures nothing: a
     * lambda that captures is a new object made through a method handle at every call, which under C1 (bin/caldera)
     * goes through {@code Unsafe.allocateInstance}, not a plain allocation (14-16 samples of the reading threads
     * per cold run of the 5,000-node dump in {@code PodReader.spec} alone).
     */
    public <T> List<T> list(String path, BiFunction<Values, String, T> item) {
        if (t.current() != Token.START_LIST) {
            if (!isNull()) {
                wrong(path, "a list");
            }
            return null;
        }
        List<T> out = new ArrayList<>();
        while (t.next() != Token.END_LIST) {
            out.add(item.apply(this, shared.item(path, out.size())));
        }
        return out;
    }

    public List<String> strings(String path) {
        return list(path, Values::string);
    }

    /** Skips the current value. */
    public void skip() {
        t.skipValue();
    }

    private boolean isNull() {
        return t.current() == Token.SCALAR && t.scalarType() == ScalarType.NULL;
    }

    private <T> T wrong(String path, String expected) {
        problem(path, "expected " + expected + ", got " + describe());
        return null;
    }

    private String describe() {
        return switch (t.current()) {
            case START_MAP -> "a mapping";
            case START_LIST -> "a list";
            case SCALAR -> t.scalarType().describe(t.text());
            default -> "nothing";
        };
    }
}
