package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.framework.VolcanoDimensions;

/**
 * The comparisons of current Volcano's {@code api.Resource} that the capacity plugin uses, over flat vectors
 * ({@code long[] v} at {@code base + dim}, with an optional {@code boolean[] has} where an unset scalar differs
 * from a zero one). Quantities are exact integers, so Volcano's 0.1 tolerance ({@code minResource}) reads as
 * "greater than zero" and its tolerant {@code <=} as an exact one. {@link QueueAttrs#UNLIMITED} absorbs
 * additions and subtractions, as MaxFloat64 does in Volcano.
 * <p>
 * Threading: stateless. No allocation; O(dims) each.
 */
final class Limits {
    private Limits() {
    }

    static long add(long a, long b) {
        if (a == QueueAttrs.UNLIMITED || b == QueueAttrs.UNLIMITED) {
            return QueueAttrs.UNLIMITED;
        }
        long s = a + b;
        return ((a ^ s) & (b ^ s)) < 0 ? QueueAttrs.UNLIMITED : s;
    }

    static long sub(long a, long b) {
        return a == QueueAttrs.UNLIMITED ? a : a - b;
    }

    /** Volcano's IsEmpty: nothing above zero but {@code pods}. */
    static boolean isEmpty(long[] v, int b, int[] dims) {
        for (int d : dims) {
            if (!VolcanoDimensions.ignored(d) && v[b + d] > 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * LessEqualWithDimensionAndResourcesName: on every dimension the request {@code req} asks for (pods
     * aside), {@code used[ub + d] <= limit[lb + d]}; an unset limit is zero.
     */
    static boolean withinOnRequested(long[] used, int ub, long[] limit, int lb, long[] req, int[] dims) {
        for (int d : dims) {
            if (!VolcanoDimensions.ignored(d) && at(req, d) > 0 && used[ub + d] > limit[lb + d]) {
                return false;
            }
        }
        return true;
    }

    /** {@link #withinOnRequested} with {@code used = allocated + req}. */
    static boolean fitsOnRequested(long[] allocated, int ab, Request req, long[] limit, int lb, int[] dims) {
        for (int d : dims) {
            long r = at(req, d);
            if (!VolcanoDimensions.ignored(d) && r > 0 && add(allocated[ab + d], r) > limit[lb + d]) {
                return false;
            }
        }
        return true;
    }

    /**
     * LessEqualPartlyWithDimensionZeroFiltered with {@code used = allocated + req}: true when some requested
     * dimension (pods aside) stays within {@code deserved}.
     */
    static boolean someRequestedWithin(long[] allocated, int ab, long[] deserved, int db, Request req, int[] dims) {
        for (int d : dims) {
            long r = at(req, d);
            if (VolcanoDimensions.ignored(d) || r <= 0) {
                continue;
            }
            long used = add(allocated[ab + d], r);
            if (used <= deserved[db + d]) {
                return true;
            }
        }
        return false;
    }

    /**
     * GreaterPartlyWithRelevantDimensions: {@code allocated} exceeds {@code deserved} on a dimension the victim
     * {@code req} holds and the deserved "possesses" (cpu and memory above zero, a scalar listed, even as 0).
     */
    static boolean exceedsOnRelevant(long[] allocated, int ab, long[] deserved, boolean[] has, int db, Request req,
                                     int[] dims) {
        for (int d : dims) {
            if (VolcanoDimensions.ignored(d) || at(req, d) <= 0) {
                continue;
            }
            boolean relevant = VolcanoDimensions.fixed(d) ? deserved[db + d] > 0 : has[db + d];
            if (relevant && allocated[ab + d] > deserved[db + d]) {
                return true;
            }
        }
        return false;
    }

    /** Volcano's Intersection: some dimension (pods included) where both are above zero. */
    static boolean intersects(Request req, long[] v, int b, int[] dims) {
        for (int d : dims) {
            if (at(req, d) > 0 && v[b + d] > 0) {
                return true;
            }
        }
        return false;
    }

    /** IntersectionWithIgnoredScalarResources of two requests: some dimension but pods where both ask. */
    static boolean requestsIntersect(Request a, Request b, int[] dims) {
        for (int d : dims) {
            if (!VolcanoDimensions.ignored(d) && at(a, d) > 0 && at(b, d) > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code guarantee.LessEqual(allocated - req, Zero)}: cpu, memory and every listed guarantee scalar stay
     * covered once the victim's request leaves.
     */
    static boolean guaranteeKept(long[] guarantee, boolean[] has, int gb, long[] allocated, int ab, Request req,
                                 int[] dims) {
        for (int d : dims) {
            if (VolcanoDimensions.fixed(d) || has[gb + d]) {
                if (guarantee[gb + d] > allocated[ab + d] - at(req, d)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** {@code request.at(dim)}: 0 beyond its length (requests predating a new dimension) or for null. */
    static long at(Request request, int dim) {
        return request != null ? request.at(dim) : 0;
    }

    /** {@code vector[dim]}, or 0 beyond its length (vectors predating a new dimension) or for null. */
    static long at(long[] vector, int dim) {
        return vector != null && dim < vector.length ? vector[dim] : 0;
    }
}
