package dev.caldera.kernel.conf;

/**
 * The per-plugin enable flags of volcano-scheduler.conf, with the YAML key Volcano uses (its spellings
 * are inconsistent and accepted as they are). An unset flag means enabled, except {@link #HIERARCHY}
 * and {@link #CLUSTER_ORDER}.
 */
public enum PluginFlag {
    JOB_ORDER("enableJobOrder", true),
    NAMESPACE_ORDER("enableNamespaceOrder", true),
    HIERARCHY("enableHierarchy", false),
    JOB_READY("enableJobReady", true),
    JOB_PIPELINED("enableJobPipelined", true),
    TASK_ORDER("enableTaskOrder", true),
    PREEMPTABLE("enablePreemptable", true),
    RECLAIMABLE("enableReclaimable", true),
    PREEMPTIVE("enablePreemptive", true),
    QUEUE_ORDER("enableQueueOrder", true),
    CLUSTER_ORDER("enableClusterOrder", false),
    PREDICATE("enablePredicate", true),
    BEST_NODE("enableBestNode", true),
    NODE_ORDER("enableNodeOrder", true),
    TARGET_JOB("enableTargetJob", true),
    RESERVED_NODES("enableReservedNodes", true),
    JOB_ENQUEUED("enableJobEnqueued", true),
    VICTIM("enabledVictim", true),
    JOB_STARVING("enableJobStarving", true),
    OVERUSED("enabledOverused", true),
    ALLOCATABLE("enabledAllocatable", true);

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
}
