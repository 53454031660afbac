package dev.caldera.k8s.replay;

import it.unimi.dsi.fastutil.ints.IntArrays;

/**
 * Orders a trace's pods by a time of theirs, ties in pod order: what a stable sort of their events by time
 * gives, computed on primitive arrays (a trace's rows usually come in creation order already, and then it is
 * one pass).
 * <p>
 * Any thread; allocates the order only.
 */
final class TimeOrder {
    private TimeOrder() {
    }

    /** Pod indices by {@code times[i]}, then by index; times of -1 (none) sort first. */
    static int[] of(long[] times) {
        int[] order = new int[times.length];
        boolean sorted = true;
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
            sorted &= i == 0 || times[i - 1] <= times[i];
        }
        if (!sorted) {
            IntArrays.mergeSort(order, (a, b) -> before(times[a], a, times[b], b) ? -1 : 1);
        }
        return order;
    }

    /** The first position of {@code order} whose time is at least {@code timeMs} (or its length). */
    static int firstAtOrAfter(int[] order, long[] times, long timeMs) {
        int k = 0;
        while (k < order.length && times[order[k]] < timeMs) {
            k++;
        }
        return k;
    }

    /** True when the event at {@code timeA} of pod {@code a} comes before (or is) the one of pod {@code b}. */
    static boolean before(long timeA, int a, long timeB, int b) {
        return timeA < timeB || timeA == timeB && a <= b;
    }
}
