package dev.caldera.kernel.placement;

/**
 * Interns {@link InterPodSpec}s (pod affinity, anti-affinity and topology spread terms with their namespace)
 * to dense ids, reference counted. Id 0 is {@link InterPodSpec#NONE}; while {@link #liveOthers()} is 0 no pod
 * in the cache has any such term and the inter-pod machinery stays idle.
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 */
public final class InterPodProfiles extends SpecInterner<InterPodSpec> {
    public InterPodProfiles() {
        super(InterPodSpec.NONE);
    }
}
