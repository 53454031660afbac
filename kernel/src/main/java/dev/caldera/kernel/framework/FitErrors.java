package dev.caldera.kernel.framework;


import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Why a task fit no node: how many nodes were looked at, and per {@link FitReason} code how many nodes
 * failed for it (a node short of two resources counts for both, as in kube-scheduler). Reusable: the
 * filter clears and refills it without allocating; text is built only by {@link #message}.
 */
public final class FitErrors {
    private int[] counts = new int[FitReason.codeCount(8)];
    private int nodes;

    public void clear(int dimCount) {
        int needed = FitReason.codeCount(dimCount);
        if (counts.length < needed) {
            counts = new int[needed];
        } else {
            Arrays.fill(counts, 0);
        }
        nodes = 0;
    }

    public void nodes(int n) {
        nodes = n;
    }

    public int nodes() {
        return nodes;
    }

    public void count(int code) {
        counts[code]++;
    }

    public void add(int code, int n) {
        counts[code] += n;
    }

    public int get(int code) {
        return code < counts.length ? counts[code] : 0;
    }

    public int codes() {
        return counts.length;
    }

    public void copyFrom(FitErrors other) {
        if (counts.length < other.counts.length) {
            counts = new int[other.counts.length];
        }
        Arrays.fill(counts, 0);
        System.arraycopy(other.counts, 0, counts, 0, other.counts.length);
        nodes = other.nodes;
    }

    /** Adds another histogram into this one (used to merge filter shards). */
    public void merge(FitErrors other) {
        for (int i = 0; i < other.counts.length && i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
    }

    /** "0/5 nodes are available: 3 Insufficient cpu, 2 node(s) didn't match Pod's node affinity/selector." */
    public String message(Dimensions dims) {
        List<String> parts = new ArrayList<>();
        for (int code = 1; code < counts.length; code++) {
            if (counts[code] > 0) {
                parts.add(counts[code] + " " + FitReason.text(code, dims));
            }
        }
        Collections.sort(parts);
        String head = "0/" + nodes + " nodes are available";
        return parts.isEmpty() ? head + "." : head + ": " + String.join(", ", parts) + ".";
    }
}
