package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.VolcanoDimensions;

/**
 * The {@code api.Resource} arithmetic the capacity plugin's set-up uses, on attribute vectors with their
 * "set" flags ({@code has}): ExceededPart, Add, MinDimensionResource with the Infinity default, and
 * helpers.Max. cpu and memory are always set. Results are written in place into {@code out} at {@code ob}.
 * <p>
 * Threading: stateless. O(dims), no allocation.
 */
final class Vectors {
    private Vectors() {
    }

    /**
     * {@code out = ExceededPart(left, right)}: {@code left - right} where positive; a scalar is set only where
     * {@code left} exceeds {@code right}.
     */
    static void exceededPart(long[] left, int lb, long[] right, int rb, long[] out, boolean[] outHas, int ob,
                             int[] dims) {
        for (int d : dims) {
            long l = left[lb + d];
            long r = right[rb + d];
            boolean over = l > r;
            out[ob + d] = over ? Limits.sub(l, r) : 0;
            outHas[ob + d] = VolcanoDimensions.fixed(d) || over;
        }
    }

    /** {@code out += add}, set flags joined. */
    static void add(long[] out, boolean[] outHas, int ob, long[] add, boolean[] addHas, int ab, int[] dims) {
        for (int d : dims) {
            out[ob + d] = Limits.add(out[ob + d], add[ab + d]);
            outHas[ob + d] |= addHas[ab + d];
        }
    }

    /** MinDimensionResource(bound, Infinity): cpu and memory take the minimum; a set scalar too where bound sets it. */
    static void minWith(long[] out, boolean[] outHas, int ob, long[] bound, boolean[] boundHas, int bb, int[] dims) {
        for (int d : dims) {
            if (VolcanoDimensions.fixed(d) || outHas[ob + d] && boundHas[bb + d]) {
                out[ob + d] = Math.min(out[ob + d], bound[bb + d]);
            }
        }
    }

    /** helpers.Max: per dimension the larger, scalars set where either is. */
    static void maxWith(long[] out, boolean[] outHas, int ob, long[] other, boolean[] otherHas, int b, int[] dims) {
        for (int d : dims) {
            if (VolcanoDimensions.fixed(d) || otherHas[b + d]) {
                out[ob + d] = outHas[ob + d] ? Math.max(out[ob + d], other[b + d]) : other[b + d];
                outHas[ob + d] = true;
            }
        }
    }

    /** Copies a vector and its set flags. */
    static void copy(long[] from, boolean[] fromHas, int fb, long[] to, boolean[] toHas, int tb, int stride) {
        System.arraycopy(from, fb, to, tb, stride);
        System.arraycopy(fromHas, fb, toHas, tb, stride);
    }
}
