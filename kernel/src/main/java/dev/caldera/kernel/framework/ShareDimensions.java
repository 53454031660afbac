package dev.caldera.kernel.framework;


import java.util.Arrays;

/**
 * The dimensions Volcano v1.7's {@code Resource} type counts when plugins add up and compare quantities
 * (queue shares, DRF shares, enqueue checks): cpu, memory and Kubernetes scalar resources (extended
 * resources such as {@code nvidia.com/gpu}, {@code hugepages-*}, {@code attachable-volumes-*} and
 * {@code *kubernetes.io/*} names). Volcano keeps {@code pods} apart (MaxTaskNum, seen only by the node
 * predicates) and drops unprefixed native resources such as {@code ephemeral-storage}, so neither takes
 * part here.
 * <p>
 * Threading: scheduling thread. {@link #refresh} allocates only when the dimension count grew.
 */
public final class ShareDimensions {
    private int[] dims = new int[0];
    private int seen = -1;

    /** Re-reads {@code registry}; cheap when no dimension was added since the last call. */
    public void refresh(Dimensions registry) {
        int count = registry.count();
        if (count == seen) {
            return;
        }
        int[] out = new int[count];
        int n = 0;
        for (int d = 0; d < count; d++) {
            if (counted(d, registry.name(d))) {
                out[n++] = d;
            }
        }
        dims = Arrays.copyOf(out, n);
        seen = count;
    }

    /** The counted dimension indices, ascending (the caller must not modify the array). */
    public int[] dims() {
        return dims;
    }

    /** Every registered dimension, counted or not (the stride of per-entity vectors). */
    public int stride() {
        return Math.max(seen, 0);
    }

    /** Kubernetes' IsScalarResourceName plus cpu and memory. */
    static boolean counted(int dim, String name) {
        if (dim == Dimensions.CPU || dim == Dimensions.MEMORY) {
            return true;
        }
        if (dim == Dimensions.PODS || name.startsWith("requests.")) {
            return false;
        }
        return name.indexOf('/') >= 0 || name.startsWith("hugepages-") || name.startsWith("attachable-volumes-");
    }

    /** {@code vector[dim]}, or 0 beyond the vector's length (vectors predating a new dimension). */
    public static long at(long[] vector, int dim) {
        return vector != null && dim < vector.length ? vector[dim] : 0;
    }
}
