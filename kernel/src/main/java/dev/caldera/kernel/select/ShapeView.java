package dev.caldera.kernel.select;

import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.session.Session;

import java.util.Arrays;

/**
 * What every task class of one request vector (a <em>shape</em>) gets on each leaf, whatever its profiles: the
 * resource fit level ({@link ResourceFit#level}) and the sum of the leading request-only node scores
 * ({@link PluginChain#requestOnlyScore}), each kept with the leaf's state version ({@link NodeGroups#versions})
 * it was computed at. The {@link ClassView}s of the shape's classes read an entry whose version is the leaf's
 * current one instead of computing it again, so a placement costs one fit check and one request-only score per
 * changed leaf and shape, not per class; their own work is what reads the class's profiles (predicates, the
 * normalized scorers' raw values, node scorers past the request-only ones).
 * <p>
 * Valid only while no pod is nominated: room held for a nominated pod depends on the task's priority, not only on
 * its request (the selector then evaluates each class on its own). An entry is written only with the version
 * read before computing it, so an entry never claims a state it was not computed on.
 * <p>
 * Threading: scheduling thread; while a view is built, filter workers write disjoint leaf ranges. Allocation:
 * arrays sized once per cluster size.
 */
final class ShapeView {
    /** The selector's key: the digest of {@link #request}. */
    long key;
    long lastUse;
    /** The request vector the entries are for (a copy). */
    long[] request;
    /**
     * How many class views have this shape as theirs ({@link ClassView#shape}, kept by the selector). A catch-up
     * of the only one neither reads nor writes the entries: on the 5,000-node dump most requests have one class
     * and a catch-up found the entry current for 30,022 of 751,288 leaves, each look-up a cache miss. Only a
     * matter of cost: an entry not written is one whose version is not the leaf's, computed again where read.
     */
    int views;
    /**
     * Two words per leaf, side by side so that one cache line holds a leaf's entry: {@code version << 2 | fit}
     * (the leaf version the entry was computed at, 0 when never), then the request-only score's bits (meaningful
     * where the fit is not NO_FIT).
     */
    private final long[] entries;
    /**
     * No entry was computed at a version above this: the groups' newest version ({@link NodeGroups#newestVersion})
     * when the last build or catch-up that may write entries began (versions only grow).
     */
    private long written;
    /**
     * {@link #written} before the current build or catch-up: what earlier ones wrote. A leaf whose version is above
     * it changed after they ran, so its entry is not current, known without reading it (a cache miss each). Entries
     * written in the current pass are of other leaves (a pass evaluates a leaf once; were one read again it would only
     * be computed again, never taken stale: {@link #current} still compares the entry's version).
     */
    private long readable;

    ShapeView(long key, long[] request, int size) {
        this.key = key;
        this.request = request.clone();
        entries = new long[2 * size];
    }

    int size() {
        return entries.length >> 1;
    }

    /** Serves another request with the same arrays: every entry is forgotten. O(size). */
    void reuse(long newKey, long[] newRequest) {
        key = newKey;
        request = newRequest.clone();
        lastUse = 0;
        written = 0;
        readable = 0;
        Arrays.fill(entries, 0);
    }

    /**
     * Starts a build or catch-up that may write entries at versions up to {@code newest} (the groups' newest
     * version). Scheduling thread, before the pass, so that filter workers read what it set.
     */
    void writing(long newest) {
        readable = written;
        written = Math.max(written, newest);
    }

    /** The digest of a request vector: views of classes with equal requests share one shape. O(dims). */
    static long digest(long[] request) {
        long h = 0x2545F4914F6CDD1DL;
        for (long v : request) {
            h = ViewKey.mix(h ^ v);
        }
        return h;
    }

    /** True when leaf {@code leaf}'s entry was computed at {@code version} (the leaf's current one). */
    boolean current(int leaf, long version) {
        return version <= readable && entries[2 * leaf] >>> 2 == version;
    }

    /** The entry's fit level (NO_FIT, FUTURE or IDLE). */
    byte fit(int leaf) {
        return (byte) (entries[2 * leaf] & 3);
    }

    /** The entry's request-only score (where it fits). */
    double score(int leaf) {
        return Double.longBitsToDouble(entries[2 * leaf + 1]);
    }

    /** Writes an entry computed at {@code version}; {@code score} is ignored where {@code fit} is NO_FIT. */
    void put(int leaf, long version, byte fit, double score) {
        entries[2 * leaf] = version << 2 | fit;
        entries[2 * leaf + 1] = Double.doubleToRawLongBits(score);
    }

    /**
     * Makes leaf {@code leaf}'s entry current: computes the fit and, when the task fits, the request-only score on
     * {@code node} (the leaf's representative) unless the entry was computed at {@code version}. True when it was
     * (nothing computed). Pure apart from the entry; no allocation.
     */
    boolean ensure(Session session, PluginChain plugins, int task, int leaf, int node, long version) {
        if (current(leaf, version)) {
            return true;
        }
        byte f = (byte) ResourceFit.level(session, task, request, node);
        put(leaf, version, f, f != ClassView.NO_FIT ? plugins.requestOnlyScore(task, node) : 0.0);
        return false;
    }
}
