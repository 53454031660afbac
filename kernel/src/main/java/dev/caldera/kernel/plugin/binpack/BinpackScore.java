package dev.caldera.kernel.plugin.binpack;

/**
 * Current Volcano's binpack score for one task on one node ({@code plugins/binpack/binpack.go},
 * {@code BinPackingScore} and {@code ResourceBinPackingScore}), in float64 as Volcano computes it:
 * <pre>
 *   for each requested resource with a weight:  (request + used) x weight / allocatable
 *                                               (0 when allocatable or weight is 0; the weight still counts)
 *   score = sum / weight sum x (100 x binpack.weight)
 *   and 0 for the whole node when request + used exceeds allocatable for any of them
 * </pre>
 * Worked example (Volcano's binpack_test.go, argument set 1: weight 10, cpu 2, memory 3): a 1 cpu / 1Gi
 * task on an empty 4 cpu / 16Gi node scores (1/4 x 2 + 1/16 x 3) / 5 x 1000 = 137.5.
 * <p>
 * Volcano v1.7 zeroed only the term of a resource that does not fit (its weight still counted); current Volcano
 * scores the whole node 0 (volcano-sh/volcano#2786).
 * <p>
 * Pure; no allocation.
 */
final class BinpackScore {
    private BinpackScore() {
    }

    /** What {@link #resource} returns for a resource that does not fit: the whole node scores 0. */
    static final double DOES_NOT_FIT = -1;

    /** One resource's term: Volcano's ResourceBinPackingScore ({@link #DOES_NOT_FIT} for its error). */
    static double resource(double requested, double allocatable, double used, int weight) {
        if (allocatable == 0 || weight == 0) {
            return 0;
        }
        double usedFinally = requested + used;
        if (usedFinally > allocatable) {
            return DOES_NOT_FIT;
        }
        return usedFinally * weight / allocatable;
    }

    /** The weighted sum scaled to Volcano's range. */
    static double scale(double sum, int weightSum, int pluginWeight) {
        double score = sum;
        if (weightSum > 0) {
            score /= weightSum;
        }
        return score * (double) (100L * pluginWeight);
    }
}
