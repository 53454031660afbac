package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.framework.Classes;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.Request;

import java.util.Arrays;

/**
 * What the resource scorers read of each task class's request, derived once per class: the requested cpu and
 * memory, their non-zero forms ({@link NodeRequests#nonZeroCpu}, {@link NodeRequests#nonZeroMemory}) and the whole
 * GPUs. A node score reads the class's row instead of deriving the five from its {@link Request} again on every
 * node it scores (on the 5,000-node dump, millions of nodes scored for 409 classes).
 * <p>
 * Layout: class-major, {@link #STRIDE} longs per class. A class's vector never changes while it exists, so the rows
 * are derived again only when a class was made since ({@link Classes#births}) or the GPU dimension moved.
 * <p>
 * Threading: {@link #refresh} on the scheduling thread at open; reads are pure. Cost: refresh O(classes) when a
 * class was made since the last one, else O(1); no allocation after sizing.
 */
final class ClassRequests {
    static final int CPU = 0;
    static final int MEMORY = 1;
    static final int NON_ZERO_CPU = 2;
    static final int NON_ZERO_MEMORY = 3;
    static final int GPUS = 4;
    static final int STRIDE = 5;

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
        if (r == null) { // a freed id: no task has it
            Arrays.fill(rows, at, at + STRIDE, 0);
            return;
        }
        rows[at + CPU] = NodeRequests.amount(r, Dimensions.CPU);
        rows[at + MEMORY] = NodeRequests.amount(r, Dimensions.MEMORY);
        rows[at + NON_ZERO_CPU] = NodeRequests.nonZeroCpu(r);
        rows[at + NON_ZERO_MEMORY] = NodeRequests.nonZeroMemory(r);
        rows[at + GPUS] = NodeRequests.wholeUnits(NodeRequests.amount(r, gpuDim));
    }
}
