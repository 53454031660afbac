package dev.caldera.kernel.plugin.proportion;

import dev.caldera.kernel.framework.VolcanoDimensions;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Current Volcano's water-filling of the cluster among queues (proportion.go, {@code OnSessionOpen}): in rounds,
 * every queue not yet satisfied gets {@code remaining x weight / total weight of unsatisfied queues} added to its
 * deserved, capped at its realCapability and at its request, then raised to its guarantee. A queue is satisfied
 * once its request fits its deserved, or when a round left its deserved unchanged (a cap stopped it). After a
 * round, {@code remaining = max(remaining + decreases - increases, 0)} per resource ({@code ExceededPart}). The
 * loop ends when nothing remains ({@code IsEmpty}, which looks past {@code pods}), when a round changed
 * nothing, or when every queue is satisfied.
 * <p>
 * Deliberate difference: Volcano multiplies by the float ratio {@code weight / totalWeight}; Caldera
 * computes {@code remaining x weight / totalWeight} exactly and truncates toward zero, so deserved is an
 * exact integer at most one unit (one milli-cpu, one byte) below Volcano's float, and the residue stays
 * in {@code remaining} for the next round. Volcano's 0.1 tolerance in these comparisons cannot matter
 * between integers. A round cap ({@link #MAX_ROUNDS}) guards the loop.
 * <p>
 * Threading: scheduling thread. Scratch arrays grow with the dimension count, no allocation otherwise
 * (except a BigInteger on the rare product that overflows a long). Cost O(rounds x queues x dims).
 */
final class DeservedShares {
    static final int MAX_ROUNDS = 10_000;

    private long[] remaining = new long[0];
    private long[] oldRemaining = new long[0];
    private long[] increased = new long[0];
    private long[] decreased = new long[0];
    private long[] oldDeserved = new long[0];
    private boolean[] meet = new boolean[0];

    /** Fills {@code a.deserved} and {@code a.share} for every present queue from {@code total}. */
    void compute(QueueAttributes a, long[] total, int[] dims) {
        size(a);
        Arrays.fill(remaining, 0);
        for (int d : dims) {
            remaining[d] = d < total.length ? total[d] : 0;
        }
        for (int q = 0; q < a.rows; q++) {
            meet[q] = !a.present[q];
        }
        for (int round = 0; round < MAX_ROUNDS; round++) {
            long totalWeight = unmetWeight(a);
            if (totalWeight == 0 || !round(a, dims, totalWeight)) {
                break;
            }
        }
        for (int q = 0; q < a.rows; q++) {
            if (a.present[q]) {
                a.updateShare(q, dims);
            }
        }
    }

    private void size(QueueAttributes a) {
        if (remaining.length != a.stride) {
            remaining = new long[a.stride];
            oldRemaining = new long[a.stride];
            increased = new long[a.stride];
            decreased = new long[a.stride];
            oldDeserved = new long[a.stride];
        }
        if (meet.length < a.rows) {
            meet = new boolean[a.present.length];
        }
    }

    private long unmetWeight(QueueAttributes a) {
        long w = 0;
        for (int q = 0; q < a.rows; q++) {
            if (!meet[q]) {
                w += a.weight[q];
            }
        }
        return w;
    }

    /** One round; false when the loop should stop (nothing remains or nothing changed). */
    private boolean round(QueueAttributes a, int[] dims, long totalWeight) {
        System.arraycopy(remaining, 0, oldRemaining, 0, remaining.length);
        Arrays.fill(increased, 0);
        Arrays.fill(decreased, 0);
        for (int q = 0; q < a.rows; q++) {
            if (!meet[q]) {
                serve(a, q, dims, totalWeight);
            }
        }
        boolean empty = true;
        boolean changed = false;
        for (int d : dims) {
            remaining[d] = Math.max(remaining[d] - increased[d] + decreased[d], 0);
            empty &= remaining[d] == 0 || VolcanoDimensions.ignored(d);
            changed |= remaining[d] != oldRemaining[d];
        }
        return !empty && changed;
    }

    private void serve(QueueAttributes a, int q, int[] dims, long totalWeight) {
        int b = a.base(q);
        boolean fits = true;
        boolean same = true;
        for (int d : dims) {
            long old = a.deserved[b + d];
            oldDeserved[d] = old;
            long v = old + portion(remaining[d], a.weight[q], totalWeight);
            v = Math.min(v, a.realCapability[b + d]);
            v = Math.min(v, a.request[b + d]);
            v = Math.max(v, a.guarantee[b + d]);
            a.deserved[b + d] = v;
            fits &= a.request[b + d] <= v;
            same &= v == old;
            if (v > old) {
                increased[d] += v - old;
            } else {
                decreased[d] += old - v;
            }
        }
        if (fits || same) {
            meet[q] = true;
        }
    }

    /** {@code remaining x weight / totalWeight}, exact, truncated toward zero. */
    static long portion(long remaining, long weight, long totalWeight) {
        long hi = Math.multiplyHigh(remaining, weight);
        long lo = remaining * weight;
        if ((hi == 0 && lo >= 0) || (hi == -1 && lo < 0)) {
            return lo / totalWeight;
        }
        return BigInteger.valueOf(remaining).multiply(BigInteger.valueOf(weight))
                .divide(BigInteger.valueOf(totalWeight)).longValueExact();
    }
}
