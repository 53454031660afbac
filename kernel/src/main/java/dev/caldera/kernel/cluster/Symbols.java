package dev.caldera.kernel.cluster;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.ArrayList;
import java.util.List;

/**
 * Interns strings (label keys and values, taint keys, namespaces, task roles) to dense int ids so that
 * the kernel compares ints, never strings. Ids are never reused.
 * <p>
 * Threading: NOT thread safe; owned by the scheduling thread. Cost: one hash lookup per call, none when the string is
 * the one (the same object) interned last.
 */
public final class Symbols {
    public static final int NONE = -1;

    private final Object2IntOpenHashMap<String> ids = new Object2IntOpenHashMap<>();
    private final List<String> strings = new ArrayList<>();
    /**
     * The string {@link #intern} was last asked for (by reference) and its id: an adapter hands the same namespace
     * object pod after pod, and each asks for it twice (the pod's namespace, its job's).
     */
    private String lastInterned;
    private int lastId;

    public Symbols() {
        ids.defaultReturnValue(NONE);
    }

    /** The id of {@code s}, created on first sight; {@link #NONE} for null. */
    public int intern(String s) {
        if (s == null) {
            return NONE;
        }
        if (s == lastInterned) {
            return lastId;
        }
        int id = ids.getInt(s);
        if (id == NONE) {
            id = strings.size();
            strings.add(s);
            ids.put(s, id);
        }
        lastInterned = s;
        lastId = id;
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

    /**
     * One caller's last string and its id, matched by value: a caller that interns equal strings in a row (a cache
     * writing a job's pods one after the other, each pod with its own namespace string) skips the table, where
     * {@link #intern}'s own memo matches only the same object and serves every caller in turn.
     * <p>
     * Threading: its caller's. Valid for one {@link Symbols}: ids are never freed or given again, so a pair stays true.
     */
    public static final class Memo {
        private String last;
        private int id = NONE;

        public int intern(Symbols symbols, String s) {
            if (s != last && (s == null || !s.equals(last))) {
                id = symbols.intern(s);
                last = s;
            }
            return id;
        }
    }
}
