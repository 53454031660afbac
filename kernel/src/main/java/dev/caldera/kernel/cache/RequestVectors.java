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
        // one look-up per name while every name is a known dimension (all but a cluster's first few lists); a name
        // not seen yet registers the list's names and starts again, finding them all
        long[] vector = new long[dims.count()];
        for (int i = 0; i < list.size(); i++) {
            int d = dims.find(list.name(i));
            if (d < 0) {
                for (int j = 0; j < list.size(); j++) {
                    dims.register(list.name(j));
                }
                return of(list, dims, addPod);
            }
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
