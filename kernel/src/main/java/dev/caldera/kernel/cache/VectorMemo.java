package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;

/**
 * The dense vectors ({@link RequestVectors#of}) of the resource lists seen lately, kept by the lists' identity (and the
 * last one by value): the
 * pods an adapter converts from one template share its request list (a replay's pods of one shape, their PodGroups
 * their minResources list), so that their vector is worked out once, not once per pod, and shared. A vector is
 * taken again only while no dimension was added since it was made (its length is the dimension count it was made
 * for). Direct-mapped on the list's identity hash: a list whose slot another took is worked out again, the same
 * vector by value.
 * <p>
 * The vectors are shared by every row that took them: the tables never write into a request or minResources vector
 * (they already share one task class's among its tasks). Threading: scheduling thread only. Allocation: a vector per
 * miss.
 */
final class VectorMemo {
    private static final int SLOTS = 1024;

    private final ResourceDimensions dims;
    private final boolean addPod;
    private final ResourceList[] lists = new ResourceList[SLOTS];
    private final long[][] vectors = new long[SLOTS][];
    /**
     * The list last asked for and its vector: a dump's or a listing's pods come job by job, each pod with a request
     * list of its own but equal to the one before, which the identity slots never match (each list's identity hash
     * is also a call into the VM under C1, and installs the hash in the list's header).
     */
    private ResourceList last;
    private long[] lastVector;

    /** {@code addPod}: as {@link RequestVectors#of(ResourceList, ResourceDimensions, boolean)}. */
    VectorMemo(ResourceDimensions dims, boolean addPod) {
        this.dims = dims;
        this.addPod = addPod;
    }

    /** {@link RequestVectors#of(ResourceList, ResourceDimensions, boolean)} of {@code list}; do not modify it. */
    long[] of(ResourceList list) {
        if (last != null && lastVector.length == dims.count() && (list == last || list.equals(last))) {
            last = list;
            return lastVector;
        }
        int slot = System.identityHashCode(list) & (SLOTS - 1);
        long[] vector = vectors[slot];
        if (lists[slot] != list || vector.length != dims.count()) {
            vector = RequestVectors.of(list, dims, addPod);
            lists[slot] = list;
            vectors[slot] = vector;
        }
        last = list;
        lastVector = vector;
        return vector;
    }
}
