package dev.caldera.kernel.plugin.predicates;

import java.util.Arrays;

/**
 * The host ports in use on each node (kube's NodeInfo.UsedPorts), from the tasks the plugin counts there,
 * with kube's NodePorts conflict rule: same protocol and port, and the IPs overlap (equal, or either is
 * 0.0.0.0). Entries are counted, so two tasks holding one port and one leaving keeps it held (kube keeps a
 * set; the two differ only on a node that already had a conflict).
 * <p>
 * Threading: {@link #add}/{@link #remove} on the scheduling thread (session open, allocate events);
 * {@link #conflicts} is a pure read, safe from filter workers. Cost: O(ports on the node x wanted ports),
 * no allocation when checking.
 */
final class HostPorts {
    private static final long[] NO_KEYS = new long[0];
    private static final int[] NO_COUNTS = new int[0];

    private long[][] keys = new long[0][];
    private int[][] counts = new int[0][];
    private int[] sizes = new int[0];

    /** True when the table has rows for {@code rows} nodes. */
    boolean holds(int rows) {
        return keys.length >= rows;
    }

    /** Empties every node, sized for {@code rows} node rows; a node's storage is kept for reuse. */
    void reset(int rows) {
        if (keys.length < rows) {
            int old = keys.length;
            keys = Arrays.copyOf(keys, rows);
            counts = Arrays.copyOf(counts, rows);
            sizes = new int[rows];
            Arrays.fill(keys, old, rows, NO_KEYS);
            Arrays.fill(counts, old, rows, NO_COUNTS);
        }
        Arrays.fill(sizes, 0);
    }

    void add(int node, long[] ports) {
        for (long port : ports) {
            int i = indexOf(node, port);
            if (i >= 0) {
                counts[node][i]++;
            } else {
                append(node, port);
            }
        }
    }

    void remove(int node, long[] ports) {
        for (long port : ports) {
            int i = indexOf(node, port);
            if (i >= 0 && --counts[node][i] == 0) {
                int last = --sizes[node];
                keys[node][i] = keys[node][last];
                counts[node][i] = counts[node][last];
            }
        }
    }

    /** True when one of {@code wanted} collides with a port in use on the node. */
    boolean conflicts(int node, long[] wanted, int allIps) {
        long[] held = keys[node];
        for (int h = 0, n = sizes[node]; h < n; h++) {
            for (long w : wanted) {
                if (PortKeys.protocolPort(held[h]) == PortKeys.protocolPort(w) && ipsOverlap(held[h], w, allIps)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean ipsOverlap(long held, long wanted, int allIps) {
        int a = PortKeys.ip(held);
        int b = PortKeys.ip(wanted);
        return a == b || a == allIps || b == allIps;
    }

    private int indexOf(int node, long port) {
        long[] k = keys[node];
        for (int i = 0, n = sizes[node]; i < n; i++) {
            if (k[i] == port) {
                return i;
            }
        }
        return -1;
    }

    private void append(int node, long port) {
        int n = sizes[node];
        if (n == keys[node].length) {
            keys[node] = Arrays.copyOf(keys[node], Math.max(4, n * 2));
            counts[node] = Arrays.copyOf(counts[node], keys[node].length);
        }
        keys[node][n] = port;
        counts[node][n] = 1;
        sizes[node] = n + 1;
    }
}
