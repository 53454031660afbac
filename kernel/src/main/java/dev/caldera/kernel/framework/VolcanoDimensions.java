package dev.caldera.kernel.framework;

import dev.caldera.kernel.resource.ResourceDimensions;

import java.util.Arrays;

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
public final class VolcanoDimensions {
    private int[] dims = new int[0];
    private int seen = -1;

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

    /** The counted dimension indices, ascending (callers must not modify the array). */
    public int[] dims() {
        return dims;
    }

    /** Every registered dimension (the stride of per-queue vectors). */
    public int stride() {
        return Math.max(seen, 0);
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
