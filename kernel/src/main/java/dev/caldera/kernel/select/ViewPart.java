package dev.caldera.kernel.select;

import java.util.Arrays;

/**
 * What one shard of a catch-up replayed on the {@link ShardPool} keeps apart from the view until {@link ViewShards}
 * merges it: its changes to the histograms (counts added and taken, by fit group, scorer and raw value), whether a
 * leaf's match keys moved, whether a raw value passed its group's largest (every total is then taken again), the
 * shared-entry count, and the refreshed leaf's raw values before its refresh. Integers only, so the merge's sums
 * are the same whatever the order the shards ran in.
 * <p>
 * Threading: one shard's thread during a replay, the scheduling thread at the merge. Allocation: made once per
 * shard and scorer count; a histogram doubles when a raw value is larger than any it has seen.
 */
final class ViewPart {
    final int[][][] histogram;
    final int[] oldRaws;
    long shared;
    boolean treeStale;
    boolean retotal;

    ViewPart(int scorers) {
        histogram = new int[3][scorers][8];
        oldRaws = new int[scorers];
    }

    void add(int g, int b, int v, int delta) {
        int[] h = histogram[g][b];
        if (v >= h.length) {
            h = Arrays.copyOf(h, Integer.highestOneBit(v) << 1);
            histogram[g][b] = h;
        }
        h[v] += delta;
    }
}
