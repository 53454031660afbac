package dev.caldera.k8s.replay;

import java.util.Arrays;

/**
 * GPU allocation against arrived GPU workload, as FGD's simulator reports it: after each arrival, the GPUs
 * allocated and the GPUs asked for by every pod arrived so far (placed or not), both as a percentage of the
 * cluster's GPUs. The figure at a workload level {@code w} (percent) is the mean allocation, rounded to two
 * decimals, over the samples whose arrived percentage rounds (half to even) to {@code w}, or, when none does,
 * over those whose rounded arrived percentage lies within one point of it; FGD's "unallocated GPU" is
 * {@code 100 - figure(100)} (the artifact's {@code merge_alloc_discrete.py}).
 * <p>
 * Threading: one thread. Allocation: grows by doubling.
 */
final class AllocationCurve {
    private final double capacityMilli;
    private double[] arrivedPercent = new double[1024];
    private double[] allocatedPercent = new double[1024];
    private int size;

    AllocationCurve(long capacityMilli) {
        this.capacityMilli = capacityMilli;
    }

    void sample(long arrivedMilli, long allocatedMilli) {
        if (size == arrivedPercent.length) {
            arrivedPercent = Arrays.copyOf(arrivedPercent, size * 2);
            allocatedPercent = Arrays.copyOf(allocatedPercent, size * 2);
        }
        arrivedPercent[size] = capacityMilli == 0 ? 0 : 100.0 * arrivedMilli / capacityMilli;
        allocatedPercent[size] = capacityMilli == 0 ? 0 : 100.0 * allocatedMilli / capacityMilli;
        size++;
    }

    int size() {
        return size;
    }

    /** The allocation figure at arrived workload {@code level} percent, or NaN when the replay never got near it. */
    double at(int level) {
        double sum = 0;
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (Math.rint(arrivedPercent[i]) == level) {
                sum += round2(allocatedPercent[i]);
                n++;
            }
        }
        if (n == 0) {
            for (int i = 0; i < size; i++) {
                double r = Math.rint(arrivedPercent[i]);
                if (r >= level - 1 && r <= level + 1) {
                    sum += round2(allocatedPercent[i]);
                    n++;
                }
            }
        }
        return n == 0 ? Double.NaN : round2(sum / n);
    }

    /** The highest arrived percentage sampled. */
    double maxArrivedPercent() {
        double max = 0;
        for (int i = 0; i < size; i++) {
            max = Math.max(max, arrivedPercent[i]);
        }
        return max;
    }

    static double round2(double v) {
        return Math.rint(v * 100) / 100;
    }
}
