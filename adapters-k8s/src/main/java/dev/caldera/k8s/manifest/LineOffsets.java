package dev.caldera.k8s.manifest;

/**
 * The line each part of a file starts at, while the parts are read in parallel and each counts only its own lines:
 * a part reports its count as soon as it has it, and asks for its offset (the lines of all parts before it), which
 * waits only for the parts before it to have counted theirs. Parts are taken in file order, and each counts its
 * lines before it asks for anything, so a part never waits on one taken after it.
 * <p>
 * Threading: any thread; {@link #offset} blocks until the parts before it have counted. Cost: O(1) amortized per
 * call, no allocation after construction.
 */
final class LineOffsets {
    private final int[] counts;
    private final boolean[] counted;
    /** {@code offsets[k]}: the lines before part {@code k}, known for every k up to {@link #known}. */
    private final int[] offsets;
    /** Parts {@code 0 .. known - 1} have counted. */
    private int known;

    LineOffsets(int parts) {
        counts = new int[parts];
        counted = new boolean[parts];
        offsets = new int[parts + 1];
    }

    /** Part {@code part} holds {@code lines} line breaks. */
    synchronized void counted(int part, int lines) {
        counts[part] = lines;
        counted[part] = true;
        if (known == part) {
            while (known < counts.length && counted[known]) {
                offsets[known + 1] = offsets[known] + counts[known];
                known++;
            }
            notifyAll();
        }
    }

    /** The lines before part {@code part}, once every part before it has counted. */
    synchronized int offset(int part) {
        while (known < part) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading manifests", e);
            }
        }
        return offsets[part];
    }
}
