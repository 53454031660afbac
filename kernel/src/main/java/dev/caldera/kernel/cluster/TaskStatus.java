package dev.caldera.kernel.cluster;

/**
 * Task states as byte codes, following Volcano's TaskStatus. The adapter sets the states read from the
 * pod (Pending, Bound, Running, Releasing, Succeeded, Failed, Unknown); scheduling adds Allocated,
 * Pipelined and Binding.
 */
public final class TaskStatus {
    public static final byte PENDING = 0;
    public static final byte ALLOCATED = 1;
    public static final byte PIPELINED = 2;
    public static final byte BINDING = 3;
    public static final byte BOUND = 4;
    public static final byte RUNNING = 5;
    public static final byte RELEASING = 6;
    public static final byte SUCCEEDED = 7;
    public static final byte FAILED = 8;
    public static final byte UNKNOWN = 9;
    /** Number of states; also the marker of a removed task row. */
    public static final byte COUNT = 10;
    public static final byte NONE = COUNT;

    private static final String[] NAMES = {
        "Pending", "Allocated", "Pipelined", "Binding", "Bound", "Running", "Releasing", "Succeeded", "Failed",
        "Unknown"
    };

    private TaskStatus() {
    }

    public static String name(byte status) {
        return status >= 0 && status < COUNT ? NAMES[status] : "None";
    }

    /** Volcano's AllocatedStatus: the task holds its node's resources for a running or starting pod. */
    public static boolean isAllocated(byte status) {
        return status == ALLOCATED || status == BINDING || status == BOUND || status == RUNNING;
    }

    /** Counted by JobReady: allocated or already succeeded. */
    public static boolean isReady(byte status) {
        return isAllocated(status) || status == SUCCEEDED;
    }

    /** Counted by JobValid: every state that can still make up the gang. */
    public static boolean isValid(byte status) {
        return isReady(status) || status == PIPELINED || status == PENDING;
    }

    /** True when a task in this state takes idle resources of its node (Releasing included). */
    public static boolean takesIdle(byte status) {
        return isAllocated(status) || status == RELEASING || status == UNKNOWN;
    }

    /** True when a task in this state is accounted on a node in any way. */
    public static boolean onNode(byte status) {
        return takesIdle(status) || status == PIPELINED;
    }
}
