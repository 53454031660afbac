package dev.caldera.kernel.testing;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Everything an object reaches through its fields, written as text for exact-restore and equal-state checks:
 * arrays element by element, lists in order, sets and maps by content (sorted), objects of Caldera's classes field
 * by field. An object met twice is written the second time as a reference to its first path, so shared and cyclic
 * structures are written once. Objects the caller calls borrowed are written as their class name only, and fields
 * the caller skips not at all.
 */
public final class ObjectImage {
    private final Predicate<Class<?>> borrowed;
    private final Predicate<Field> skipped;

    /** {@code borrowed}: classes written by name only; {@code skipped}: fields left out. */
    public ObjectImage(Predicate<Class<?>> borrowed, Predicate<Field> skipped) {
        this.borrowed = borrowed;
        this.skipped = skipped;
    }

    /** The text of {@code root} and everything it reaches. */
    public String text(Object root) {
        return new Walk().text(root);
    }

    /** The text around the first difference of two images, for a failure message. */
    public static String around(String was, String now) {
        if (now == null) {
            return "missing";
        }
        int i = 0;
        while (i < was.length() && i < now.length() && was.charAt(i) == now.charAt(i)) {
            i++;
        }
        int from = Math.max(0, i - 160);
        return "was ..." + was.substring(from, Math.min(was.length(), i + 80)) + "... now ..."
                + now.substring(from, Math.min(now.length(), i + 80)) + "...";
    }

    /** One depth-first walk; an object met twice is written the second time as a reference to its path. */
    private final class Walk {
        private final IdentityHashMap<Object, String> seen = new IdentityHashMap<>();
        private final StringBuilder out = new StringBuilder();

        String text(Object root) {
            write(root, "");
            return out.toString();
        }

        private void write(Object o, String path) {
            if (o == null || o instanceof Number || o instanceof Boolean || o instanceof Character
                    || o instanceof String || o instanceof Enum<?>) {
                out.append(o);
                return;
            }
            if (borrowed.test(o.getClass())) {
                out.append('<').append(o.getClass().getSimpleName()).append('>');
                return;
            }
            String first = seen.putIfAbsent(o, path);
            if (first != null) {
                out.append("@").append(first);
                return;
            }
            if (o.getClass().isArray()) {
                array(o, path);
            } else if (o instanceof Map<?, ?> m) {
                map(m, path);
            } else if (o instanceof List<?> l) {
                sequence(l, path);
            } else if (o instanceof Set<?> s) {
                set(s, path);
            } else if (o instanceof Collection<?> c) {
                sequence(c, path);
            } else if (o.getClass().getName().startsWith("dev.caldera.")) {
                fields(o, path);
            } else {
                out.append('<').append(o.getClass().getName()).append('>');
            }
        }

        private void array(Object a, String path) {
            out.append('[');
            for (int i = 0; i < Array.getLength(a); i++) {
                out.append(i == 0 ? "" : ",");
                write(Array.get(a, i), path + "[" + i + "]");
            }
            out.append(']');
        }

        private void sequence(Collection<?> c, String path) {
            out.append('(');
            int i = 0;
            for (Object e : c) {
                out.append(i == 0 ? "" : ",");
                write(e, path + "(" + i++ + ")");
            }
            out.append(')');
        }

        private void set(Set<?> s, String path) {
            TreeMap<String, Boolean> sorted = new TreeMap<>();
            for (Object e : s) {
                sorted.put(new Walk().text(e), true);
            }
            out.append("{").append(String.join(",", sorted.keySet())).append("}");
        }

        private void map(Map<?, ?> m, String path) {
            TreeMap<String, Object> sorted = new TreeMap<>();
            for (var e : m.entrySet()) {
                sorted.put(new Walk().text(e.getKey()), e.getValue());
            }
            out.append('{');
            for (var e : sorted.entrySet()) {
                out.append(e.getKey()).append('=');
                write(e.getValue(), path + "{" + e.getKey() + "}");
                out.append(';');
            }
            out.append('}');
        }

        private void fields(Object o, String path) {
            out.append(o.getClass().getSimpleName()).append('{');
            for (Class<?> c = o.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || skipped.test(f)) {
                        continue;
                    }
                    f.setAccessible(true);
                    out.append(f.getName()).append('=');
                    try {
                        write(f.get(o), path + "." + f.getName());
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                    out.append(';');
                }
            }
            out.append('}');
        }
    }
}
