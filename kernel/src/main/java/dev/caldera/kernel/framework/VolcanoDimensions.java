package dev.caldera.kernel.framework;

import dev.caldera.kernel.resource.ResourceDimensions;

/**
 * The dimensions current Volcano's {@code api.Resource} holds, which the plugins written after v1.7
 * (capacity, hierarchical DRF) compare: cpu, memory,
 * {@code pods} (a scalar every task requests one of; {@link #ignored} in the per-dimension checks, as
 * Volcano's ignoredScalarResources), {@code ephemeral-storage}, and the Kubernetes scalar resources (extended
 * resources such as {@code nvidia.com/gpu}, {@code hugepages-*}, {@code attachable-volumes-*}, prefixed
 * native names). Quota names ({@code requests.*}, {@code limits.*}, {@code count/*}) take no part.
 * <p>
 * Each plugin keeps its own, refreshed from the session's {@link Dimensions} at open.
 * <p>
 * Threading: scheduling thread. {@link #refresh} allocates only when the dimension count grew.
 */
public final class VolcanoDimensions extends CountedDimensions {
    @Override
    protected boolean counts(int dim, String name) {
        return counted(dim, name);
    }

    /** {@code pods}: counted in shares and guarantees, skipped by Volcano's "WithDimension" comparisons. */
    public static boolean ignored(int dim) {
        return dim == ResourceDimensions.PODS;
    }

    /** True for cpu and memory, which Volcano's Resource always holds (never "unset"). */
    public static boolean fixed(int dim) {
        return dim <= ResourceDimensions.MEMORY;
    }

    static boolean counted(int dim, String name) {
        return dim <= ResourceDimensions.PODS || ResourceDimensions.countedByVolcano(name);
    }
}
