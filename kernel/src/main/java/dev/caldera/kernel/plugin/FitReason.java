package dev.caldera.kernel.plugin;

import dev.caldera.kernel.resource.ResourceDimensions;

/**
 * Why a node does not fit a task, as int codes: the filter loop counts codes per node and the text is
 * built only when a PodGroup condition is reported (see {@link FitErrors}). The wording is
 * kube-scheduler's.
 */
public final class FitReason {
    public static final int OK = 0;
    public static final int NODE_UNSCHEDULABLE = 1;
    public static final int NODE_SELECTOR_MISMATCH = 2;
    public static final int TAINT_UNTOLERATED = 3;
    public static final int HOST_PORT_CONFLICT = 4;
    public static final int TOO_MANY_PODS = 5;
    public static final int NOMINATED_ELSEWHERE = 6;
    public static final int GATED = 7;
    /** Codes from here on are "Insufficient <dimension>": {@code INSUFFICIENT + dim}. */
    public static final int INSUFFICIENT = 16;

    private static final String[] TEXT = {
        "", "node(s) were unschedulable", "node(s) didn't match Pod's node affinity/selector",
        "node(s) had untolerated taint", "node(s) didn't have free ports for the requested pod ports",
        "Too many pods", "node(s) are reserved for a nominated pod", "pod has scheduling gates",
    };

    private FitReason() {
    }

    /**
     * True when evicting pods from the node could clear the failure (kube-scheduler's {@code Unschedulable}, as
     * opposed to {@code UnschedulableAndUnresolvable}): resources, the pod count and host ports. Preempt and
     * reclaim keep such nodes as candidates (Volcano's {@code PredicateForPreemptAction}); a cordoned node, a
     * node selector or affinity mismatch and an untolerated taint are unresolvable.
     */
    public static boolean resolvable(int code) {
        return code == HOST_PORT_CONFLICT || code == TOO_MANY_PODS || code >= INSUFFICIENT;
    }

    /** The code for "not enough of {@code dim}". */
    public static int insufficient(int dim) {
        return dim == ResourceDimensions.PODS ? TOO_MANY_PODS : INSUFFICIENT + dim;
    }

    /** Kubernetes wording for a code. */
    public static String text(int code, ResourceDimensions dims) {
        if (code >= INSUFFICIENT) {
            return "Insufficient " + dims.name(code - INSUFFICIENT);
        }
        return code < TEXT.length ? TEXT[code] : "predicate " + code + " failed";
    }

    /** Size of a histogram able to count every code for {@code dimCount} dimensions. */
    public static int codeCount(int dimCount) {
        return INSUFFICIENT + dimCount;
    }
}
