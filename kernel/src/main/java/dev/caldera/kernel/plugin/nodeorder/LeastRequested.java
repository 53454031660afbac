package dev.caldera.kernel.plugin.nodeorder;

/**
 * kube-scheduler 1.25 NodeResourcesFit LeastAllocated as Volcano v1.7 configures it (cpu weight 50, memory
 * weight 50), on non-zero requests: per resource {@code (capacity - requested) x 100 / capacity} in integer
 * arithmetic (0 when over capacity), weighted, summed and divided by the weight sum, truncating. A resource
 * the node has none of is left out, weight and all.
 * <p>
 * The same integers with fewer long divisions, which C1 (bin/caldera's only compiler) makes calls of
 * {@code SharedRuntime::ldiv}: a quotient whose operands fit an {@code int} is divided as one, and the usual
 * {@code (cpu x 50 + memory x 50) / 100} is {@code (cpu + memory) / 2} by a shift where no product can overflow.
 * <p>
 * Pure; no allocation.
 */
final class LeastRequested {
    static final long CPU_WEIGHT = 50;
    static final long MEMORY_WEIGHT = 50;

    private LeastRequested() {
    }

    static long score(long requestedCpuMilli, long allocatableCpuMilli, long requestedMemoryBytes,
                      long allocatableMemoryBytes) {
        if (allocatableCpuMilli != 0 && allocatableMemoryBytes != 0) {
            long cpu = resourceScore(requestedCpuMilli, allocatableCpuMilli);
            long memory = resourceScore(requestedMemoryBytes, allocatableMemoryBytes);
            if ((cpu | memory) >>> 56 == 0) {
                // (cpu x 50 + memory x 50) / 100 exactly: no product overflows and the sum is not negative
                return (cpu + memory) >>> 1;
            }
        }
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
        if (capacity == 0 || requested > capacity) {
            return 0;
        }
        long free = (capacity - requested) * 100;
        if ((free | capacity) >>> 31 == 0) { // both fit an int: C1 divides inline, not through SharedRuntime::ldiv
            return (int) free / (int) capacity;
        }
        return free / capacity;
    }
}
