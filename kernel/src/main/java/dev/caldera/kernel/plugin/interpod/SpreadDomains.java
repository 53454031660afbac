package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Names;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;

import java.util.Arrays;

/**
 * The eligible domains of one spread constraint (the values of the key on the nodes eligible for it, kube's
 * TpValueToMatchNum keys) with the number of matching pods in each, and the exact global minimum over them,
 * kept in O(1) per change by a histogram of counts (how many domains hold exactly k pods).
 * <p>
 * Threading: changes on the scheduling thread; reads are pure and safe from filter workers while no change
 * runs. No allocation except when the map or histogram grows.
 */
final class SpreadDomains {
    private final Int2IntOpenHashMap counts = new Int2IntOpenHashMap();
    private int[] histogram = new int[16];
    private int min;

    void clear() {
        counts.clear();
        Arrays.fill(histogram, 0);
        min = 0;
    }

    /** Makes {@code value} an eligible domain (with no pods yet); idempotent. */
    void addDomain(int value) {
        if (value != Names.NONE && !counts.containsKey(value)) {
            counts.put(value, 0);
            histogram[0]++;
            min = 0;
        }
    }

    /** Adds {@code delta} (+1 or -1) pods to an eligible domain; other values are ignored. */
    void add(int value, int delta) {
        if (value == Names.NONE || !counts.containsKey(value)) {
            return;
        }
        int before = counts.addTo(value, delta);
        int after = before + delta;
        histogram[before]--;
        grow(after);
        histogram[after]++;
        if (after < min) {
            min = after;
        } else if (before == min && histogram[before] == 0) {
            min = after;
        }
    }

    boolean isDomain(int value) {
        return value != Names.NONE && counts.containsKey(value);
    }

    /** Pods in domain {@code value}; 0 when it is not an eligible domain. */
    int count(int value) {
        return value == Names.NONE ? 0 : counts.get(value);
    }

    /** Number of eligible domains. */
    int domains() {
        return counts.size();
    }

    /** The smallest count over the eligible domains (0 when there is none). */
    int min() {
        return counts.isEmpty() ? 0 : min;
    }

    private void grow(int count) {
        if (count >= histogram.length) {
            histogram = Arrays.copyOf(histogram, Math.max(count + 1, histogram.length * 2));
        }
    }
}
