package dev.caldera.kernel.framework;

/**
 * A batch scorer whose scores are a node-local raw value normalized by the largest raw value among the
 * candidates (kube-scheduler's DefaultNormalizeScore shape, e.g. taint toleration). Declaring this shape
 * lets an incremental selector keep scores current node by node: only when the candidates' maximum
 * changes must every node be rescored.
 * <p>
 * Contract: {@link #raw} as a {@link Predicate} (pure, concurrent, no allocation, depends only on the
 * task's class and the node); {@link #normalize} pure arithmetic. The batch form is derived from them, so
 * both paths compute bit-identical scores.
 */
public interface NormalizedScorer extends BatchNodeScorer, NodeInputs {
    /** The raw, not yet normalized value for the task on the node; must be at least 0. */
    int raw(int task, int node);

    /** The batch form: {@code raw[i] = raw(task, nodes[i])} for {@code i} in {@code [from, to)}. */
    default void rawAll(int task, int[] nodes, int from, int to, int[] raw) {
        for (int i = from; i < to; i++) {
            raw[i] = raw(task, nodes[i]);
        }
    }

    /** The weighted score of a node with raw value {@code raw} among candidates whose largest raw is {@code max}. */
    double normalize(int task, int raw, int max);

    @Override
    default void score(int task, int[] nodes, int count, double[] scores) {
        int max = 0;
        for (int i = 0; i < count; i++) {
            max = Math.max(max, raw(task, nodes[i]));
        }
        for (int i = 0; i < count; i++) {
            scores[i] += normalize(task, raw(task, nodes[i]), max);
        }
    }
}
