package dev.caldera.kernel.placement;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.Arrays;

/**
 * Interns value-typed specs to dense ids, reference counted; a freed id is reused. Id 0 is the spec given to
 * the constructor (the "no constraints" spec) and is never freed. Plugins compile a spec once, by id, and
 * must recompile when {@link #version(int)} changes.
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 *
 * @param <T> a record (equals and hashCode by value)
 */
public class SpecInterner<T> {
    public static final int NONE = 0;
    private static final int SEEN = 64;

    private Object[] specs = new Object[16];
    private int[] refs = new int[16];
    private int[] versions = new int[16];
    private int size;
    private int live;
    /** Ids given to a spec or freed since this interner was built ({@link #changes}). */
    private long changes;
    private final IntArrayList free = new IntArrayList();
    private final Object2IntOpenHashMap<T> ids = new Object2IntOpenHashMap<>();
    /**
     * Ids last found per spec object, direct-mapped by identity hash, with the id's {@link #version} then: while
     * the id is held and still has that version, it holds the spec's value, so the object needs no value hash or
     * equals (a record of maps and lists); an adapter converting many pods alike hands the same spec object again
     * and again (equal to the no-constraints spec, id 0, most of the time).
     */
    private final Object[] seen = new Object[SEEN];
    private final int[] seenId = new int[SEEN];
    private final int[] seenVersion = new int[SEEN];

    protected SpecInterner(T none) {
        ids.defaultReturnValue(-1);
        acquire(none);
    }

    /** The id of {@code spec}, created on first use; takes one reference. */
    public int acquire(T spec) {
        int slot = System.identityHashCode(spec) & (SEEN - 1);
        int known = seenId[slot];
        int id = spec != null && seen[slot] == spec && refs[known] > 0 && versions[known] == seenVersion[slot] ? known
                : ids.getInt(spec);
        if (id < 0) {
            id = free.isEmpty() ? size++ : free.popInt();
            if (id >= specs.length) {
                specs = Arrays.copyOf(specs, id * 2);
                refs = Arrays.copyOf(refs, id * 2);
                versions = Arrays.copyOf(versions, id * 2);
            }
            specs[id] = spec;
            versions[id]++;
            ids.put(spec, id);
            live++;
            changes++;
        }
        refs[id]++;
        seen[slot] = spec;
        seenId[slot] = id;
        seenVersion[slot] = versions[id];
        return id;
    }

    /** Drops one reference; the id is freed when none remain (id 0 never is). */
    @SuppressWarnings("unchecked")
    public void release(int id) {
        if (--refs[id] == 0 && id != NONE) {
            ids.removeInt((T) specs[id]);
            specs[id] = null;
            free.add(id);
            live--;
            changes++;
        }
    }

    @SuppressWarnings("unchecked")
    public T spec(int id) {
        return (T) specs[id];
    }

    /** Changes whenever the id is given to a different spec. */
    public int version(int id) {
        return versions[id];
    }

    /**
     * Ids given to a spec or freed since this interner was built: while it holds, {@link #spec} answers every id as
     * before (a reader of every id's spec may skip an unchanged table).
     */
    public long changes() {
        return changes;
    }

    /** One past the highest id ever used. */
    public int size() {
        return size;
    }

    /** Ids in use other than {@link #NONE}: 0 means every user has no constraints of this kind. */
    public int liveOthers() {
        return live - 1;
    }
}
