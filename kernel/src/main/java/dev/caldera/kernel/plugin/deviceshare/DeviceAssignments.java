package dev.caldera.kernel.plugin.deviceshare;

import java.util.Arrays;

/**
 * Which GPU devices each task holds, by task row: a 64-bit mask of device indices on {@code node[task]}.
 * Kept across sessions, since a bound pod keeps its devices: at the next session open an entry is trusted
 * only while the row still belongs to the same pod ({@code uid} compared by reference) on the same node.
 * {@code kept} marks an entry whose devices were given back by an eviction inside the session but must be
 * taken back, unchanged, if the eviction is undone.
 * <p>
 * Threading: scheduling thread. Allocation: only when the task table grows.
 */
final class DeviceAssignments {
    int[] node = new int[0];
    long[] mask = new long[0];
    String[] uid = new String[0];
    boolean[] kept = new boolean[0];

    void ensure(int rows) {
        if (node.length >= rows) {
            return;
        }
        int old = node.length;
        int cap = Math.max(rows, old * 2);
        node = Arrays.copyOf(node, cap);
        mask = Arrays.copyOf(mask, cap);
        uid = Arrays.copyOf(uid, cap);
        kept = Arrays.copyOf(kept, cap);
        Arrays.fill(node, old, cap, -1);
    }

    /** True when the row holds (or held, if kept) devices on {@code onNode} for the pod {@code podUid}. */
    boolean valid(int task, String podUid, int onNode) {
        return mask[task] != 0 && uid[task] == podUid && node[task] == onNode;
    }

    void set(int task, String podUid, int onNode, long devices) {
        uid[task] = podUid;
        node[task] = onNode;
        mask[task] = devices;
        kept[task] = false;
    }

    void clear(int task) {
        uid[task] = null;
        node[task] = -1;
        mask[task] = 0;
        kept[task] = false;
    }
}
