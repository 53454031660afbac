package dev.caldera.kernel.plugin.deviceshare;

/**
 * A GPU placement policy: how good a node is for a task class (higher wins) and which of the node's devices
 * the task takes once the node is chosen. Scores of the FGD paper's policies are its integers 0 to 100, so
 * ties are common; the plugin breaks them with {@link GpuState#jitter} below one point.
 * <p>
 * Contract: {@link #score} is a pure, node-local read of {@link GpuState} (the class and the node's own
 * state only), called concurrently by filter workers, only for nodes the request fits; {@link #choose} is
 * called on the scheduling thread and returns a mask that fits. Neither allocates.
 */
interface GpuPolicy {
    double score(GpuState s, int cls, int node);

    long choose(GpuState s, int cls, int node);

    /**
     * True when {@link #score} reads of the class only its cpu, share and whole devices
     * ({@link GpuClasses#shapeHash}), so classes alike in those share their kept scores.
     */
    default boolean readsShapeOnly() {
        return true;
    }

    /**
     * True when {@link #score} reads of the node only its state as {@link GpuState#sharedStateHash} digests it
     * (its devices' free units and holders as a multiset, their order not at all; capacity, model, cpu idle; not its
     * memory) and its device count, never its name or row, and of the class only its shape ({@link #readsShapeOnly}),
     * so nodes alike share their scores ({@link StateScores}). Every policy here but random does: they read sums
     * over the devices, the best of the devices tried, or the tightest device's free units and whether it is idle
     * (the same for devices of equal free units: a device is idle exactly when all its units are free, since a
     * holder takes at least one unit, or the node's devices have none and fit no share).
     */
    default boolean readsNodeStateOnly() {
        return readsShapeOnly();
    }

    /** True when scores are whole points, so a tie-break below one point never reorders distinct scores. */
    default boolean integerScores() {
        return true;
    }
}
