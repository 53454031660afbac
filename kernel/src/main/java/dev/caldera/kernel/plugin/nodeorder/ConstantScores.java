package dev.caldera.kernel.plugin.nodeorder;

/**
 * The nodeorder scorers the kernel has no data for (container images, pod affinity terms, topology spread
 * constraints, the Services/ReplicaSets/StatefulSets selecting a pod, volumes), as the constant raw score
 * Volcano v1.7 (kube-scheduler 1.25 plugins) computes for a pod without such constraints on a cluster
 * without such objects. Each is then multiplied by its weight, so totals and ties equal Volcano's for such
 * pods; pods that do carry these constraints are scored as if they did not.
 */
final class ConstantScores {
    /**
     * ImageLocality: no image on any node sums to 0, below the 23 MB threshold, which scales to 0. (Volcano
     * fills node image states only from node status, which the kernel does not carry.)
     */
    static final long IMAGE_LOCALITY = 0;

    /** InterPodAffinity: with no affinity terms the topology score map is empty and normalize leaves all 0. */
    static final long POD_AFFINITY = 0;

    /**
     * PodTopologySpread (system defaulting): a pod with no constraints that no Service or controller selects
     * gets no default constraints, every raw score is 0, and normalize gives every node MaxNodeScore.
     */
    static final long POD_TOPOLOGY_SPREAD = 100;

    /**
     * SelectorSpread: with no selecting Service or controller every count is 0; normalize gives MaxNodeScore,
     * and blending the zone score (also MaxNodeScore) as 100 x 1/3 + 2/3 x 100 is exactly 100.0 in float64.
     */
    static final long SELECTOR_SPREAD = 100;

    /** VolumeBinding: a pod without volume claims scores 0 (its scorer runs only for claims). */
    static final long VOLUME_BINDING = 0;

    private ConstantScores() {
    }
}
