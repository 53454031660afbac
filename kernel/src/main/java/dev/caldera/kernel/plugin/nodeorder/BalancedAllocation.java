package dev.caldera.kernel.plugin.nodeorder;

/**
 * kube-scheduler 1.25 NodeResourcesBalancedAllocation as Volcano v1.7 configures it (cpu, memory,
 * nvidia.com/gpu), on actual requests: each resource's fraction {@code requested / allocatable} (float64,
 * capped at 1; a resource the node has none of is left out, and the GPU only when the pod asks for one);
 * two fractions give {@code std = |f0 - f1| / 2}, three the population standard deviation; the score is
 * {@code (long) ((1 - std) x 100)}. Additions run in kube's order so the float64 results are bit-identical.
 * <p>
 * Pure; no allocation.
 */
final class BalancedAllocation {
    private BalancedAllocation() {
    }

    /** Pass {@code allocatableGpus} 0 to leave the GPU out (the pod requests none, or the node has none). */
    static long score(long requestedCpuMilli, long allocatableCpuMilli, long requestedMemoryBytes,
                      long allocatableMemoryBytes, long requestedGpus, long allocatableGpus) {
        double f0 = 0;
        double f1 = 0;
        double f2 = 0;
        int n = 0;
        double total = 0;
        if (allocatableCpuMilli != 0) {
            f0 = fraction(requestedCpuMilli, allocatableCpuMilli);
            total += f0;
            n++;
        }
        if (allocatableMemoryBytes != 0) {
            double f = fraction(requestedMemoryBytes, allocatableMemoryBytes);
            if (n == 0) {
                f0 = f;
            } else {
                f1 = f;
            }
            total += f;
            n++;
        }
        if (allocatableGpus != 0) {
            double f = fraction(requestedGpus, allocatableGpus);
            if (n == 0) {
                f0 = f;
            } else if (n == 1) {
                f1 = f;
            } else {
                f2 = f;
            }
            total += f;
            n++;
        }
        if (n == 2) { // the usual case (cpu and memory): std = |f0 - f1| / 2, here rather than in a call
            return (long) ((1 - Math.abs((f0 - f1) / 2)) * 100.0);
        }
        return (long) ((1 - std(n, f0, f1, f2, total)) * 100.0);
    }

    /** The population standard deviation of three fractions, 0 for fewer (two are taken in {@link #score}). */
    private static double std(int n, double f0, double f1, double f2, double total) {
        if (n < 3) {
            return 0.0;
        }
        double mean = total / n;
        double sum = 0;
        sum = sum + (f0 - mean) * (f0 - mean);
        sum = sum + (f1 - mean) * (f1 - mean);
        sum = sum + (f2 - mean) * (f2 - mean);
        return Math.sqrt(sum / n);
    }

    private static double fraction(long requested, long allocatable) {
        double f = (double) requested / (double) allocatable;
        return f > 1 ? 1 : f;
    }
}
