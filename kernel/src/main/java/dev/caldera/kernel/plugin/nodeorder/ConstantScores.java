package dev.caldera.kernel.plugin.nodeorder;

/**
 * The nodeorder scorers the kernel has no data for (container images, volumes), as the constant raw score Volcano computes for a pod on a cluster without such
 * objects. Each is then multiplied by its weight, so totals and ties equal Volcano's for such pods. (Pod
 * affinity and topology spread are scored for real: {@code interpod.AffinityScore}, {@code SpreadScore}.)
 */
final class ConstantScores {
    /**
     * ImageLocality: no image on any node sums to 0, below the 23 MB threshold, which scales to 0. (Volcano
     * fills node image states only from node status, which the kernel does not carry.)
     */
    static final long IMAGE_LOCALITY = 0;

    /** VolumeBinding: a pod without volume claims scores 0 (its scorer runs only for claims). */
    static final long VOLUME_BINDING = 0;

    private ConstantScores() {
    }
}
