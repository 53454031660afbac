package dev.caldera.kernel.select;

/**
 * Scratch arrays for evaluating a whole class view in batches: predicate codes by position, then the fitting
 * nodes compacted with their positions, their summed node scores and one normalized scorer's raw values; the
 * nodes whose shape entry is computed in the batch.
 * Filter workers use disjoint ranges of the same arrays.
 * <p>
 * Threading: sized by the scheduling thread; ranges written by one thread each. Allocates only when the
 * cluster grew.
 */
final class EvaluationBuffers {
    int[] codes = new int[0];
    int[] nodes = new int[0];
    int[] positions = new int[0];
    double[] scores = new double[0];
    int[] raws = new int[0];
    /** The nodes (and their leaves) whose shape entry a build computes ({@link ShapeView}). */
    int[] unscored = new int[0];
    int[] unscoredLeaves = new int[0];

    void ensure(int size) {
        if (codes.length >= size) {
            return;
        }
        codes = new int[size];
        nodes = new int[size];
        positions = new int[size];
        scores = new double[size];
        raws = new int[size];
        unscored = new int[size];
        unscoredLeaves = new int[size];
    }
}
