package dev.caldera.kernel.framework;

import java.util.Arrays;

/**
 * A selection of the registered resource dimensions, re-read from the registry when it grew: what
 * {@link ShareDimensions} (Volcano v1.7's counted resources) and {@link VolcanoDimensions} (current Volcano's) share;
 * each says which dimensions it counts. A plugin keeps its own and refreshes it from the session's
 * {@link Dimensions} at open.
 * <p>
 * Threading: scheduling thread. {@link #refresh} allocates only when the dimension count grew.
 */
public abstract class CountedDimensions {
    private int[] dims = new int[0];
    private int seen = -1;

    /** Re-reads {@code registry}; cheap when no dimension was added since the last call. */
    public final void refresh(Dimensions registry) {
        int count = registry.count();
        if (count == seen) {
            return;
        }
        int[] out = new int[count];
        int n = 0;
        for (int d = 0; d < count; d++) {
            if (counts(d, registry.name(d))) {
                out[n++] = d;
            }
        }
        dims = Arrays.copyOf(out, n);
        seen = count;
    }

    /**
     * The counted dimension indices, ascending: this selection's own array, handed to the plugin that made the
     * selection (each plugin keeps its own, so no other reader shares it); the plugin must not modify it.
     */
    public final int[] dims() {
        return dims;
    }

    /** Every registered dimension, counted or not (the stride of per-entity vectors). */
    public final int stride() {
        return Math.max(seen, 0);
    }

    /** Whether dimension {@code dim}, registered as {@code name}, is in the selection. */
    protected abstract boolean counts(int dim, String name);
}
