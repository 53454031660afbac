package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.Symbols;

import java.util.Arrays;
import java.util.Map;

/** Encodes a label map as the sorted (keySymbol, valueSymbol) pairs {@link NodeTable#label} searches. */
final class NodeLabels {
    private NodeLabels() {
    }

    static int[] encode(Map<String, String> labels, Symbols symbols) {
        if (labels.isEmpty()) {
            return NodeTable.noLabels();
        }
        long[] packed = new long[labels.size()];
        int i = 0;
        for (Map.Entry<String, String> e : labels.entrySet()) {
            packed[i++] = ((long) symbols.intern(e.getKey()) << 32) | (symbols.intern(e.getValue()) & 0xFFFFFFFFL);
        }
        Arrays.sort(packed);
        int[] pairs = new int[packed.length * 2];
        for (i = 0; i < packed.length; i++) {
            pairs[2 * i] = (int) (packed[i] >>> 32);
            pairs[2 * i + 1] = (int) packed[i];
        }
        return pairs;
    }
}
