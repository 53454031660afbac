package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.framework.Classes;
import dev.caldera.kernel.framework.ShareDimensions;
import dev.caldera.kernel.resource.ResourceDimensions;

import java.util.Arrays;

/**
 * What each task class asks of GPU devices, decoded once per session from its request vector (the class is
 * the selectors' unit, so every task of a class asks the same): {@code share[class]} units of one device
 * ({@code volcano.sh/gpu-memory}, in the resource's canonical milli units), or {@code whole[class]} idle
 * devices ({@code volcano.sh/gpu-number}), or neither. A class asking for both is refused by the predicate
 * ({@link #conflicting}). {@code cpu[class]} is the cpu request with kube's non-zero default (100m) and
 * {@code hash[class]} a digest of the request vector and profile, the class's part of the tie-break.
 * <p>
 * Threading: {@link #refresh} on the scheduling thread at session open; reads from filter workers.
 * Cost: O(classes x dims) per refresh.
 */
final class GpuClasses {
    static final long DEFAULT_CPU_MILLI = 100;

    long[] share = new long[0];
    int[] whole = new int[0];
    long[] cpu = new long[0];
    long[] hash = new long[0];
    boolean[] conflicting = new boolean[0];

    void refresh(Classes classes, int memoryDim, int numberDim) {
        int n = classes.size();
        if (share.length < n) {
            int cap = Math.max(n, share.length * 2);
            share = Arrays.copyOf(share, cap);
            whole = Arrays.copyOf(whole, cap);
            cpu = Arrays.copyOf(cpu, cap);
            hash = Arrays.copyOf(hash, cap);
            conflicting = Arrays.copyOf(conflicting, cap);
        }
        for (int c = 0; c < n; c++) {
            long[] request = classes.request(c);
            if (request == null) {
                continue;
            }
            long units = memoryDim < 0 ? 0 : ShareDimensions.at(request, memoryDim);
            long number = numberDim < 0 ? 0 : ShareDimensions.at(request, numberDim);
            share[c] = units;
            whole[c] = (int) Math.min(GpuNodes.MAX_DEVICES + 1L, (number + 999) / 1000);
            conflicting[c] = units > 0 && number > 0;
            long cpuMilli = ShareDimensions.at(request, ResourceDimensions.CPU);
            cpu[c] = cpuMilli == 0 ? DEFAULT_CPU_MILLI : cpuMilli;
            hash[c] = TieBreak.mix(Arrays.hashCode(request) * 31L + classes.profile(c));
        }
    }

    /** True when the class asks for any GPU device. */
    boolean wantsGpu(int cls) {
        return share[cls] > 0 || whole[cls] > 0;
    }
}
