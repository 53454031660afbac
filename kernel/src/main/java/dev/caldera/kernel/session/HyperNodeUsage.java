package dev.caldera.kernel.session;

import dev.caldera.kernel.topology.HyperNodeTree;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.NodeUsage;

/**
 * Per HyperNode and resource dimension, sums over its nodes, laid out {@code [dim][hyperNode]}, kept exact as
 * tasks move within a session:
 * <ul>
 *   <li>{@code allocatable}, fixed for the session;</li>
 *   <li>{@code idle} and {@code futureIdle} (idle + releasing - pipelined), the sums the search prunes on;</li>
 *   <li>{@code room}: the sum of each node's futureIdle where it is positive, an upper bound on what tasks placed
 *       inside can take (a node's negative futureIdle does not give room elsewhere);</li>
 *   <li>{@code used}: what the network-topology-aware plugin scores with, as Volcano keeps it: the nodes' used at
 *       session open, plus every task allocated or pipelined onto a node inside, minus every one evicted or
 *       taken back.</li>
 * </ul>
 * A node change is applied as {@link #before} (capture the node's idle and futureIdle) then {@link #after}
 * (add the difference to every HyperNode holding the node). Integer arithmetic in both directions, so undoing an
 * operation restores every sum exactly.
 * <p>
 * Threading: scheduling thread. Cost: O(dims x HyperNodes holding the node) per change, no allocation; open
 * O(nodes x tiers x dims).
 */
public final class HyperNodeUsage {
    private long[][] allocatable = new long[0][0];
    private long[][] idle = new long[0][0];
    private long[][] futureIdle = new long[0][0];
    private long[][] room = new long[0][0];
    private long[][] used = new long[0][0];

    private HyperNodeTree tree;
    private NodeUsage nodes;
    private final int[] touched = new int[2];
    private long[][] idleBefore = new long[2][0];
    private long[][] futureBefore = new long[2][0];
    private int touchedCount;

    /** Sums every live node's values into its HyperNodes. */
    public void open(HyperNodeTree t, NodeTable table, NodeUsage usage, int[] liveNodes) {
        tree = t;
        nodes = usage;
        int dims = usage.dims();
        int size = t.count() + 1;
        allocatable = fresh(allocatable, dims, size);
        idle = fresh(idle, dims, size);
        futureIdle = fresh(futureIdle, dims, size);
        room = fresh(room, dims, size);
        used = fresh(used, dims, size);
        if (idleBefore[0].length != dims) {
            idleBefore = new long[2][dims];
            futureBefore = new long[2][dims];
        }
        for (int node : liveNodes) {
            for (int i = t.chainStart(node); i < t.chainStart(node + 1); i++) {
                int h = t.chain(i);
                for (int d = 0; d < dims; d++) {
                    long fi = usage.futureIdle(d, node);
                    allocatable[d][h] += table.allocatable(d, node);
                    idle[d][h] += usage.idle(d, node);
                    futureIdle[d][h] += fi;
                    room[d][h] += Math.max(0, fi);
                    used[d][h] += usage.used(d, node);
                }
            }
        }
    }

    private static long[][] fresh(long[][] old, int dims, int size) {
        if (old.length == dims && dims > 0 && old[0].length == size) {
            for (long[] row : old) {
                java.util.Arrays.fill(row, 0);
            }
            return old;
        }
        return new long[dims][size];
    }

    /** Captures the nodes about to change ({@code -1} for none). */
    public void before(int nodeA, int nodeB) {
        touchedCount = 0;
        capture(nodeA);
        if (nodeB != nodeA) {
            capture(nodeB);
        }
    }

    private void capture(int node) {
        if (node < 0) {
            return;
        }
        int k = touchedCount++;
        touched[k] = node;
        for (int d = 0; d < idleBefore[k].length; d++) {
            idleBefore[k][d] = nodes.idle(d, node);
            futureBefore[k][d] = nodes.futureIdle(d, node);
        }
    }

    /** Adds the captured nodes' changes to their HyperNodes. */
    public void after() {
        for (int k = 0; k < touchedCount; k++) {
            int node = touched[k];
            for (int d = 0; d < idleBefore[k].length; d++) {
                long fi = nodes.futureIdle(d, node);
                long dIdle = nodes.idle(d, node) - idleBefore[k][d];
                long dFuture = fi - futureBefore[k][d];
                long dRoom = Math.max(0, fi) - Math.max(0, futureBefore[k][d]);
                if ((dIdle | dFuture | dRoom) == 0) {
                    continue;
                }
                for (int i = tree.chainStart(node); i < tree.chainStart(node + 1); i++) {
                    int h = tree.chain(i);
                    idle[d][h] += dIdle;
                    futureIdle[d][h] += dFuture;
                    room[d][h] += dRoom;
                }
            }
        }
        touchedCount = 0;
    }

    /** The plugin's used: {@code sign} +1 when a task is allocated or pipelined onto {@code node}, -1 when it leaves. */
    public void used(int node, long[] request, int sign) {
        if (node < 0) {
            return;
        }
        for (int i = tree.chainStart(node); i < tree.chainStart(node + 1); i++) {
            int h = tree.chain(i);
            for (int d = 0; d < request.length; d++) {
                used[d][h] += sign * request[d];
            }
        }
    }

    /** Whether {@code amounts} (null = nothing) is at most HyperNode {@code h}'s idle in every dimension. */
    public boolean idleCovers(int h, long[] amounts) {
        return covers(idle, h, amounts);
    }

    /** Whether {@code amounts} (null = nothing) is at most HyperNode {@code h}'s futureIdle in every dimension. */
    public boolean futureIdleCovers(int h, long[] amounts) {
        return covers(futureIdle, h, amounts);
    }

    /** The number of resource dimensions summed (0 before the first open). */
    public int dims() {
        return idle.length;
    }

    /** A deep copy of the sums, {@code [allocatable, idle, futureIdle, room, used][dim][hyperNode]} (tests compare them). */
    public long[][][] snapshot() {
        long[][][] out = {allocatable, idle, futureIdle, room, used};
        for (int k = 0; k < out.length; k++) {
            long[][] sums = out[k].clone();
            for (int d = 0; d < sums.length; d++) {
                sums[d] = sums[d].clone();
            }
            out[k] = sums;
        }
        return out;
    }

    /** Whether {@code amounts} (null = nothing) is at most {@code sums[.][h]} in every dimension. */
    private static boolean covers(long[][] sums, int h, long[] amounts) {
        if (amounts == null) {
            return true;
        }
        for (int d = 0; d < amounts.length; d++) {
            long have = d < sums.length ? sums[d][h] : 0;
            if (amounts[d] > have) {
                return false;
            }
        }
        return true;
    }

    public long allocatable(int d, int h) {
        return allocatable[d][h];
    }

    public long futureIdle(int d, int h) {
        return futureIdle[d][h];
    }

    public long room(int d, int h) {
        return room[d][h];
    }

    public long used(int d, int h) {
        return used[d][h];
    }
}
