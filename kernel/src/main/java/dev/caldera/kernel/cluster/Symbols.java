package dev.caldera.kernel.cluster;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.ArrayList;
import java.util.List;

/**
 * Interns strings (label keys and values, taint keys, namespaces, task roles) to dense int ids so that
 * the kernel compares ints, never strings. Ids are never reused.
 * <p>
 * Threading: NOT thread safe; owned by the scheduling thread. Cost: one hash lookup per call.
 */
public final class Symbols {
    public static final int NONE = -1;

    private final Object2IntOpenHashMap<String> ids = new Object2IntOpenHashMap<>();
    private final List<String> strings = new ArrayList<>();

    public Symbols() {
        ids.defaultReturnValue(NONE);
    }

    /** The id of {@code s}, created on first sight; {@link #NONE} for null. */
    public int intern(String s) {
        if (s == null) {
            return NONE;
        }
        int id = ids.getInt(s);
        if (id == NONE) {
            id = strings.size();
            strings.add(s);
            ids.put(s, id);
        }
        return id;
    }

    /** The id of {@code s} or {@link #NONE} when it was never interned (no side effect). */
    public int find(String s) {
        return s == null ? NONE : ids.getInt(s);
    }

    public String string(int id) {
        return id == NONE ? null : strings.get(id);
    }

    public int size() {
        return strings.size();
    }
}
