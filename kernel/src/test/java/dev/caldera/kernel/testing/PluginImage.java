package dev.caldera.kernel.testing;

import dev.caldera.kernel.plugin.Plugin;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Everything every plugin holds, as text, for exact-restore properties: each plugin object and what it reaches
 * through its fields (arrays element by element, lists in order, sets and maps by content), without the
 * objects a plugin only borrows from the session and the cache (their state is {@link SessionImage}'s), so a
 * difference names the plugin and the field path where its bookkeeping moved.
 * <p>
 * Scratch is state too: a plugin that leaves a scratch buffer different after an undo shows up here, and the
 * property decides nothing about it being harmless.
 */
public final class PluginImage {
    /** Packages whose objects a plugin borrows rather than owns. */
    private static final String[] BORROWED = {
        "dev.caldera.kernel.session.", "dev.caldera.kernel.cache.", "dev.caldera.kernel.cluster.",
        "dev.caldera.kernel.statement.", "dev.caldera.kernel.topology.", "dev.caldera.kernel.resource.",
        "dev.caldera.kernel.conf.", "dev.caldera.kernel.placement.PlacementProfiles",
        "dev.caldera.kernel.placement.InterPodProfiles",
    };

    private final Map<String, String> byPlugin;

    private PluginImage(Map<String, String> byPlugin) {
        this.byPlugin = byPlugin;
    }

    public static PluginImage of(Plugin[] plugins) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Plugin p : plugins) {
            out.put(p.name(), new Walk().text(p));
        }
        return new PluginImage(out);
    }

    /**
     * The plugins whose state in {@code later} differs from this image, each with the text around the first
     * difference (empty when every plugin holds exactly what it held here).
     */
    public List<String> changesIn(PluginImage later) {
        List<String> out = new ArrayList<>();
        for (var e : byPlugin.entrySet()) {
            String was = e.getValue();
            String now = later.byPlugin.get(e.getKey());
            if (!was.equals(now)) {
                out.add(e.getKey() + ": " + around(was, now));
            }
        }
        return out;
    }

    private static String around(String was, String now) {
        if (now == null) {
            return "plugin missing";
        }
        int i = 0;
        while (i < was.length() && i < now.length() && was.charAt(i) == now.charAt(i)) {
            i++;
        }
        int from = Math.max(0, i - 160);
        return "was ..." + was.substring(from, Math.min(was.length(), i + 80)) + "... now ..."
                + now.substring(from, Math.min(now.length(), i + 80)) + "...";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PluginImage other && byPlugin.equals(other.byPlugin);
    }

    @Override
    public int hashCode() {
        return byPlugin.hashCode();
    }

    @Override
    public String toString() {
        return "PluginImage" + byPlugin.keySet();
    }

    /** One depth-first walk; an object met twice is written the second time as a reference to its path. */
    private static final class Walk {
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
            if (borrowed(o.getClass())) {
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
                    if (Modifier.isStatic(f.getModifiers())) {
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

        private static boolean borrowed(Class<?> type) {
            String name = type.getName();
            for (String prefix : BORROWED) {
                if (name.startsWith(prefix)) {
                    return true;
                }
            }
            return false;
        }
    }
}
