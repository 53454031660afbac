package dev.caldera.kernel.cluster;

import dev.caldera.kernel.resource.ResourceDimensions;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.Arrays;

/**
 * Equivalence classes of tasks: tasks with the same request vector and placement profile are
 * interchangeable for filtering and scoring, so the kernel filters once per class instead of once per
 * task. (Priority changes a task's fit only on nodes where pods are nominated; the incremental selector
 * tells priorities apart itself while any nomination exists.) Classes are reference counted by the tasks
 * that use them; a freed id is reused.
 * <p>
 * {@code request[class]} is a dense vector over dimensions, at least as long as the highest dimension the
 * class requests (read shorter vectors as zero beyond their length).
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 */
public final class TaskClasses {
    public long[][] request = new long[0][];
    public int[] profile = new int[0];
    /** True when nothing but pods is requested (Volcano's BestEffort). */
    public boolean[] bestEffort = new boolean[0];
    private int[] refs = new int[0];
    private Key[] keys = new Key[0];
    private int size;
    private final IntArrayList free = new IntArrayList();
    private final Object2IntOpenHashMap<Key> ids = new Object2IntOpenHashMap<>();

    public TaskClasses() {
        ids.defaultReturnValue(-1);
    }

    /** The class of (request, profile), created on first use; takes one reference. */
    public int acquire(long[] requestVector, int profileId) {
        Key key = new Key(requestVector, profileId);
        int id = ids.getInt(key);
        if (id < 0) {
            id = create(key);
        }
        refs[id]++;
        return id;
    }

    /** Drops one reference; the class id is freed when none remain. */
    public void release(int id) {
        if (--refs[id] == 0) {
            ids.removeInt(keys[id]);
            keys[id] = null;
            free.add(id);
        }
    }

    /** One past the highest class id ever used. */
    public int size() {
        return size;
    }

    private int create(Key key) {
        int id = free.isEmpty() ? size++ : free.popInt();
        ensure(size);
        keys[id] = key;
        request[id] = key.request;
        profile[id] = key.profile;
        bestEffort[id] = isBestEffort(key.request);
        ids.put(key, id);
        return id;
    }

    private static boolean isBestEffort(long[] request) {
        for (int d = 0; d < request.length; d++) {
            if (d != ResourceDimensions.PODS && request[d] != 0) {
                return false;
            }
        }
        return true;
    }

    private void ensure(int needed) {
        if (needed <= refs.length) {
            return;
        }
        int cap = Columns.grow(refs.length, needed);
        request = Arrays.copyOf(request, cap);
        profile = Arrays.copyOf(profile, cap);
        bestEffort = Arrays.copyOf(bestEffort, cap);
        refs = Arrays.copyOf(refs, cap);
        keys = Arrays.copyOf(keys, cap);
    }

    private record Key(long[] request, int profile) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.profile == profile && Arrays.equals(k.request, request);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(request) * 31 + profile;
        }
    }
}
