package dev.caldera.kernel.plugin;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.session.Session;

/**
 * What Volcano v1.7's admission plugins (proportion, overcommit) count for one job at session open: its
 * allocated requests, the part of its {@code minResources} a Running PodGroup still holds back, and its
 * elastic part (allocated beyond {@code minResources}). Vectors are flat {@code long[]} rows written at
 * {@code out[base + dim]} for the counted dimensions of {@link ShareDimensions}. Job totals come from the
 * session's {@link dev.caldera.kernel.cluster.JobRequests}, never from a walk over tasks.
 * <p>
 * Threading: scheduling thread. No allocation. Cost O(dims).
 */
public final class JobReservation {
    private JobReservation() {
    }

    /**
     * Adds the requests of the job's tasks in Volcano's AllocatedStatus (Allocated, Binding, Bound,
     * Running) into {@code out}; returns how many such tasks there are (Volcano's
     * CalculateAllocatedTaskNum).
     */
    public static int addAllocated(Session s, int job, int[] dims, long[] out, int base) {
        addColumn(s.jobState.requests.allocated, job, dims, out, base);
        return allocatedTasks(s, job);
    }

    /** How many of the job's tasks are in Volcano's AllocatedStatus. */
    public static int allocatedTasks(Session s, int job) {
        return s.count(job, TaskStatus.ALLOCATED) + s.count(job, TaskStatus.BINDING)
                + s.count(job, TaskStatus.BOUND) + s.count(job, TaskStatus.RUNNING);
    }

    /** {@code out[base + d] += column[d][job]} for the counted dimensions (a JobRequests column). */
    public static void addColumn(long[][] column, int job, int[] dims, long[] out, int base) {
        for (int d : dims) {
            out[base + d] += column[d][job];
        }
    }

    /** {@code out[base + d] += vector[d]} for the counted dimensions. */
    public static void add(long[] vector, int[] dims, long[] out, int base) {
        for (int d : dims) {
            out[base + d] += ShareDimensions.at(vector, d);
        }
    }

    /**
     * Volcano's GetInqueueResource: what a Running PodGroup still reserves, {@code minResources - allocated}
     * per dimension where positive. v1.7 reads scalar minimums with Quantity.Value() (whole units, rounded
     * up) but subtracts allocated milli-units; this keeps that unit mismatch: a GPU minimum of 2 reserves
     * 2 milli-GPU when nothing is allocated, and nothing once any GPU is.
     */
    public static void addRunningReserve(long[] minResources, long[] allocated, int allocBase, int[] dims,
                                         long[] out, int base) {
        for (int d : dims) {
            long min = ShareDimensions.at(minResources, d);
            long alloc = allocated[allocBase + d];
            long reserve;
            if (d <= dev.caldera.kernel.resource.ResourceDimensions.MEMORY) {
                reserve = min - alloc;
            } else if (min == 0) {
                reserve = 0;
            } else {
                long units = Math.floorDiv(min + 999, 1000);
                reserve = alloc == 0 ? units : units - alloc;
            }
            if (reserve > 0) {
                out[base + d] += reserve;
            }
        }
    }

    /**
     * Volcano's JobInfo.GetElasticResources: {@code allocated - minResources}, or nothing when allocated
     * does not exceed minResources in some dimension (cpu, memory, or a scalar the job holds).
     */
    public static void addElastic(long[] minResources, long[] allocated, int allocBase, int[] dims,
                                  long[] out, int base) {
        if (!exceedsEverywhere(minResources, allocated, allocBase, dims)) {
            return;
        }
        for (int d : dims) {
            long alloc = allocated[allocBase + d];
            if (d <= dev.caldera.kernel.resource.ResourceDimensions.MEMORY || alloc > 0) {
                out[base + d] += alloc - ShareDimensions.at(minResources, d);
            }
        }
    }

    private static boolean exceedsEverywhere(long[] minResources, long[] allocated, int allocBase, int[] dims) {
        for (int d : dims) {
            long alloc = allocated[allocBase + d];
            boolean checked = d <= dev.caldera.kernel.resource.ResourceDimensions.MEMORY || alloc > 0;
            if (checked && alloc <= ShareDimensions.at(minResources, d)) {
                return false;
            }
        }
        return true;
    }
}
