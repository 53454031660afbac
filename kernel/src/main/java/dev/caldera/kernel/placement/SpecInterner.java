package dev.caldera.kernel.placement;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.Arrays;

/**
 * Interns value-typed specs to dense ids, reference counted; a freed id is reused. Id 0 is the spec given to
 * the constructor (the "no constraints" spec) and is never freed. Plugins compile a spec once, by id, and
 * must recompile when {@link #version(int)} changes.
 * <p>
 * A freed id reads as not in use ({@link #spec} null) but remembers its spec until another spec takes the id: that
 * spec acquired again before then gets its old id back with its old version, so what plugins compiled for it and the
 * selector's class views keyed by (id, version) stay good. A replay's pods with a GPU-model constraint come and go
 * (all of one model's gone, then one back): on the long chained openb trace 1,453 of 1,471 new ids were specs the
 * interner had held before, each a new class key and a view built from nothing.
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
    /** A freed id's spec, still mapped to the id in {@link #ids} until the id is given to another spec. */
    private Object[] retired = new Object[16];
    private int size;
    private int live;
    /** Ids given to a spec or freed since this interner was built ({@link #changes}). */
    private long changes;
    private final IntArrayList free = new IntArrayList();
    private final Object2IntOpenHashMap<T> ids = new Object2IntOpenHashMap<>();
    /**
     * Ids last found per spec object, direct-mapped by identity hash, with the id's {@link #version} then: while
     * the id still has that version, it holds the spec's value (or, freed, remembers it), so the object needs no
     * value hash or equals (a record of maps and lists); an adapter converting many pods alike hands the same spec
     * object again and again (equal to the no-constraints spec, id 0, most of the time).
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
        // the id held or freed since: an id keeps its version until another spec takes it, so a freed one with the
        // version seen still maps this spec's value in ids (what the look-up would find, without its hash and equals)
        int id = spec != null && seen[slot] == spec && versions[known] == seenVersion[slot] ? known
                : ids.getInt(spec);
        if (id >= 0 && refs[id] == 0 && id != NONE) {
            // freed, and no other spec took the id since: the same spec takes it back, version unchanged
            free.rem(id);
            specs[id] = retired[id];
            retired[id] = null;
            live++;
            changes++;
        } else if (id < 0) {
            if (free.isEmpty()) {
                id = size++;
            } else {
                id = free.popInt();
                ids.removeInt(retired[id]);
                retired[id] = null;
            }
            if (id >= specs.length) {
                specs = Arrays.copyOf(specs, id * 2);
                refs = Arrays.copyOf(refs, id * 2);
                versions = Arrays.copyOf(versions, id * 2);
                retired = Arrays.copyOf(retired, id * 2);
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

    /**
     * Drops one reference; the id is freed when none remain (id 0 never is), its spec remembered until another spec
     * takes the id.
     */
    public void release(int id) {
        if (--refs[id] == 0 && id != NONE) {
            retired[id] = specs[id];
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
