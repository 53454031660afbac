package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;

import java.util.Arrays;

/**
 * One cluster total per resource of one kind of quantity (nodes' allocatable, pods' requests, ...), kept at most
 * {@link #LIMIT} = 2^62 so that the kernel's exact 64-bit sums of two totals still fit (a {@link ResourceList} names
 * each resource once): a change that would cross
 * it is refused naming the object, instead of wrapping around silently. {@link #check} also refuses an empty
 * resource name and a change that would bring the number of distinct resources above {@link #MAX_DIMENSIONS}.
 * <p>
 * Threading: scheduling thread. {@link #check} reads only (it allocates a little: it runs once per change, not per
 * placement); {@link #replace} is O(dims).
 */
final class QuantityTotals {
    static final long LIMIT = 1L << 62;
    /** Distinct resources (cpu, memory, pods and scalars) the cache accepts; each adds a column per node and job. */
    static final int MAX_DIMENSIONS = 128;

    private final String what;
    private long[] sum = new long[0];
    /** The dimension of each resource of the list {@link #check} checks, looked up once by the names' check. */
    private int[] found = new int[8];

    /** {@code what}: the kind of quantity in messages, e.g. {@code "nodes' allocatable"}. */
    QuantityTotals(String what) {
        this.what = what;
    }

    /**
     * Refuses replacing {@code old} (dense over dimensions, null for nothing) by {@code now} when a resource name
     * is empty, when it would make more than {@link #MAX_DIMENSIONS} resources, or when a total would exceed
     * {@link #LIMIT}. {@code onePod}: the cache counts a task's pods as 1 whatever the list says. The object is
     * {@code namespace/name} (joined only for a refusal; {@code namespace} null for a cluster-scoped kind).
     */
    void check(long[] old, ResourceList now, boolean onePod, ResourceDimensions dims, String kind, String namespace,
               String name, String field) {
        if (now == null) {
            return;
        }
        if (found.length < now.size()) {
            found = new int[Math.max(now.size(), found.length * 2)];
        }
        checkNames(now, dims, kind, namespace, name, field, found);
        for (int i = 0; i < now.size(); i++) {
            String resource = now.name(i);
            int d = found[i];
            long next = d >= 0 && d < sum.length ? sum[d] : 0;
            next -= d >= 0 && old != null && d < old.length ? old[d] : 0;
            long amount = onePod && d == ResourceDimensions.PODS ? 1 : now.amount(i);
            if (amount > LIMIT || next > LIMIT - amount) {
                throw new RejectedChange(kind, key(namespace, name), field + "." + resource, "the total of " + what
                        + " would exceed " + LIMIT + " (2^62), more than the kernel adds up exactly in 64 bits");
            }
        }
    }

    /** The total of dimension {@code d} (0 when nothing named it). */
    long total(int d) {
        return d < sum.length ? sum[d] : 0;
    }

    /** The totals after {@code old} was replaced by {@code now} (dense, registered; null for nothing). */
    void replace(long[] old, long[] now) {
        int n = Math.max(old == null ? 0 : old.length, now == null ? 0 : now.length);
        if (sum.length < n) {
            sum = Arrays.copyOf(sum, n);
        }
        for (int d = 0; old != null && d < old.length; d++) {
            sum[d] -= old[d];
        }
        for (int d = 0; now != null && d < now.length; d++) {
            sum[d] += now[d];
        }
    }

    /**
     * Refuses empty resource names and more than {@link #MAX_DIMENSIONS} distinct resources, naming the object
     * {@code namespace/name} ({@code namespace} null for a cluster-scoped kind).
     */
    static void checkNames(ResourceList list, ResourceDimensions dims, String kind, String namespace, String name,
                           String field) {
        checkNames(list, dims, kind, namespace, name, field, null);
    }

    /** {@link #checkNames}, keeping each resource's dimension (-1: none yet) in {@code found} when not null. */
    private static void checkNames(ResourceList list, ResourceDimensions dims, String kind, String namespace,
                                   String name, String field, int[] found) {
        int fresh = 0;
        for (int i = 0; i < list.size(); i++) {
            String resource = list.name(i);
            if (resource == null || resource.isEmpty()) {
                throw new RejectedChange(kind, key(namespace, name), field, "a resource name is empty");
            }
            int d = dims.find(resource);
            if (d < 0) {
                fresh++;
            }
            if (found != null) {
                found[i] = d;
            }
        }
        if (dims.count() + fresh > MAX_DIMENSIONS) {
            throw new RejectedChange(kind, key(namespace, name), field, "it would make " + (dims.count() + fresh)
                    + " distinct resources in the cluster; the kernel keeps at most " + MAX_DIMENSIONS);
        }
    }

    private static String key(String namespace, String name) {
        return namespace == null ? name : namespace + "/" + name;
    }
}
