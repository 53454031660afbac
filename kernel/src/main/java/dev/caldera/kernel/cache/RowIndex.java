package dev.caldera.kernel.cache;

import it.unimi.dsi.fastutil.HashCommon;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * String key to table row, with a free list so a removed entity's row is reused by the next one added.
 * <p>
 * An open-addressing table (linear probing, at most half full) that keeps each key's hash next to it and compares
 * hashes before keys: a look-up calls {@link String#equals} only on a slot whose hash is the key's, in practice
 * once for a key that is there (at once true when it is the same object, as the pod's uid of its spec usually is)
 * and never for one that is not. A general map of strings compares the key with every occupied slot it probes,
 * and the cache's keys share long prefixes ({@code team-0-job-12-worker-3}: a pod's uid, a node's name), so each
 * of those compares ran over most of the key's bytes; every new pod is three such look-ups that miss (the
 * look-ahead, the check, the insert).
 * <p>
 * Threading: NOT thread safe; scheduling thread only. O(1) per call.
 */
final class RowIndex {
    private static final int FIRST_CAPACITY = 16;

    /** The keys by slot; null: a free slot. */
    private String[] keys;
    /** The mixed hash of the key in the same slot. */
    private int[] hashes;
    /** The row of the key in the same slot. */
    private int[] values;
    private int mask;
    private int size;
    private final IntArrayList free = new IntArrayList();
    private int next;

    RowIndex() {
        allocate(FIRST_CAPACITY);
    }

    /** How many keys are indexed. */
    int size() {
        return size;
    }

    /**
     * Makes room for {@code count} keys without growing again (a bulk load into an empty cache): only the table's
     * size changes, not what it maps.
     */
    void reserve(int count) {
        // at most half full once count keys are in: 2 x count slots, rounded up to a power of two
        int capacity = (int) HashCommon.nextPowerOfTwo(2L * Math.max(FIRST_CAPACITY / 2, Math.min(count, 1 << 29)));
        if (capacity > keys.length) {
            rehash(capacity);
        }
    }

    /** The row of {@code key}, or -1 (also for null). */
    int get(String key) {
        if (key == null) {
            return -1;
        }
        int slot = slot(key, hash(key));
        return slot < 0 ? -1 : values[slot];
    }

    /** Gives {@code key} the next free row (a removed key's, last removed first) and returns it. */
    int add(String key) {
        int row = free.isEmpty() ? next++ : free.popInt();
        put(key, row);
        return row;
    }

    void remove(String key) {
        if (key == null) {
            return;
        }
        int slot = slot(key, hash(key));
        if (slot < 0) {
            return;
        }
        free.add(values[slot]);
        size--;
        shiftBack(slot);
    }

    private static int hash(String key) {
        return HashCommon.mix(key.hashCode());
    }

    /** The slot holding {@code key}, or -1. */
    private int slot(String key, int h) {
        int pos = h & mask;
        String k;
        while ((k = keys[pos]) != null) {
            if (hashes[pos] == h && (k == key || k.equals(key))) {
                return pos;
            }
            pos = (pos + 1) & mask;
        }
        return -1;
    }

    /** Maps {@code key} to {@code row} (replacing its row when it is there already). */
    private void put(String key, int row) {
        int h = hash(key);
        int pos = h & mask;
        String k;
        while ((k = keys[pos]) != null) {
            if (hashes[pos] == h && (k == key || k.equals(key))) {
                values[pos] = row;
                return;
            }
            pos = (pos + 1) & mask;
        }
        keys[pos] = key;
        hashes[pos] = h;
        values[pos] = row;
        if (++size > keys.length >> 1) {
            rehash(keys.length << 1);
        }
    }

    /**
     * Empties {@code slot} and moves later keys of its probe run back into the gap, so that every key stays
     * reachable from its home slot without passing a free one (no tombstones).
     */
    private void shiftBack(int slot) {
        int gap = slot;
        int pos = slot;
        while (true) {
            pos = (pos + 1) & mask;
            String k = keys[pos];
            if (k == null) {
                keys[gap] = null;
                return;
            }
            int home = hashes[pos] & mask;
            // the key at pos may move to the gap only when its home slot is not cyclically in (gap, pos]
            boolean homeAfterGap = gap <= pos ? home > gap && home <= pos : home > gap || home <= pos;
            if (!homeAfterGap) {
                keys[gap] = k;
                hashes[gap] = hashes[pos];
                values[gap] = values[pos];
                gap = pos;
            }
        }
    }

    private void rehash(int capacity) {
        String[] oldKeys = keys;
        int[] oldHashes = hashes;
        int[] oldValues = values;
        allocate(capacity);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                int pos = oldHashes[i] & mask;
                while (keys[pos] != null) {
                    pos = (pos + 1) & mask;
                }
                keys[pos] = oldKeys[i];
                hashes[pos] = oldHashes[i];
                values[pos] = oldValues[i];
            }
        }
    }

    private void allocate(int capacity) {
        // a slot is (hash & mask): any other size leaves slots no key can reach, and a probe run that never meets a
        // free one loops forever; refuse it here, where it costs nothing, rather than hang in a look-up
        if (capacity < 2 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("RowIndex capacity " + capacity + " is not a power of two >= 2");
        }
        keys = new String[capacity];
        hashes = new int[capacity];
        values = new int[capacity];
        mask = capacity - 1;
    }
}
