package dev.caldera.k8s.manifest.read;

/**
 * One object for equal strings read on one thread: the values a dump repeats in every object (namespaces,
 * priority class, scheduler and node names, phases, label and annotation keys and values) are kept once instead of
 * once per object. What the read keeps lives until the run ends and is copied by every young collection it
 * survives, so fewer objects kept is less collection work (on the 5,000-node dump the 451,000 strings kept were
 * 28 of the 47 MB that reading keeps).
 * <p>
 * An open-addressing table of the strings and their hashes, at most half full (it doubles from 256 slots up to
 * twice {@link #MAX}): a look-up is the string's hash, one or two slots compared by hash and one {@code equals},
 * without the entry objects of a {@code HashMap} (a {@code HashMap.putIfAbsent} per string, its node and key two
 * loads behind the table, was 2.7% of the reading threads' CPU on the 5,000-node dump) and without an entry to
 * keep per string.
 * <p>
 * The paths of the first items of a list (for messages) are kept the same way, per list path ({@link #item}).
 * <p>
 * Threading: one thread (one per {@link ObjectReader}). Cost: one hash and a probe per string passed; at most
 * {@link #MAX} strings remembered, after which only those are shared.
 */
final class SharedStrings {
    static final int MAX = 1 << 14;
    /** The table's length at first: a reader of a few objects (an error's description) needs no more. */
    private static final int FIRST_SLOTS = 1 << 8;
    private String[] strings = new String[FIRST_SLOTS];
    private int[] hashes = new int[FIRST_SLOTS];
    private int size;
    /** Item paths are kept for the first {@code ITEMS} items of each of {@link #lists}, compared by identity. */
    private static final int ITEMS = 4;
    private final String[] lists = new String[4];
    private final String[][] items = new String[4][ITEMS];
    /** The slot of {@link #lists} a new list path takes (the oldest). */
    private int nextList;

    /** {@code s}, or the equal string met first. */
    String of(String s) {
        if (s == null) {
            return null;
        }
        int h = s.hashCode();
        int mask = strings.length - 1;
        int i = (h ^ (h >>> 15)) & mask;
        String kept;
        while ((kept = strings[i]) != null) {
            if (hashes[i] == h && (kept == s || kept.equals(s))) {
                return kept;
            }
            i = (i + 1) & mask;
        }
        if (size < MAX) {
            strings[i] = s;
            hashes[i] = h;
            if (++size << 1 > mask && strings.length < MAX << 1) { // at most half full
                grow();
            }
        }
        return s;
    }

    /**
     * {@code list[index]}: for the first items of the last few list paths asked about, the same string each time
     * (the readers' list paths are constants, so {@code spec.containers[0]} is made once per thread, not once per
     * pod).
     */
    String item(String list, int index) {
        if (index >= ITEMS) {
            return list + "[" + index + "]";
        }
        int l = 0;
        while (l < lists.length && lists[l] != list) {
            l++;
        }
        if (l == lists.length) {
            l = nextList;
            nextList = (nextList + 1) % lists.length;
            lists[l] = list;
            java.util.Arrays.fill(items[l], null);
        }
        String p = items[l][index];
        if (p == null) {
            p = list + "[" + index + "]";
            items[l][index] = p;
        }
        return p;
    }

    private void grow() {
        String[] oldStrings = strings;
        int[] oldHashes = hashes;
        strings = new String[oldStrings.length << 1];
        hashes = new int[oldStrings.length << 1];
        int mask = strings.length - 1;
        for (int j = 0; j < oldStrings.length; j++) {
            if (oldStrings[j] != null) {
                int h = oldHashes[j];
                int i = (h ^ (h >>> 15)) & mask;
                while (strings[i] != null) {
                    i = (i + 1) & mask;
                }
                strings[i] = oldStrings[j];
                hashes[i] = h;
            }
        }
    }
}
