package dev.caldera.k8s.simulate;

/**
 * A PodGroup's phase after a cycle; when it was not placed, why (Kubernetes wording), else null; and the HyperNode
 * its pods were allocated to, for a PodGroup with network topology or sub-groups (null otherwise, or before any
 * pod was placed).
 */
public record PodGroupStatus(String name, String phase, String reason, String hyperNode) {
    /** A PodGroup without a HyperNode. */
    public PodGroupStatus(String name, String phase, String reason) {
        this(name, phase, reason, null);
    }
}
