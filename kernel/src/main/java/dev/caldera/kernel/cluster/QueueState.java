package dev.caldera.kernel.cluster;

/** Queue states (Volcano's QueueState). Only Open queues admit new work. */
public final class QueueState {
    public static final byte OPEN = 0;
    public static final byte CLOSED = 1;
    public static final byte CLOSING = 2;
    public static final byte UNKNOWN = 3;

    private static final String[] NAMES = {"Open", "Closed", "Closing", "Unknown"};

    private QueueState() {
    }

    public static String name(byte state) {
        return NAMES[state];
    }

    /** The state for its Kubernetes spelling; a missing state means Open (a new queue). */
    public static byte parse(String text) {
        if (text == null || text.isEmpty()) {
            return OPEN;
        }
        for (byte s = 0; s < NAMES.length; s++) {
            if (NAMES[s].equals(text)) {
                return s;
            }
        }
        return UNKNOWN;
    }
}
