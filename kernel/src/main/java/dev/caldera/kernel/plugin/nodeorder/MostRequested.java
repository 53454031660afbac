package dev.caldera.kernel.plugin.nodeorder;

/**
 * kube-scheduler 1.25 NodeResourcesFit MostAllocated as Volcano v1.7 configures it (cpu weight 1, memory
 * weight 1), on non-zero requests: per resource {@code requested x 100 / capacity} in integer arithmetic,
 * the request capped at capacity, weighted, summed and divided by the weight sum, truncating.
 * <p>
 * Pure; no allocation.
 */
final class MostRequested {
    static final long CPU_WEIGHT = 1;
    static final long MEMORY_WEIGHT = 1;

    private MostRequested() {
    }

    static long score(long requestedCpuMilli, long allocatableCpuMilli, long requestedMemoryBytes,
                      long allocatableMemoryBytes) {
        long score = 0;
        long weights = 0;
        if (allocatableCpuMilli != 0) {
            score += resourceScore(requestedCpuMilli, allocatableCpuMilli) * CPU_WEIGHT;
            weights += CPU_WEIGHT;
        }
        if (allocatableMemoryBytes != 0) {
            score += resourceScore(requestedMemoryBytes, allocatableMemoryBytes) * MEMORY_WEIGHT;
            weights += MEMORY_WEIGHT;
        }
        return weights == 0 ? 0 : score / weights;
    }

    static long resourceScore(long requested, long capacity) {
        if (capacity == 0) {
            return 0;
        }
        return Math.min(requested, capacity) * 100 / capacity;
    }
}
