package dev.caldera.kernel.framework;

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
public final class ShareDimensions extends CountedDimensions {
    @Override
    protected boolean counts(int dim, String name) {
        return counted(dim, name);
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
