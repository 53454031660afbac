package dev.caldera.kernel.conf;

import java.util.HashMap;
import java.util.Map;

/**
 * The per-plugin enable flags of volcano-scheduler.conf that Caldera honours, with the YAML key Volcano
 * uses (its spellings are inconsistent and accepted as they are: {@code enabledOverused} but
 * {@code enableJobOrder}). An unset flag means enabled, except {@link #HIERARCHY}. Flags some Volcano
 * release reads but Caldera does not honour are listed in {@link IgnoredFlag}.
 */
public enum PluginFlag {
    JOB_ORDER("enableJobOrder", true),
    /** Read by the plugin itself (drf's hierarchical sharing), not an extension point. */
    HIERARCHY("enableHierarchy", false),
    JOB_READY("enableJobReady", true),
    JOB_PIPELINED("enableJobPipelined", true),
    TASK_ORDER("enableTaskOrder", true),
    PREEMPTABLE("enablePreemptable", true),
    RECLAIMABLE("enableReclaimable", true),
    PREEMPTIVE("enablePreemptive", true),
    QUEUE_ORDER("enableQueueOrder", true),
    PREDICATE("enablePredicate", true),
    BEST_NODE("enableBestNode", true),
    NODE_ORDER("enableNodeOrder", true),
    /** Switches both JobEnqueueable and JobEnqueued, as in Volcano. */
    JOB_ENQUEUED("enableJobEnqueued", true),
    JOB_STARVING("enableJobStarving", true),
    OVERUSED("enabledOverused", true),
    ALLOCATABLE("enabledAllocatable", true),
    /** HyperNode scores (network-topology-aware: bin-packing of a job's requests into a HyperNode). */
    HYPER_NODE_ORDER("enabledHyperNodeOrder", true),
    /** HyperNode gradients (network-topology-aware: the candidate HyperNodes of a hard-mode job, tier by tier). */
    HYPER_NODE_GRADIENT("enabledHyperNodeGradient", true),
    /** Sub-group readiness (gang: a sub-group is ready at its subGroupSize). */
    SUB_JOB_READY("enabledSubJobReady", true),
    /** Sub-group pipelining (gang). */
    SUB_JOB_PIPELINED("enabledSubJobPipelined", true),
    /** Sub-group order within a job (gang: sub-groups not ready first). */
    SUB_JOB_ORDER("enabledSubJobOrder", true);

    private static final Map<String, PluginFlag> BY_KEY = new HashMap<>();

    static {
        for (PluginFlag f : values()) {
            BY_KEY.put(f.key, f);
        }
    }

    private final String key;
    private final boolean defaultValue;

    PluginFlag(String key, boolean defaultValue) {
        this.key = key;
        this.defaultValue = defaultValue;
    }

    /** The YAML key, e.g. {@code enableJobOrder}. */
    public String key() {
        return key;
    }

    public boolean defaultValue() {
        return defaultValue;
    }

    /** The flag spelled exactly {@code key} (Volcano's keys are case-sensitive), or null. */
    public static PluginFlag byKey(String key) {
        return BY_KEY.get(key);
    }
}
