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
 * Threading: one thread. Allocation: sized for the samples expected, then grows by doubling; the figures index the
 * samples once they are taken.
 */
final class AllocationCurve {
    private final double capacityMilli;
    private double[] arrivedPercent;
    private double[] allocatedPercent;
    private int size;
    /** Sample indices by rounded arrived percentage, as of {@code indexed} samples ({@link #index}). */
    private int[] order = new int[0];
    private int[] start = new int[1];
    private int indexed;

    AllocationCurve(long capacityMilli) {
        this(capacityMilli, 1024);
    }

    /** With room for {@code expected} samples before growing (a replay takes about one per arriving pod). */
    AllocationCurve(long capacityMilli, int expected) {
        this.capacityMilli = capacityMilli;
        this.arrivedPercent = new double[Math.max(16, expected)];
        this.allocatedPercent = new double[arrivedPercent.length];
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

    /**
     * The allocation figure at arrived workload {@code level} percent, or NaN when the replay never got near it.
     * Sums the samples in the order they were taken, as a scan over all of them would.
     */
    double at(int level) {
        index();
        double sum = 0;
        int n = 0;
        int exact = bucket(level);
        if (exact >= 0) {
            for (int k = start[exact]; k < start[exact + 1]; k++) {
                sum += round2(allocatedPercent[order[k]]);
                n++;
            }
        }
        if (n == 0) {
            // within one point: the buckets below and above (this one is empty), merged back into sample order
            int below = bucket(level - 1);
            int above = bucket(level + 1);
            int i = below < 0 ? 0 : start[below];
            int iEnd = below < 0 ? 0 : start[below + 1];
            int j = above < 0 ? 0 : start[above];
            int jEnd = above < 0 ? 0 : start[above + 1];
            while (i < iEnd || j < jEnd) {
                int next = j >= jEnd || (i < iEnd && order[i] < order[j]) ? order[i++] : order[j++];
                sum += round2(allocatedPercent[next]);
                n++;
            }
        }
        return n == 0 ? Double.NaN : round2(sum / n);
    }

    /** The bucket of samples whose arrived percentage rounds (half to even) to {@code level}, or -1 when none can. */
    private int bucket(int level) {
        return level < 0 || level >= start.length - 1 ? -1 : level;
    }

    /**
     * Sorts the samples' indices by their rounded arrived percentage, keeping sample order within each
     * ({@link #order}, bucket {@code b} from {@code start[b]} to {@code start[b + 1]}); again only after new samples.
     * O(samples + buckets).
     */
    private void index() {
        if (indexed == size) {
            return;
        }
        int buckets = (int) Math.min(Integer.MAX_VALUE - 2, Math.rint(maxArrivedPercent())) + 1;
        start = new int[buckets + 1];
        for (int i = 0; i < size; i++) {
            start[(int) Math.rint(arrivedPercent[i]) + 1]++;
        }
        for (int b = 0; b < buckets; b++) {
            start[b + 1] += start[b];
        }
        order = new int[size];
        int[] next = Arrays.copyOf(start, buckets);
        for (int i = 0; i < size; i++) {
            order[next[(int) Math.rint(arrivedPercent[i])]++] = i;
        }
        indexed = size;
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
