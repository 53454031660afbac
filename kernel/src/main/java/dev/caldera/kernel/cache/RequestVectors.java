package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;

/** Turns named quantities into dense vectors over dimensions, registering new dimensions on first sight. */
final class RequestVectors {
    private RequestVectors() {
    }

    /** A task's request: the named quantities plus one {@code pods}. */
    static long[] of(ResourceList list, ResourceDimensions dims) {
        return of(list, dims, true);
    }

    static long[] of(ResourceList list, ResourceDimensions dims, boolean addPod) {
        // every name seen before (all but a cluster's first few lists): one look-up per name, not a registration
        // and a look-up; the same vector as below, since registering known names changes nothing
        long[] known = new long[dims.count()];
        for (int i = 0; i < list.size(); i++) {
            int d = dims.find(list.name(i));
            if (d < 0) {
                return registering(list, dims, addPod);
            }
            if (d != ResourceDimensions.PODS || !addPod) {
                known[d] += list.amount(i);
            }
        }
        if (addPod) {
            known[ResourceDimensions.PODS] = 1;
        }
        return known;
    }

    /** {@link #of(ResourceList, ResourceDimensions, boolean)}, registering the names first seen. */
    private static long[] registering(ResourceList list, ResourceDimensions dims, boolean addPod) {
        for (int i = 0; i < list.size(); i++) {
            dims.register(list.name(i));
        }
        long[] vector = new long[dims.count()];
        for (int i = 0; i < list.size(); i++) {
            int d = dims.find(list.name(i));
            if (d != ResourceDimensions.PODS || !addPod) {
                vector[d] += list.amount(i);
            }
        }
        if (addPod) {
            vector[ResourceDimensions.PODS] = 1;
        }
        return vector;
    }

    /** Which dimensions {@code list} names, also with a zero amount; null for a null list. */
    static boolean[] listed(ResourceList list, ResourceDimensions dims) {
        if (list == null) {
            return null;
        }
        boolean[] out = new boolean[dims.count()];
        for (int i = 0; i < list.size(); i++) {
            out[dims.register(list.name(i))] = true;
        }
        return out;
    }
}
