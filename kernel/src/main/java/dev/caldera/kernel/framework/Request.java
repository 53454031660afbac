package dev.caldera.kernel.framework;

/**
 * A task class's request vector as plugins read it: element getters over the class's own array, which a plugin
 * cannot reach, so it cannot write it ({@link Classes#request(int)}, {@link SessionView#requestOf(int)}). One per
 * class, made by {@link Classes#refresh} when the class's array is new, so reading it allocates nothing; a plugin
 * may keep it while the class lives (its vector never changes).
 * <p>
 * Threading: read by the scheduling thread and filter workers. Cost: O(1) getters, no allocation.
 */
public final class Request {
    private final long[] values;

    Request(long[] values) {
        this.values = values;
    }

    /** Dimensions the vector holds (the registry's count when the class was made). */
    public int length() {
        return values.length;
    }

    /** The request in dimension {@code dim} ({@code dim < length()}). */
    public long get(int dim) {
        return values[dim];
    }

    /** The request in dimension {@code dim}, 0 past the vector's end (a dimension registered after the class). */
    public long at(int dim) {
        return dim < values.length ? values[dim] : 0;
    }

    /** Copies the vector into {@code into}, which must hold {@link #length()} entries (a plugin's own scratch). */
    public void copyTo(long[] into) {
        System.arraycopy(values, 0, into, 0, values.length);
    }

    /** Whether this is the view of {@code vector} (the same array). */
    boolean of(long[] vector) {
        return values == vector;
    }
}
