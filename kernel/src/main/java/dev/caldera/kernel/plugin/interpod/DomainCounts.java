package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Names;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;

/**
 * Pods counted per topology domain of one term: topology value symbol to count (kube's
 * topologyToMatchedTermCount for one key), plus the total over all domains. Pods on nodes without the key
 * count nowhere.
 * <p>
 * Threading: {@link #add} on the scheduling thread; reads are pure and safe from filter workers while no add
 * runs. Cost: O(1) expected; no allocation except when the map grows.
 */
final class DomainCounts {
    private final Int2IntOpenHashMap counts = new Int2IntOpenHashMap();
    private long total;

    void clear() {
        counts.clear();
        total = 0;
    }

    /** Adds {@code delta} to the domain {@code value} (a node's value of the key, or NONE: ignored). */
    void add(int value, int delta) {
        if (value != Names.NONE) {
            counts.addTo(value, delta);
            total += delta;
        }
    }

    /** The count in domain {@code value}; 0 for NONE or an empty domain. */
    int get(int value) {
        return value == Names.NONE ? 0 : counts.get(value);
    }

    /** The sum over all domains. */
    long total() {
        return total;
    }
}
