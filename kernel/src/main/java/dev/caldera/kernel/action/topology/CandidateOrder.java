package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.plugin.networktopology.NetworkTopologyAwarePlugin;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Orders candidate HyperNodes the way the network-topology-aware plugin would rank them if all succeeded:
 * HyperNode bin-packing score of the sub-job's requests, highest first, then the share of its tasks already
 * inside, then HyperNode id (name order; Volcano picks among equal scores at random). Both keys depend only on
 * the session as it is before the dry runs (every dry run is taken back), so the first candidate in this order
 * whose dry run succeeds is the one Volcano's scoring of all successes would choose. Without the plugin's
 * HyperNode order, every score is 0 and the order is by name.
 * <p>
 * Threading: scheduling thread. No allocation once the arrays fit the largest group.
 */
final class CandidateOrder {
    int[] order = new int[0];
    double[] binpack = new double[0];
    double[] share = new double[0];
    private Integer[] boxed = new Integer[0];
    private int[] ids = new int[0];
    int size;

    /** Orders {@code candidates[from, to)}; afterwards {@code order[i]} indexes {@link #id}, {@link #binpack}. */
    void sort(IntArrayList candidates, int from, int to, NetworkTopologyAwarePlugin plugin, long[] request,
              IntArrayList tasks) {
        size = to - from;
        ensure(size);
        boolean scored = plugin != null && plugin.orderEnabled();
        boolean shares = scored && anyOnANode(plugin, tasks);
        for (int i = 0; i < size; i++) {
            int h = candidates.getInt(from + i);
            ids[i] = h;
            binpack[i] = scored ? plugin.hyperNodeScore(request, h) : 0;
            share[i] = shares ? plugin.taskShare(tasks, h) : 0;
            boxed[i] = i;
        }
        java.util.Arrays.sort(boxed, 0, size, (a, b) -> {
            int c = Double.compare(binpack[b], binpack[a]);
            if (c == 0) {
                c = Double.compare(share[b], share[a]);
            }
            return c != 0 ? c : Integer.compare(ids[a], ids[b]);
        });
        for (int i = 0; i < size; i++) {
            order[i] = boxed[i];
        }
    }

    /** Whether any of {@code tasks} is on a node (else every task share is 0 and need not be computed). */
    private static boolean anyOnANode(NetworkTopologyAwarePlugin plugin, IntArrayList tasks) {
        return plugin.anyOnANode(tasks);
    }

    int id(int index) {
        return ids[index];
    }

    private void ensure(int n) {
        if (order.length < n) {
            int cap = Math.max(n, order.length * 2);
            order = new int[cap];
            binpack = new double[cap];
            share = new double[cap];
            boxed = new Integer[cap];
            ids = new int[cap];
        }
    }
}
