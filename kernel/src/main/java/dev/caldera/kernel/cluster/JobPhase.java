package dev.caldera.kernel.cluster;

/** PodGroup phases as byte codes. */
public final class JobPhase {
    public static final byte PENDING = 0;
    public static final byte INQUEUE = 1;
    public static final byte RUNNING = 2;
    public static final byte UNKNOWN = 3;
    public static final byte COMPLETED = 4;

    private static final String[] NAMES = {"Pending", "Inqueue", "Running", "Unknown", "Completed"};

    private JobPhase() {
    }

    public static String name(byte phase) {
        return NAMES[phase];
    }

    /** The phase for a PodGroup status string; unknown or missing text means Pending. */
    public static byte parse(String phase) {
        if (phase == null) {
            return PENDING;
        }
        for (byte p = 0; p < NAMES.length; p++) {
            if (NAMES[p].equals(phase)) {
                return p;
            }
        }
        return PENDING;
    }
}
