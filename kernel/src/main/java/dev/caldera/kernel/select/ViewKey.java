package dev.caldera.kernel.select;

import dev.caldera.kernel.session.Session;

import java.util.Arrays;

/**
 * What a {@link ClassView} stands for: the digest the selector finds views by ({@link #digest}), and the class the
 * view was last synced for (id and {@code TaskClasses.born}, request vector, placement and inter-pod profiles with
 * their interners' versions), so that a class id freed and given to the same request again finds its view, and a
 * class whose digest collides with the view's does not.
 * <p>
 * Threading: scheduling thread. Allocation: none (the request vector kept is the class table's own array). Cost:
 * O(dims) per digest, O(1) per check while the class id and birth are the ones noted, else O(dims).
 */
final class ViewKey {
    /** The class id and its {@code TaskClasses.born} the view was last synced for, and what that class is. */
    private int cls = -1;
    private long classBorn;
    private long[] request;
    private int profile;
    private int profileVersion;
    private int interPod;
    private int interPodVersion;

    /**
     * A digest of what a class is (request vector, placement profile and inter-pod profile, ids with their
     * interners' versions): views are found by it, so a class id freed and given to the same request again finds
     * its view. O(dims).
     */
    static long digest(Session session, int cls) {
        long h = 0x9E3779B97F4A7C15L;
        long[] r = session.classTable().request(cls);
        for (long v : r) {
            h = mix(h ^ v);
        }
        int p = session.classTable().profile(cls);
        int i = session.classTable().interPod(cls);
        h = mix(h ^ ((long) p << 32 | session.profileTable().version(p) & 0xFFFFFFFFL));
        return mix(h ^ ((long) i << 32 | session.interPodProfiles().version(i) & 0xFFFFFFFFL));
    }

    /** A bijective 64-bit mix (splitmix64's finalizer): distinct inputs give distinct outputs. */
    static long mix(long x) {
        x = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
        x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
        return x ^ (x >>> 31);
    }

    /**
     * True when the view was last synced for class {@code cls} of birth {@code born}, or for a class that is the
     * same in everything a view reads (request vector, profiles and their versions): a class id freed and given
     * to the same request again. O(dims) when the id or birth differs, else O(1).
     */
    boolean standsFor(Session session, int cls, long born) {
        if (cls == this.cls && born == classBorn) {
            return true;
        }
        int p = session.classTable().profile(cls);
        int i = session.classTable().interPod(cls);
        return request != null && Arrays.equals(request, session.classTable().request(cls))
                && profile == p && profileVersion == session.profileTable().version(p)
                && interPod == i && interPodVersion == session.interPodProfiles().version(i);
    }

    /** Notes the class the view is now synced for ({@link #standsFor}). */
    void standFor(Session session, int cls, long born) {
        if (cls == this.cls && born == classBorn) {
            return;
        }
        this.cls = cls;
        classBorn = born;
        request = session.classTable().request(cls);
        profile = session.classTable().profile(cls);
        profileVersion = session.profileTable().version(profile);
        interPod = session.classTable().interPod(cls);
        interPodVersion = session.interPodProfiles().version(interPod);
    }

    /** Stands for no class: the view serves another key and is built next. */
    void forget() {
        cls = -1;
        request = null;
    }
}
