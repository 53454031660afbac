package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.framework.Classes;
import dev.caldera.kernel.framework.Request;

import java.util.Arrays;

/**
 * What the resource scorers read of each task class's request, derived once per class: the requested cpu and
 * memory, their non-zero forms ({@link NodeRequests#nonZeroCpu}, {@link NodeRequests#nonZeroMemory}) and the whole
 * GPUs, at the offsets of a node's sums ({@link NodeRequests#add} writes both). A node score reads the class's
 * row instead of deriving the five from its {@link Request} again on every node it scores (on the 5,000-node dump,
 * millions of nodes scored for 409 classes).
 * <p>
 * Layout: class-major, {@link #STRIDE} longs per class. A class's vector never changes while it exists, so the rows
 * are derived again only when a class was made since ({@link Classes#births}) or the GPU dimension moved.
 * <p>
 * Threading: {@link #refresh} on the scheduling thread at open; reads are pure. Cost: refresh O(classes) when a
 * class was made since the last one, else O(1); no allocation after sizing.
 */
final class ClassRequests {
    /** A class's row holds the five sums of a node's row for the class's one pod, at the same offsets. */
    static final int STRIDE = NodeRequests.GPUS + 1;

    long[] rows = new long[0];
    private Classes derivedFrom;
    private long derivedBirths = -1;
    private int derivedGpuDim = Integer.MIN_VALUE;

    /** Derives every class's row again when a class was made since the last refresh (or the GPU dimension moved). */
    void refresh(Classes classes, int gpuDim) {
        if (classes == derivedFrom && classes.births() == derivedBirths && gpuDim == derivedGpuDim) {
            return;
        }
        derivedFrom = classes;
        derivedBirths = classes.births();
        derivedGpuDim = gpuDim;
        int n = classes.size();
        if (rows.length < n * STRIDE) {
            rows = new long[Math.max(n, 2 * rows.length / STRIDE) * STRIDE];
        }
        for (int c = 0; c < n; c++) {
            derive(classes.request(c), gpuDim, c * STRIDE);
        }
    }

    private void derive(Request r, int gpuDim, int at) {
        Arrays.fill(rows, at, at + STRIDE, 0);
        if (r != null) { // null: a freed id, which no task has
            NodeRequests.add(r, gpuDim, rows, at, 1);
        }
    }
}
