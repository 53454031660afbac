package dev.caldera.kernel.cluster;

import dev.caldera.kernel.resource.ResourceDimensions;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.Arrays;

/**
 * Equivalence classes of tasks: tasks with the same request vector, placement profile and inter-pod profile
 * (pod affinity, anti-affinity and spread terms) are interchangeable for node-local filtering and scoring,
 * so the kernel filters once per class instead of once per task. (Priority changes a task's fit only on
 * nodes where pods are nominated; the incremental selector tells priorities apart itself while any
 * nomination exists. A task's labels and namespace are not part of the key: they matter only to inter-pod
 * rules, which are not node-local, and tasks they affect are filtered one by one.) Classes are reference
 * counted by the tasks that use them; a freed id is reused.
 * <p>
 * {@code request[class]} is a dense vector over dimensions, at least as long as the highest dimension the
 * class requests (read shorter vectors as zero beyond their length).
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 */
public final class TaskClasses {
    private long[][] request = new long[0][];
    private int[] profile = new int[0];
    /** The {@code InterPodProfiles} id; 0 when the class has no pod affinity or spread terms. */
    private int[] interPod = new int[0];
    /** True when nothing but pods is requested (Volcano's BestEffort). */
    private boolean[] bestEffort = new boolean[0];
    private int[] refs = new int[0];
    private Key[] keys = new Key[0];
    /** Per id: the number of the class's creation (ids are reused; a reused id gets a new number). */
    private long[] born = new long[0];
    private long births;
    private int size;
    private final IntArrayList free = new IntArrayList();
    private final Object2IntOpenHashMap<Key> ids = new Object2IntOpenHashMap<>();
    /**
     * The class {@link #acquire} answered last, the request vector (by identity) it was asked with and the class's
     * {@link #born} number then: the cache's pods come job by job, and a job's pods share one vector (the cache's
     * memo hands equal request lists in a row the same vector), so most acquisitions are of the class just acquired,
     * found without a key, its hash over the vector, or a probe of the map. Valid while that id still stands for
     * that class (referenced, and not freed and given again since: the same birth number).
     */
    private int lastId = -1;
    private long[] lastRequest;
    private long lastBorn;

    public TaskClasses() {
        ids.defaultReturnValue(-1);
    }

    /** The class of (request, profile) without inter-pod terms, created on first use; takes one reference. */
    public int acquire(long[] requestVector, int profileId) {
        return acquire(requestVector, profileId, 0);
    }

    /** The class of (request, profile, interPod), created on first use; takes one reference. */
    public int acquire(long[] requestVector, int profileId, int interPodId) {
        int id = lastId;
        if (id < 0 || requestVector != lastRequest || profileId != profile[id] || interPodId != interPod[id]
                || refs[id] == 0 || born[id] != lastBorn) {
            Key key = new Key(requestVector, profileId, interPodId);
            id = ids.getInt(key);
            if (id < 0) {
                id = create(key);
            }
            lastId = id;
            lastRequest = requestVector;
            lastBorn = born[id];
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

    private int create(Key asked) {
        // the class's own copy of the vector: the cache hands equal vectors shared in an order that depends on the
        // order of its look-ups (its memos), so that two classes' requests are one array or two by chance; each
        // class's own keeps them apart whatever that order was (one small array per class made)
        Key key = new Key(asked.request.clone(), asked.profile, asked.interPod);
        int id = free.isEmpty() ? size++ : free.popInt();
        ensure(size);
        keys[id] = key;
        request[id] = key.request;
        profile[id] = key.profile;
        interPod[id] = key.interPod;
        bestEffort[id] = isBestEffort(key.request);
        born[id] = ++births;
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
        interPod = Arrays.copyOf(interPod, cap);
        bestEffort = Arrays.copyOf(bestEffort, cap);
        refs = Arrays.copyOf(refs, cap);
        keys = Arrays.copyOf(keys, cap);
        born = Arrays.copyOf(born, cap);
    }

    private record Key(long[] request, int profile, int interPod) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.profile == profile && k.interPod == interPod
                    && Arrays.equals(k.request, request);
        }

        @Override
        public int hashCode() {
            return (Arrays.hashCode(request) * 31 + profile) * 31 + interPod;
        }
    }

    /**
     * Classes made since this table was built: while it holds, no id has been given to a class (every column, the
     * request vectors included, is as it was), which lets a reader decoding every class skip an unchanged table.
     */
    public long births() {
        return births;
    }

    /**
     * A number that tells apart the classes an id has stood for: it changes when the id is freed and given to
     * a class again (what keeps per-class results across sessions must check it).
     */
    public long born(int cls) {
        return born[cls];
    }

    public long[] request(int cls) {
        return request[cls];
    }

    public long request(int cls, int d) {
        return request[cls][d];
    }

    public int profile(int cls) {
        return profile[cls];
    }

    public int interPod(int cls) {
        return interPod[cls];
    }

    public boolean bestEffort(int cls) {
        return bestEffort[cls];
    }

    // ------------------------------------------------------------------ columns for framework.Classes

    /*
     * The column arrays themselves, for framework's read-only Classes alone (KernelLayersTest.columnsAreReadByTheFacesAlone):
     * it holds them between session opens, when it takes them again (classes are made only while the cache applies
     * changes, which it does before a session opens), so a plugin's read is one array access behind the face. Read
     * only.
     */

    public long[][] requestColumn() {
        return request;
    }

    public int[] profileColumn() {
        return profile;
    }

    public int[] interPodColumn() {
        return interPod;
    }

    public boolean[] bestEffortColumn() {
        return bestEffort;
    }
}
