package dev.caldera.kernel.plugin.binpack;

/**
 * Volcano v1.7's binpack score for one task on one node, in float64 as Volcano computes it:
 * <pre>
 *   for each requested resource with a weight:  (request + used) x weight / allocatable
 *                                               (0 when allocatable or weight is 0, or request + used exceeds
 *                                               allocatable; the weight still counts in the sum)
 *   score = sum / weight sum x (100 x binpack.weight)
 * </pre>
 * Worked example (Volcano's binpack_test.go, argument set 1: weight 10, cpu 2, memory 3): a 1 cpu / 1Gi
 * task on an empty 4 cpu / 16Gi node scores (1/4 x 2 + 1/16 x 3) / 5 x 1000 = 137.5.
 * <p>
 * Volcano v1.7 zeroes only the term of a resource that does not fit; scoring the whole node 0 came later
 * (volcano-sh/volcano#2786, April 2023).
 * <p>
 * Pure; no allocation.
 */
final class BinpackScore {
    private BinpackScore() {
    }

    /** One resource's term: Volcano's ResourceBinPackingScore. */
    static double resource(double requested, double allocatable, double used, int weight) {
        if (allocatable == 0 || weight == 0) {
            return 0;
        }
        double usedFinally = requested + used;
        if (usedFinally > allocatable) {
            return 0;
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
