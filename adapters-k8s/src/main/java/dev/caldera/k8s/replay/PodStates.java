package dev.caldera.k8s.replay;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

/**
 * Where every pod of a replay is, by pod index: not yet arrived, waiting, running, finished or dropped; each
 * arrived pod is in exactly one of the last four, and the counters are kept with every move so conservation
 * can be checked at any time ({@link #conserved}).
 * <p>
 * Threading: the replay's thread. Allocation: sized once per trace.
 */
final class PodStates {
    static final byte NOT_ARRIVED = 0;
    static final byte WAITING = 1;
    static final byte RUNNING = 2;
    static final byte FINISHED = 3;
    static final byte DROPPED = 4;
    private static final String[] NAMES = {"not arrived", "waiting", "running", "finished", "dropped"};

    final byte[] state;
    final String[] node;
    final long[] placedAtMs;
    final long[] devices;
    final int[] counts = new int[5];
    private final String[] uid;
    /**
     * The waiting pods by uid: the bind sink's look-up, in a table as small as the queue (a few hundred pods)
     * instead of one over every pod of the trace (107,000 on the long trace), which missed the processor's caches.
     */
    private final Object2IntOpenHashMap<String> waitingByUid = new Object2IntOpenHashMap<>();
    private int placedEver;

    /** {@code n} pods, none arrived. */
    PodStates(int n) {
        state = new byte[n];
        node = new String[n];
        placedAtMs = new long[n];
        devices = new long[n];
        uid = new String[n];
        waitingByUid.defaultReturnValue(-1);
        counts[NOT_ARRIVED] = n;
    }

    /** The pod index of a waiting pod's uid, or -1 when no waiting pod has that uid. */
    int waitingIndex(String uid) {
        return waitingByUid.getInt(uid);
    }

    /** Pod {@code pod}, of uid {@code uid}, arrives: it waits. */
    void arrive(int pod, String uid) {
        this.uid[pod] = uid;
        move(pod, WAITING);
    }

    void move(int pod, byte to) {
        if (state[pod] == WAITING) {
            waitingByUid.removeInt(uid[pod]);
        }
        if (to == WAITING) {
            waitingByUid.put(uid[pod], pod);
        }
        counts[state[pod]]--;
        counts[to]++;
        if (to == RUNNING) {
            placedEver++;
        }
        state[pod] = to;
        if (to == FINISHED || to == DROPPED) {
            uid[pod] = null; // read no more: the pod's spec may then be collected
        }
    }

    int arrived() {
        return state.length - counts[NOT_ARRIVED];
    }

    /** Pods ever placed (running now or finished after running). */
    int placed() {
        return placedEver;
    }

    /** True when every arrived pod is counted in exactly one state and the counts add up. */
    boolean conserved() {
        int[] recount = new int[5];
        for (byte s : state) {
            recount[s]++;
        }
        for (int i = 0; i < recount.length; i++) {
            if (recount[i] != counts[i]) {
                return false;
            }
        }
        return counts[WAITING] + counts[RUNNING] + counts[FINISHED] + counts[DROPPED] == arrived()
                && waitingByUid.size() == counts[WAITING]
                && placedEver == counts[RUNNING] + counts[FINISHED];
    }

    static String name(byte state) {
        return NAMES[state];
    }
}
