package dev.caldera.kernel.placement;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.Arrays;

/**
 * Interns {@link PlacementSpec}s to dense ids, reference counted; a freed id is reused. Profile 0 is
 * always {@link PlacementSpec#NONE} (no constraints). Plugins compile a profile once, by id, into
 * whatever int form their checks need, and must recompile when {@link #version(int)} changes.
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 */
public final class PlacementProfiles {
    public static final int NONE = 0;

    private PlacementSpec[] specs = new PlacementSpec[16];
    private int[] refs = new int[16];
    private int[] versions = new int[16];
    private int size;
    private final IntArrayList free = new IntArrayList();
    private final Object2IntOpenHashMap<PlacementSpec> ids = new Object2IntOpenHashMap<>();

    public PlacementProfiles() {
        ids.defaultReturnValue(-1);
        acquire(PlacementSpec.NONE);
    }

    /** The id of {@code spec}, created on first use; takes one reference. */
    public int acquire(PlacementSpec spec) {
        int id = ids.getInt(spec);
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
        }
        refs[id]++;
        return id;
    }

    /** Drops one reference; the id is freed when none remain (profile 0 never is). */
    public void release(int id) {
        if (--refs[id] == 0 && id != NONE) {
            ids.removeInt(specs[id]);
            specs[id] = null;
            free.add(id);
        }
    }

    public PlacementSpec spec(int id) {
        return specs[id];
    }

    /** Changes whenever the id is given to a different spec. */
    public int version(int id) {
        return versions[id];
    }

    /** One past the highest id ever used. */
    public int size() {
        return size;
    }
}
