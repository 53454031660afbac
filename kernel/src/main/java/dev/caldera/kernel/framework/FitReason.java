package dev.caldera.kernel.framework;


/**
 * Why a node does not fit a task, as int codes: the filter loop counts codes per node and the text is
 * built only when a PodGroup condition is reported (see {@link FitErrors}). The wording is
 * kube-scheduler's. {@link #resolvable} tells kube's Unschedulable codes (evicting pods from the node could
 * help) from UnschedulableAndUnresolvable ones ({@link #unresolvable}: preemption leaves such a node out).
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
    /** InterPodAffinity: no pod matching the incoming pod's required affinity in the node's domain. */
    public static final int POD_AFFINITY_UNMET = 8;
    /** InterPodAffinity: a pod matching the incoming pod's required anti-affinity in the node's domain. */
    public static final int POD_ANTI_AFFINITY = 9;
    /** InterPodAffinity: an existing pod's required anti-affinity matches the incoming pod in the domain. */
    public static final int EXISTING_ANTI_AFFINITY = 10;
    /** PodTopologySpread: the node lacks a topology key of a DoNotSchedule constraint. */
    public static final int SPREAD_LABEL_MISSING = 11;
    /** PodTopologySpread: placing the pod there would exceed a DoNotSchedule constraint's maxSkew. */
    public static final int SPREAD_SKEW = 12;
    /** The deviceshare plugin: no GPU device (or not enough idle ones) for the request. */
    public static final int GPU_DEVICES = 13;
    /** Codes from here on are "Insufficient <dimension>": {@code INSUFFICIENT + dim}. */
    public static final int INSUFFICIENT = 16;

    private static final String[] TEXT = {
        "", "node(s) were unschedulable", "node(s) didn't match Pod's node affinity/selector",
        "node(s) had untolerated taint", "node(s) didn't have free ports for the requested pod ports",
        "Too many pods", "node(s) are reserved for a nominated pod", "pod has scheduling gates",
        "node(s) didn't match pod affinity rules", "node(s) didn't match pod anti-affinity rules",
        "node(s) didn't satisfy existing pods anti-affinity rules",
        "node(s) didn't match pod topology spread constraints (missing required label)",
        "node(s) didn't match pod topology spread constraints",
        "node(s) had no GPU device with room for the request",
    };
    /**
     * kube's Unschedulable (resolvable) codes below {@link #INSUFFICIENT}: host ports, the pod count, room held for
     * a nominated pod, pod anti-affinity (the incoming pod's and existing pods'), spread skew, GPU devices. The rest (cordon,
     * node affinity, taints, unmet pod affinity, a missing spread topology label, gates) are unresolvable.
     */
    private static final boolean[] RESOLVABLE = {
        false, false, false, false, true, true, true, false, false, true, true, false, true, true,
    };

    private FitReason() {
    }

    /**
     * True when evicting pods from the node could clear the failure (kube-scheduler's {@code Unschedulable}, as
     * opposed to {@code UnschedulableAndUnresolvable}): resources, the pod count, host ports, pod anti-affinity
     * and spread skew. Preempt and reclaim keep such nodes as candidates (Volcano's
     * {@code PredicateForPreemptAction}); a cordoned node, a node selector or affinity mismatch, an untolerated
     * taint, unmet pod affinity and a missing spread topology label are unresolvable.
     */
    public static boolean resolvable(int code) {
        return code >= INSUFFICIENT || (code > OK && code < RESOLVABLE.length && RESOLVABLE[code]);
    }

    /** The code for "not enough of {@code dim}". */
    public static int insufficient(int dim) {
        return dim == Dimensions.PODS ? TOO_MANY_PODS : INSUFFICIENT + dim;
    }

    /**
     * True for kube's UnschedulableAndUnresolvable: a node failing with this code cannot be made to fit by
     * evicting pods from it (Volcano's PredicateForPreemptAction drops it from preemption's candidates).
     */
    public static boolean unresolvable(int code) {
        return code != OK && !resolvable(code);
    }

    /** Kubernetes wording for a code. */
    public static String text(int code, Dimensions dims) {
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
